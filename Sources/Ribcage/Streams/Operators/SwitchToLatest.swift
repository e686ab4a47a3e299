/// What a connected `switchToLatest` follows: the current inner stream's link, and whether the
/// outer and the inner stream have finished.
@MainActor
@usableFromInline
final class SwitchLink<Value> {
  @usableFromInline var inner: UpstreamLink<Value>?
  @usableFromInline var outerFinished = false
  /// With no inner stream yet, there is nothing to wait for.
  @usableFromInline var innerFinished = true
  /// Set while connecting or switching: a finish found meanwhile is decided afterwards, once
  /// the new inner stream's value has been sent.
  @usableFromInline var isHoldingFinish = false

  @usableFromInline
  init() {}

  @inlinable
  func reset() {
    cancel()
    outerFinished = false
    innerFinished = true
  }

  @inlinable
  func cancel() {
    inner?.subscription.cancel()
    inner = nil
  }

  /// Stops following the current inner stream and follows `next`; with `emitting`, sends what
  /// `next` replays (a state stream's current value) through `derived`.
  @inlinable
  func follow(
    _ next: StreamCore<Value>, for derived: StreamCore<Value>, in scope: ConnectScope?,
    emitting: Bool
  ) {
    inner?.subscription.cancel()
    innerFinished = false
    let wasHolding = isHoldingFinish
    isHoldingFinish = true
    // Following a new inner outside a connection (the outer changed): a finish the inner learns
    // while connecting (a full `prefix`) must wait for this replay, as it does at connect time.
    let ownScope = scope == nil ? ConnectScope() : nil
    let link = next.link(
      in: scope ?? ownScope, onValue: { derived.send($0) },
      onFinish: { [self] in
        innerFinished = true
        if !isHoldingFinish { finishIfDone(derived) }
      })
    inner = link
    if emitting { link.replay { derived.send($0) } }
    ownScope?.finishDeferred()
    isHoldingFinish = wasHolding
    if !isHoldingFinish { finishIfDone(derived) }
  }

  @inlinable
  func finishIfDone(_ derived: StreamCore<Value>) {
    if outerFinished, innerFinished { derived.finish() }
  }
}

/// The engine of `switchToLatest` and `flatMapLatest`: follows the inner stream `innerCore`
/// gives for the outer stream's latest value. A state stream when both are state streams.
@MainActor
@inlinable
func switchingCore<Outer, Value>(
  _ outer: StreamCore<Outer>, innerIsState: Bool,
  _ innerCore: @escaping @MainActor (Outer) -> StreamCore<Value>
) -> StreamCore<Value> {
  let link = SwitchLink<Value>()
  let connect: StreamDerivation<Value>.Connect = { derived, scope in
    link.reset()
    link.isHoldingFinish = true
    let outerLink = outer.link(
      in: scope,
      onValue: { link.follow(innerCore($0), for: derived, in: nil, emitting: true) },
      onFinish: {
        link.outerFinished = true
        if !link.isHoldingFinish { link.finishIfDone(derived) }
      })
    outerLink.replay { link.follow(innerCore($0), for: derived, in: scope, emitting: false) }
    if let current = derived.current, let inner = link.inner {
      inner.replay { current.value = $0 }
    }
    link.isHoldingFinish = false
    link.finishIfDone(derived)
    return {
      outerLink.subscription.cancel()
      link.cancel()
    }
  }
  let isUpstreamFinished: @MainActor () -> Bool = {
    guard outer.reportsFinished else { return false }
    var innerFinished = true
    outer.pull { innerFinished = innerCore($0).reportsFinished }
    return innerFinished
  }
  if outer.current != nil, innerIsState {
    return .derivedState(
      current: { innerCore(outer.stateValue).stateValue }, isUpstreamFinished: isUpstreamFinished,
      connect: connect)
  }
  return .derivedEvents(
    replay: { derived, body in
      if derived.isConnected {
        link.inner?.replay(body)
      } else {
        outer.pull { innerCore($0).pull(body) }
      }
    },
    isUpstreamFinished: isUpstreamFinished, connect: connect)
}

extension StateStream {
  /// Follows the state stream this stream holds now — Combine's `switchToLatest`, uber's
  /// `flatMapLatest { $0 }`.
  ///
  /// A RIB often gets a stream of streams: the selected trip's own state stream, the current
  /// session's cart. `switchToLatest` observes the latest one and drops the previous.
  ///
  /// ```swift
  /// // selected: trip100 ------------------ trip101 ------------>
  /// // trip100:  {pending} -- {matched} ----------- {onTrip} ---->
  /// // trip101:  {pending} ------------------------------- {matched} -->
  /// // result:   {pending} -- {matched} -- {pending} ---------- {matched} -->
  /// let selectedTrip: StateStream<Trip> = selection.switchToLatest()
  /// ```
  ///
  /// A state stream: its value is the current inner stream's value. It switches when this
  /// stream delivers (even the same inner stream again, which delivers its value again).
  /// Lazy like every derived stream, and it holds a subscription to the inner stream only
  /// while observed. Finishes when this stream and the inner stream it follows have both
  /// finished.
  @inlinable
  public func switchToLatest<Element>() -> StateStream<Element>
  where Value == StateStream<Element> {
    StateStream<Element>(core: switchingCore(core, innerIsState: true) { $0.core })
  }

  /// Follows the event stream this stream holds now: the events of the latest one.
  ///
  /// ```swift
  /// // session:  s1 ---------------- s2 ------------>
  /// // s1.pings: ---p1----p2---------------p3------->
  /// // s2.pings: ------------------------------q1---->
  /// // result:   ---p1----p2-------------------q1---->
  /// let pings = sessions.current.switchToLatest()   // StateStream<EventStream<Ping>>
  /// ```
  ///
  /// Replays what the current inner stream replays. Finishes when this stream and the inner
  /// stream it follows have both finished.
  @inlinable
  public func switchToLatest<Element>() -> EventStream<Element>
  where Value == EventStream<Element> {
    EventStream<Element>(core: switchingCore(core, innerIsState: false) { $0.core })
  }

  /// `map(transform).switchToLatest()` in one step — uber's `flatMapLatest`.
  ///
  /// ```swift
  /// // selectedID: 100 ---------------------- 101 ------------->
  /// // result:     trip100's states ...    trip101's states ...
  /// let selectedTrip = selectedID.flatMapLatest { trips.state(of: $0) }
  /// ```
  ///
  /// `transform` runs for each value this stream delivers while observed, and when the
  /// unobserved stream's ``value`` is asked for; it should return an existing stream (a
  /// service's), not do work.
  @inlinable
  public func flatMapLatest<Element>(
    _ transform: @escaping @MainActor (Value) -> StateStream<Element>
  ) -> StateStream<Element> {
    StateStream<Element>(core: switchingCore(core, innerIsState: true) { transform($0).core })
  }

  /// `map(transform).switchToLatest()` in one step, for inner event streams.
  ///
  /// ```swift
  /// let arrivals = selectedID.flatMapLatest { trips.arrivals(of: $0) }
  /// ```
  @inlinable
  public func flatMapLatest<Element>(
    _ transform: @escaping @MainActor (Value) -> EventStream<Element>
  ) -> EventStream<Element> {
    EventStream<Element>(core: switchingCore(core, innerIsState: false) { transform($0).core })
  }
}

extension EventStream {
  /// Follows the state stream most recently delivered by this stream.
  ///
  /// ```swift
  /// // requested: ------trip100---------------trip101---------->
  /// // result:    ------{pending}--{matched}--{pending}-------->
  /// let currentTrip: EventStream<Trip> = requestedTrips.switchToLatest()
  /// ```
  ///
  /// An event stream: nothing until the first inner stream arrives; then that stream's value,
  /// and every change of the latest one. Finishes when this stream and the inner stream it
  /// follows have both finished.
  @inlinable
  public func switchToLatest<Element>() -> EventStream<Element>
  where Value == StateStream<Element> {
    EventStream<Element>(core: switchingCore(core, innerIsState: true) { $0.core })
  }

  /// Follows the event stream most recently delivered by this stream.
  ///
  /// ```swift
  /// let messages = openedChats.switchToLatest()   // EventStream<EventStream<Message>>
  /// ```
  @inlinable
  public func switchToLatest<Element>() -> EventStream<Element>
  where Value == EventStream<Element> {
    EventStream<Element>(core: switchingCore(core, innerIsState: false) { $0.core })
  }

  /// `map(transform).switchToLatest()` in one step — Rx's `flatMapLatest`.
  ///
  /// ```swift
  /// let currentTrip = requests.flatMapLatest { trips.state(of: $0.id) }
  /// ```
  @inlinable
  public func flatMapLatest<Element>(
    _ transform: @escaping @MainActor (Value) -> StateStream<Element>
  ) -> EventStream<Element> {
    EventStream<Element>(core: switchingCore(core, innerIsState: true) { transform($0).core })
  }

  /// `map(transform).switchToLatest()` in one step, for inner event streams.
  ///
  /// ```swift
  /// let messages = chatOpenings.flatMapLatest { chats.messages(in: $0) }
  /// ```
  @inlinable
  public func flatMapLatest<Element>(
    _ transform: @escaping @MainActor (Value) -> EventStream<Element>
  ) -> EventStream<Element> {
    EventStream<Element>(core: switchingCore(core, innerIsState: false) { transform($0).core })
  }
}
