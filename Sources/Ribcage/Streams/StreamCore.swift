/// The shared engine behind ``StateStream``, ``MutableStateStream``, ``EventStream`` and
/// ``EventRelay``: an ordered list of subscribers and synchronous delivery on the main actor.
///
/// State is only touched on the main actor, and each access to the subscriber list copies out what
/// it needs before calling a subscriber, so dynamic exclusivity checks are skipped.
///
/// Delivery rules (tested in `StreamTests`):
/// - subscribers receive values in subscription order;
/// - a value sent from inside a delivery is queued and delivered after the current value has
///   reached every subscriber (so every subscriber sees values in the order they were sent);
/// - cancelling any subscription during a delivery is safe, and a cancelled subscriber receives
///   nothing more, not even the rest of the current delivery;
/// - a subscriber added during a delivery receives only values sent after it subscribed (and, for a
///   state stream, the latest value at once).
@MainActor
final class StreamCore<Value>: SubscriptionSource {
  struct Subscriber {
    let id: UInt64
    var onValue: ((Value) -> Void)?
    var onFinish: (() -> Void)?
    /// Queued values at positions below this were sent before the subscriber joined.
    var joinedAtPendingIndex: Int
  }

  /// The latest value, for streams that replay it; `nil` for event streams.
  @exclusivity(unchecked) private(set) var latest: Value?
  let replaysLatest: Bool
  @exclusivity(unchecked) private(set) var isFinished = false

  @exclusivity(unchecked) private var subscribers: ContiguousArray<Subscriber> = []
  @exclusivity(unchecked) private var nextID: UInt64 = 0
  @exclusivity(unchecked) private var isDelivering = false
  @exclusivity(unchecked) private var pending: ContiguousArray<Value> = []
  @exclusivity(unchecked) private var needsCompaction = false
  @exclusivity(unchecked) private var hasLateJoiners = false
  @exclusivity(unchecked) private var finishRequested = false

  init(replaying initial: Value) {
    latest = initial
    replaysLatest = true
  }

  init() {
    latest = nil
    replaysLatest = false
  }

  var hasSubscribers: Bool { !subscribers.isEmpty }

  var subscriberCount: Int {
    var count = 0
    for subscriber in subscribers where subscriber.onValue != nil { count += 1 }
    return count
  }

  func send(_ value: Value) {
    guard !isFinished, !finishRequested else { return }
    if replaysLatest { latest = value }
    if isDelivering {
      pending.append(value)
      return
    }
    isDelivering = true
    deliver(value)
    if !pending.isEmpty { drainPending() }
    isDelivering = false
    if needsCompaction || hasLateJoiners { tidyUp() }
    if finishRequested { finish() }
  }

  /// The hot path: one value to every current subscriber.
  @inline(__always)
  private func deliver(_ value: Value) {
    let count = subscribers.count
    var index = 0
    while index < count {
      if let onValue = subscribers[index].onValue { onValue(value) }
      index += 1
    }
  }

  private func drainPending() {
    var position = 0
    while position < pending.count {
      let value = pending[position]
      var index = 0
      while index < subscribers.count {
        let subscriber = subscribers[index]
        if let onValue = subscriber.onValue, subscriber.joinedAtPendingIndex <= position {
          onValue(value)
        }
        index += 1
      }
      position += 1
    }
    pending.removeAll(keepingCapacity: true)
  }

  private func tidyUp() {
    if needsCompaction {
      var kept = ContiguousArray<Subscriber>()
      kept.reserveCapacity(subscribers.count)
      for subscriber in subscribers where subscriber.onValue != nil { kept.append(subscriber) }
      subscribers = kept
      needsCompaction = false
    }
    if hasLateJoiners {
      for index in subscribers.indices { subscribers[index].joinedAtPendingIndex = 0 }
      hasLateJoiners = false
    }
  }

  func subscribe(
    onValue: @escaping (Value) -> Void,
    onFinish: (() -> Void)?
  ) -> StreamSubscription {
    if isFinished {
      if replaysLatest, let latest { onValue(latest) }
      onFinish?()
      return StreamSubscription(source: nil, id: 0)
    }
    let id = nextID
    nextID += 1
    var joinedAt = 0
    if isDelivering {
      // Values already queued were sent before this subscriber existed; the first value being
      // delivered is skipped because `deliver` only visits the subscribers it started with.
      joinedAt = pending.count
      hasLateJoiners = true
    }
    subscribers.append(
      Subscriber(id: id, onValue: onValue, onFinish: onFinish, joinedAtPendingIndex: joinedAt))
    let subscription = StreamSubscription(source: self, id: id)
    if replaysLatest, let latest { onValue(latest) }
    return subscription
  }

  func removeSubscriber(id: UInt64) {
    guard let index = index(ofSubscriber: id) else { return }
    if isDelivering {
      subscribers[index].onValue = nil
      subscribers[index].onFinish = nil
      needsCompaction = true
    } else {
      subscribers.remove(at: index)
    }
  }

  func isSubscribed(id: UInt64) -> Bool {
    guard let index = index(ofSubscriber: id) else { return false }
    return subscribers[index].onValue != nil
  }

  /// A plain loop: closures written in main-actor code are executor-checked on every call.
  private func index(ofSubscriber id: UInt64) -> Int? {
    var index = 0
    while index < subscribers.count {
      if subscribers[index].id == id { return index }
      index += 1
    }
    return nil
  }

  /// Ends the stream: every subscriber's `onFinish` runs once and no value is delivered after.
  /// Called during a delivery, it takes effect once the queued values have been delivered.
  func finish() {
    guard !isFinished else { return }
    if isDelivering {
      finishRequested = true
      return
    }
    isFinished = true
    finishRequested = false
    let finished = subscribers
    subscribers.removeAll()
    pending.removeAll()
    for subscriber in finished {
      subscriber.onFinish?()
    }
  }
}

/// Something a ``StreamSubscription`` can cancel itself from.
@MainActor
protocol SubscriptionSource: AnyObject {
  func removeSubscriber(id: UInt64)
  func isSubscribed(id: UInt64) -> Bool
}
