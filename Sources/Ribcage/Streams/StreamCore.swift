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
///
/// A derived stream (`map`, `filter`, `combineLatest`, ...) is a core with a ``derivation``: it
/// connects upstream when it gets its first subscriber and disconnects when its last one leaves
/// (see <doc:Streams>). Those hooks live on the subscribe and remove paths; the send path is the
/// same for every core.
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

  /// How a derived stream connects upstream and what it replays; `nil` for a source stream.
  @usableFromInline let derivation: StreamDerivation<Value>?
  /// Undoes a derived stream's upstream subscriptions; set while it is connected.
  @exclusivity(unchecked) @usableFromInline var connection: (@MainActor () -> Void)?
  /// Set while a derived stream subscribes upstream: a finish then waits until the subscriber
  /// that caused the connection has been replayed its values.
  @exclusivity(unchecked) var isConnecting = false
  /// Subscribers that have not been cancelled.
  @exclusivity(unchecked) var liveSubscribers = 0

  @usableFromInline
  init(replaying initial: Value) {
    current = ValueBox(initial)
    replaysLatest = true
    derivation = nil
  }

  @usableFromInline
  init() {
    current = nil
    replaysLatest = false
    derivation = nil
  }

  /// A derived state stream whose value, until it connects, is `initial`.
  @usableFromInline
  init(replaying initial: Value, derivation: StreamDerivation<Value>) {
    current = ValueBox(initial)
    replaysLatest = true
    self.derivation = derivation
  }

  /// A derived event stream.
  @usableFromInline
  init(derivation: StreamDerivation<Value>) {
    current = nil
    replaysLatest = false
    self.derivation = derivation
  }

  /// `subscribers.count`, kept as a plain integer so that asking needs no generic array access.
  @exclusivity(unchecked) @usableFromInline var subscriberSlots = 0

  @inlinable
  var hasSubscribers: Bool { subscriberSlots != 0 }

  var subscriberCount: Int { liveSubscribers }

  /// Whether a derived stream holds its upstream subscriptions now.
  @inlinable
  var isConnected: Bool { connection != nil }

  /// A state stream's current value. A derived state stream that is not connected has no
  /// up-to-date value of its own: it computes the one it would start from if it connected now.
  @inlinable
  var stateValue: Value {
    if let derivation, connection == nil, !isFinished, let compute = derivation.current {
      return compute()
    }
    return current!.value
  }

  /// Whether the stream has finished or, for a derived stream that is not connected, would
  /// finish as soon as it connected (its upstreams have finished).
  @usableFromInline
  var reportsFinished: Bool {
    if isFinished { return true }
    guard let derivation, connection == nil else { return false }
    return derivation.isUpstreamFinished()
  }

  /// Whether a new subscriber can be replayed anything: state streams, and derived event streams
  /// computed from one.
  @inlinable
  var replaysAnything: Bool { current != nil || derivation?.replay != nil }

  /// Calls `body` with what a new subscriber would be replayed now, if anything: a state
  /// stream's current value, a derived event stream's replay (zero or more values).
  @inlinable
  func pull(_ body: @MainActor (Value) -> Void) {
    if current != nil {
      body(stateValue)
    } else if let replay = derivation?.replay {
      replay(self, body)
    }
  }

  /// Subscribes a derived stream that is connecting (no replay: it pulls what it needs).
  @inlinable
  func attach(
    in scope: ConnectScope?,
    onValue: @escaping @MainActor (Value) -> Void,
    onFinish: @escaping @MainActor () -> Void
  ) -> StreamSubscription {
    subscribe(onValue: onValue, onFinish: onFinish, replaying: false, connectingIn: scope)
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

  /// Adds a subscriber.
  ///
  /// - Parameters:
  ///   - replaying: whether the subscriber gets the current value (or a derived event stream's
  ///     replay) at once.
  ///   - bind: called with the subscription after it is made and before the replay, so that an
  ///     interactor can bind it first (a handler that detaches its own RIB then ends it).
  ///   - scope: set when a derived stream subscribes while connecting; a finish requested while
  ///     connecting waits for the outermost subscriber's replay.
  @usableFromInline
  func subscribe(
    onValue: @escaping @MainActor (Value) -> Void,
    onFinish: (@MainActor () -> Void)?,
    replaying: Bool = true,
    bindingFirst bind: (@MainActor (StreamSubscription) -> Void)? = nil,
    connectingIn scope: ConnectScope? = nil
  ) -> StreamSubscription {
    if isFinished {
      let subscription = StreamSubscription(source: nil, id: 0)
      bind?(subscription)
      if replaying { replayFinished(to: onValue) }
      onFinish?()
      return subscription
    }
    var ownScope: ConnectScope?
    if derivation != nil, connection == nil, !isConnecting {
      let connectScope = scope ?? ConnectScope()
      if scope == nil { ownScope = connectScope }
      connect(in: connectScope)
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
    liveSubscribers += 1
    let subscription = StreamSubscription(source: self, id: id)
    if let bind {
      bind(subscription)
      if replaying, isSubscribed(id: id) { replayCurrent(to: onValue) }
    } else if replaying {
      replayCurrent(to: onValue)
    }
    if finishRequested, !isDelivering, !isConnecting {
      // Connecting found the upstream finished (or a `prefix` full): finish once the
      // subscriber has had its replay — after the outermost one's, when connecting for another.
      if let scope {
        scope.finishLater { [self] in finish() }
      } else {
        finish()
      }
    }
    ownScope?.finishDeferred()
    return subscription
  }

  /// Connects a derived stream to its upstreams.
  private func connect(in scope: ConnectScope) {
    guard let derivation else { return }
    isConnecting = true
    let undo = derivation.connect(self, scope)
    isConnecting = false
    connection = undo
  }

  /// Releases a derived stream's upstream subscriptions (its last subscriber left, or it
  /// finished).
  private func disconnect() {
    guard let connection else { return }
    self.connection = nil
    connection()
  }

  /// What a subscriber to a finished stream gets: a state stream's last value; a derived event
  /// stream's replay, computed from its finished upstreams.
  private func replayFinished(to onValue: @MainActor (Value) -> Void) {
    if let current {
      onValue(current.value)
    } else if let replay = derivation?.replay {
      replay(self, onValue)
    }
  }

  /// Replays the current value, or a derived event stream's replay, to a new subscriber.
  private func replayCurrent(to onValue: @MainActor (Value) -> Void) {
    if let current {
      replay(current.value, to: onValue)
    } else if derivation?.replay != nil {
      replayPulled(to: onValue)
    }
  }

  /// Like ``replay(_:to:)``, for the values a derived event stream's replay computes.
  private func replayPulled(to onValue: @MainActor (Value) -> Void) {
    guard let replay = derivation?.replay else { return }
    if isDelivering || isFinished {
      replay(self, onValue)
      return
    }
    isDelivering = true
    replay(self, onValue)
    if !pending.isEmpty { drainPending() }
    isDelivering = false
    if needsCompaction || hasLateJoiners { tidyUp() }
    if finishRequested { finish() }
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
    if cancelledWhileFinishing != nil {
      // `finish` is calling the finish handlers: this one must not get its own any more.
      cancelledWhileFinishing?.append(id)
      return
    }
    guard let index = index(ofSubscriber: id), subscribers[index].onValue != nil else { return }
    if isDelivering {
      subscribers[index].onValue = nil
      subscribers[index].onFinish = nil
      needsCompaction = true
    } else {
      subscribers.remove(at: index)
      subscriberSlots = subscribers.count
    }
    liveSubscribers -= 1
    // A derived stream nobody observes holds nothing upstream.
    if liveSubscribers == 0 { disconnect() }
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
  /// Called during a delivery, it takes effect once the queued values have been delivered;
  /// called while a derived stream connects, once its new subscriber has had its replay.
  @usableFromInline
  func finish() {
    guard !isFinished else { return }
    if isDelivering || isConnecting {
      finishRequested = true
      return
    }
    isFinished = true
    finishRequested = false
    let finished = subscribers
    subscribers.removeAll()
    subscriberSlots = 0
    liveSubscribers = 0
    pending.removeAll()
    disconnect()
    // A finish handler may cancel another subscriber (switching a `switchToLatest` to a new
    // inner stream, say): that one gets nothing more, not even its finish.
    cancelledWhileFinishing = []
    for subscriber in finished where !cancelledWhileFinishing!.contains(subscriber.id) {
      subscriber.onFinish?()
    }
    cancelledWhileFinishing = nil
  }

  /// The subscribers cancelled while ``finish()`` runs their finish handlers; `nil` otherwise.
  @exclusivity(unchecked) private var cancelledWhileFinishing: [UInt64]?
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
