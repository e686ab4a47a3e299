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
///
/// The send path is `@inlinable` so that it is specialised for each value type in the module that
/// sends: unspecialised, every send paid for runtime generic-metadata lookups.
@MainActor
@usableFromInline
final class StreamCore<Value>: SubscriptionSource {
  @usableFromInline
  struct Subscriber {
    @usableFromInline let id: UInt64
    @usableFromInline var onValue: (@MainActor (Value) -> Void)?
    @usableFromInline var onFinish: (@MainActor () -> Void)?
    /// Queued values at positions below this were sent before the subscriber joined.
    @usableFromInline var joinedAtPendingIndex: Int

    @usableFromInline
    init(
      id: UInt64, onValue: (@MainActor (Value) -> Void)?, onFinish: (@MainActor () -> Void)?,
      joinedAtPendingIndex: Int
    ) {
      self.id = id
      self.onValue = onValue
      self.onFinish = onFinish
      self.joinedAtPendingIndex = joinedAtPendingIndex
    }
  }

  /// The latest value, for streams that replay it; `nil` for event streams. A box rather than
  /// an `Optional<Value>`, whose every use in unspecialised generic code (a render loop reading
  /// the state) would look up its metadata at run time.
  @usableFromInline let current: ValueBox<Value>?

  /// The latest value, for streams that replay it.
  @inlinable
  var latest: Value? { current?.value }
  @usableFromInline let replaysLatest: Bool
  @exclusivity(unchecked) @usableFromInline var isFinished = false

  @exclusivity(unchecked) @usableFromInline var subscribers: ContiguousArray<Subscriber> = []
  @exclusivity(unchecked) private var nextID: UInt64 = 0
  @exclusivity(unchecked) @usableFromInline var isDelivering = false
  @exclusivity(unchecked) @usableFromInline var pending: ContiguousArray<Value> = []
  @exclusivity(unchecked) @usableFromInline var needsCompaction = false
  @exclusivity(unchecked) @usableFromInline var hasLateJoiners = false
  @exclusivity(unchecked) @usableFromInline var finishRequested = false

  @usableFromInline
  init(replaying initial: Value) {
    current = ValueBox(initial)
    replaysLatest = true
  }

  @usableFromInline
  init() {
    current = nil
    replaysLatest = false
  }

  /// `subscribers.count`, kept as a plain integer so that asking needs no generic array access.
  @exclusivity(unchecked) @usableFromInline var subscriberSlots = 0

  @inlinable
  var hasSubscribers: Bool { subscriberSlots != 0 }

  var subscriberCount: Int {
    var count = 0
    for subscriber in subscribers where subscriber.onValue != nil { count += 1 }
    return count
  }

  @inlinable
  func send(_ value: Value) {
    guard !isFinished, !finishRequested else { return }
    if let current { current.value = value }
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
  @inlinable
  func deliver(_ value: Value) {
    let count = subscribers.count
    var index = 0
    while index < count {
      if let onValue = subscribers[index].onValue { onValue(value) }
      index += 1
    }
  }

  @usableFromInline
  func drainPending() {
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

  @usableFromInline
  func tidyUp() {
    if needsCompaction {
      var kept = ContiguousArray<Subscriber>()
      kept.reserveCapacity(subscribers.count)
      for subscriber in subscribers where subscriber.onValue != nil { kept.append(subscriber) }
      subscribers = kept
      subscriberSlots = subscribers.count
      needsCompaction = false
    }
    if hasLateJoiners {
      for index in subscribers.indices { subscribers[index].joinedAtPendingIndex = 0 }
      hasLateJoiners = false
    }
  }

  @usableFromInline
  func subscribe(
    onValue: @escaping @MainActor (Value) -> Void,
    onFinish: (@MainActor () -> Void)?,
    replaying: Bool = true
  ) -> StreamSubscription {
    if isFinished {
      if replaying, let current { onValue(current.value) }
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
    subscriberSlots = subscribers.count
    let subscription = StreamSubscription(source: self, id: id)
    if replaying, let current { replay(current.value, to: onValue) }
    return subscription
  }

  /// Replays the latest value to `onValue`, a subscriber made with `replaying: false`, unless
  /// `subscription` was cancelled meanwhile. A finished stream replays its last value anyway, as
  /// `subscribe` does.
  func replayLatest(to onValue: @MainActor (Value) -> Void, of subscription: StreamSubscription) {
    guard let current else { return }
    if isFinished || subscription.isActive { replay(current.value, to: onValue) }
  }

  /// Delivers the replayed `value` to one new subscriber as a delivery like any other: values
  /// sent from inside it are queued and reach every subscriber after it, so nobody sees a newer
  /// value before an older one.
  private func replay(_ value: Value, to onValue: @MainActor (Value) -> Void) {
    if isDelivering || isFinished {
      // Inside another delivery, sends are queued already; a finished stream sends nothing.
      onValue(value)
      return
    }
    isDelivering = true
    onValue(value)
    if !pending.isEmpty { drainPending() }
    isDelivering = false
    if needsCompaction || hasLateJoiners { tidyUp() }
    if finishRequested { finish() }
  }

  func removeSubscriber(id: UInt64) {
    guard let index = index(ofSubscriber: id) else { return }
    if isDelivering {
      subscribers[index].onValue = nil
      subscribers[index].onFinish = nil
      needsCompaction = true
    } else {
      subscribers.remove(at: index)
      subscriberSlots = subscribers.count
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
  @usableFromInline
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
    subscriberSlots = 0
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

/// A mutable value in a class: lets generic code hold "maybe a value" as an optional class
/// reference, which needs no runtime metadata lookup, instead of an `Optional` of a generic type.
@MainActor
@usableFromInline
final class ValueBox<Value> {
  @exclusivity(unchecked) @usableFromInline var value: Value

  @usableFromInline
  init(_ value: Value) {
    self.value = value
  }
}

extension ValueBox {
  /// Whether the box holds a value equal to `other`, compared in place (no copy of either).
  @inlinable
  func holds<Wrapped: Equatable>(_ other: borrowing Wrapped) -> Bool where Value == Wrapped? {
    switch value {
    case .some(let current): current == other
    case .none: false
    }
  }
}
