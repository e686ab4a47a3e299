/// What makes a ``StreamCore`` a derived stream: how it connects to its upstreams, what it is
/// worth while it is not connected, and what a new subscriber is replayed.
///
/// Every operator builds one in an `@inlinable` function, so that the closures — the per-value
/// work included — are specialised in the module that uses the operator. The closures take the
/// derived core as a parameter instead of capturing it: the derived core owns its derivation,
/// and only upstream subscriptions (which exist only while connected) point back at it.
@MainActor
@usableFromInline
final class StreamDerivation<Value> {
  /// Subscribes upstream for the derived core, sets up the operator's per-connection state
  /// (a state stream's current value included) and returns what undoes it.
  @usableFromInline
  typealias Connect = @MainActor (StreamCore<Value>, ConnectScope) -> @MainActor () -> Void

  /// Calls its second argument with each value a new subscriber of the derived event stream is
  /// replayed (usually none or one).
  @usableFromInline
  typealias Replay = @MainActor (StreamCore<Value>, @MainActor (Value) -> Void) -> Void

  /// For a stateless operator (`map`, `filter`, `compactMap`): links a downstream operator to
  /// this stream's upstream with the operator applied on the way, so the values skip this
  /// stream's own core (see ``StreamCore/link(in:onValue:onFinish:)``).
  @usableFromInline
  typealias Fuse =
    @MainActor (
      ConnectScope?, @escaping @MainActor (Value) -> Void, @escaping @MainActor () -> Void
    ) -> UpstreamLink<Value>

  @usableFromInline let connect: Connect
  /// State streams: the value while not connected (the one connecting would start from).
  @usableFromInline let current: (@MainActor () -> Value)?
  /// Event streams computed from a state stream: the replay. `nil`: nothing is replayed.
  @usableFromInline let replay: Replay?
  /// Whether the upstreams have finished, for a derived stream that is not connected.
  @usableFromInline let isUpstreamFinished: @MainActor () -> Bool
  /// Stateless operators only.
  @usableFromInline let fuse: Fuse?

  @usableFromInline
  init(
    current: (@MainActor () -> Value)?,
    replay: Replay?,
    isUpstreamFinished: @escaping @MainActor () -> Bool,
    fuse: Fuse?,
    connect: @escaping Connect
  ) {
    self.current = current
    self.replay = replay
    self.isUpstreamFinished = isUpstreamFinished
    self.fuse = fuse
    self.connect = connect
  }
}

/// Given where a stateless operator's results go, the closure that takes each upstream value.
@usableFromInline
typealias StatelessForward<Upstream, Value> =
  @MainActor (@escaping @MainActor (Value) -> Void) -> @MainActor (Upstream) -> Void

/// A downstream operator's subscription to an upstream stream, with what the upstream would
/// replay computed from the values this link has received.
///
/// Replays of a connected derived stream use ``replay`` rather than the upstream's own
/// current value: that may be newer (sent from inside a delivery and still queued), and
/// replaying it would show a new subscriber a value before older ones still on their way.
@MainActor
@usableFromInline
struct UpstreamLink<Value> {
  @usableFromInline let subscription: StreamSubscription
  /// Calls its argument with what the upstream replays (a state stream: its value), as of the
  /// last value this link received.
  @usableFromInline let replay: @MainActor (@MainActor (Value) -> Void) -> Void

  @usableFromInline
  init(
    subscription: StreamSubscription,
    replay: @escaping @MainActor (@MainActor (Value) -> Void) -> Void
  ) {
    self.subscription = subscription
    self.replay = replay
  }
}

extension StreamCore {
  /// A derived state stream.
  @inlinable
  static func derivedState(
    current: @escaping @MainActor () -> Value,
    isUpstreamFinished: @escaping @MainActor () -> Bool,
    fuse: StreamDerivation<Value>.Fuse? = nil,
    connect: @escaping StreamDerivation<Value>.Connect
  ) -> StreamCore<Value> {
    StreamCore(
      replaying: current(),
      derivation: StreamDerivation(
        current: current, replay: nil, isUpstreamFinished: isUpstreamFinished, fuse: fuse,
        connect: connect))
  }

  /// A derived event stream.
  @inlinable
  static func derivedEvents(
    replay: StreamDerivation<Value>.Replay?,
    isUpstreamFinished: @escaping @MainActor () -> Bool,
    fuse: StreamDerivation<Value>.Fuse? = nil,
    connect: @escaping StreamDerivation<Value>.Connect
  ) -> StreamCore<Value> {
    StreamCore(
      derivation: StreamDerivation(
        current: nil, replay: replay, isUpstreamFinished: isUpstreamFinished, fuse: fuse,
        connect: connect))
  }

  /// An event stream that has already finished (`prefix(0)`, `merge([])`).
  @usableFromInline
  static func finishedEvents() -> StreamCore<Value> {
    let core = StreamCore<Value>()
    core.finish()
    return core
  }

  /// Subscribes a connecting derived stream to this one.
  ///
  /// A stateless derived stream is not subscribed to itself: the link goes to its upstream with
  /// its operator applied, so a `map` → `filter` → `removeDuplicates` chain costs one
  /// subscription and one delivery, to `removeDuplicates`'s core.
  @inlinable
  func link(
    in scope: ConnectScope?,
    onValue: @escaping @MainActor (Value) -> Void,
    onFinish: @escaping @MainActor () -> Void
  ) -> UpstreamLink<Value> {
    if let fuse = derivation?.fuse { return fuse(scope, onValue, onFinish) }
    if current != nil {
      let received = ValueBox<Value?>(nil)
      let subscription = attach(
        in: scope,
        onValue: { value in
          received.value = value
          onValue(value)
        }, onFinish: onFinish)
      received.value = stateValue
      return UpstreamLink(
        subscription: subscription,
        replay: { [self] body in
          if case .some(let value) = received.value {
            body(value)
          } else {
            body(stateValue)
          }
        })
    }
    let subscription = attach(in: scope, onValue: onValue, onFinish: onFinish)
    return UpstreamLink(subscription: subscription, replay: { [self] body in pull(body) })
  }

  /// A stateless operator over `upstream` (`map`, `filter`, `compactMap`): each upstream value
  /// gives zero or one value. A state stream when `current` is given.
  ///
  /// - Parameters:
  ///   - forward: makes the per-value closure from the closure that takes the results; called
  ///     once per connection, so the closure it returns is the whole per-value cost.
  ///   - apply: the same operator, for replays.
  @inlinable
  static func stateless<Upstream>(
    over upstream: StreamCore<Upstream>,
    current: (@MainActor () -> Value)?,
    forward: @escaping StatelessForward<Upstream, Value>,
    apply: @escaping @MainActor (Upstream, @MainActor (Value) -> Void) -> Void
  ) -> StreamCore<Value> {
    let fuse: StreamDerivation<Value>.Fuse = { scope, onValue, onFinish in
      let link = upstream.link(in: scope, onValue: forward(onValue), onFinish: onFinish)
      return UpstreamLink(
        subscription: link.subscription,
        replay: { body in link.replay { apply($0, body) } })
    }
    let linked = ValueBox<UpstreamLink<Value>?>(nil)
    let connect: StreamDerivation<Value>.Connect = { derived, scope in
      let link = fuse(scope, { derived.send($0) }, { derived.finish() })
      if let current = derived.current { link.replay { current.value = $0 } }
      linked.value = link
      return {
        link.subscription.cancel()
        linked.value = nil
      }
    }
    let isUpstreamFinished: @MainActor () -> Bool = { upstream.reportsFinished }
    if let current {
      return .derivedState(
        current: current, isUpstreamFinished: isUpstreamFinished, fuse: fuse, connect: connect)
    }
    var replay: StreamDerivation<Value>.Replay?
    if upstream.replaysAnything {
      replay = { _, body in
        if let link = linked.value {
          link.replay(body)
        } else {
          upstream.pull { apply($0, body) }
        }
      }
    }
    return .derivedEvents(
      replay: replay, isUpstreamFinished: isUpstreamFinished, fuse: fuse, connect: connect)
  }

  /// Whether the stream has finished (or would, on connecting) with nothing to replay: a
  /// `combineLatest` that needs a value from it can never produce one.
  @inlinable
  var hasFinishedEmpty: Bool {
    guard reportsFinished else { return false }
    var hasValue = false
    pull { _ in hasValue = true }
    return !hasValue
  }
}

extension ValueBox {
  /// Calls `body` with what the link in this box replays when connected, else with what
  /// `upstream` would replay now.
  @inlinable
  func replay<Upstream>(
    orPull upstream: StreamCore<Upstream>, _ body: @MainActor (Upstream) -> Void
  ) where Value == UpstreamLink<Upstream>? {
    if case .some(let link) = value {
      link.replay(body)
    } else {
      upstream.pull(body)
    }
  }
}
