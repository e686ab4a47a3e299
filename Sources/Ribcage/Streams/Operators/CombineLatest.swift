/// The engine of every `combineLatest`: the latest value of each input, combined whenever one
/// of them delivers, once both have a value. A state stream when both inputs are.
@MainActor
@inlinable
func combineLatestCore<A, B>(_ a: StreamCore<A>, _ b: StreamCore<B>) -> StreamCore<(A, B)> {
  // The latest value of each input while connected; `nil` before it has one.
  let first = ValueBox<A?>(nil)
  let second = ValueBox<B?>(nil)
  // Which inputs have finished: bit 1 for `a`, bit 2 for `b`; decided after connecting.
  let finished = ValueBox(0)
  let isConnecting = ValueBox(false)
  let links = ValueBox<(UpstreamLink<A>, UpstreamLink<B>)?>(nil)
  let finishIfDone: @MainActor (StreamCore<(A, B)>) -> Void = { derived in
    let done = finished.value
    // Both finished, or one finished without ever having a value: nothing more can come.
    if done == 3 || (done & 1 != 0 && first.value == nil) || (done & 2 != 0 && second.value == nil)
    {
      derived.finish()
    }
  }
  let connect: StreamDerivation<(A, B)>.Connect = { derived, scope in
    finished.value = 0
    isConnecting.value = true
    let firstLink = a.link(
      in: scope,
      onValue: { value in
        first.value = value
        if case .some(let other) = second.value { derived.send((value, other)) }
      },
      onFinish: {
        finished.value |= 1
        if !isConnecting.value { finishIfDone(derived) }
      })
    let secondLink = b.link(
      in: scope,
      onValue: { value in
        second.value = value
        if case .some(let other) = first.value { derived.send((other, value)) }
      },
      onFinish: {
        finished.value |= 2
        if !isConnecting.value { finishIfDone(derived) }
      })
    firstLink.replay { first.value = $0 }
    secondLink.replay { second.value = $0 }
    links.value = (firstLink, secondLink)
    if let current = derived.current, case .some(let x) = first.value,
      case .some(let y) = second.value
    {
      current.value = (x, y)
    }
    isConnecting.value = false
    finishIfDone(derived)
    return {
      firstLink.subscription.cancel()
      secondLink.subscription.cancel()
      links.value = nil
      first.value = nil
      second.value = nil
    }
  }
  let isUpstreamFinished: @MainActor () -> Bool = {
    (a.reportsFinished && b.reportsFinished) || a.hasFinishedEmpty || b.hasFinishedEmpty
  }
  if a.current != nil, b.current != nil {
    return .derivedState(
      current: { (a.stateValue, b.stateValue) }, isUpstreamFinished: isUpstreamFinished,
      connect: connect)
  }
  var replay: StreamDerivation<(A, B)>.Replay?
  if a.replaysAnything, b.replaysAnything {
    replay = { _, body in
      if case .some(let (firstLink, secondLink)) = links.value {
        firstLink.replay { x in secondLink.replay { y in body((x, y)) } }
      } else {
        a.pull { x in b.pull { y in body((x, y)) } }
      }
    }
  }
  return .derivedEvents(replay: replay, isUpstreamFinished: isUpstreamFinished, connect: connect)
}

extension StateStream {
  /// The latest values of this stream and `other`, as one state stream — uber's
  /// `Observable.combineLatest(a, b)`.
  ///
  /// Use it instead of observing two streams and combining their values by hand.
  ///
  /// ```swift
  /// // draft:    d1 ---------- d2 ------------------->
  /// // products: p1 ----------------- p2 ------------>
  /// // result:   (d1,p1) ---- (d2,p1) ---- (d2,p2) --->
  /// let offer = requests.draft.combineLatest(city.products)
  /// ```
  ///
  /// It delivers once per input value, in the order the inputs deliver them; a value sent to
  /// one input from inside a delivery is combined after the current one. Two inputs derived
  /// from one source deliver one combination each for one change of that source (the first
  /// with the other input's previous value), as in Rx and Combine. Lazy like every derived
  /// stream (see ``map(_:)``); finishes when both inputs have finished.
  @inlinable
  public func combineLatest<Other>(
    _ other: StateStream<Other>
  ) -> StateStream<(Value, Other)> {
    StateStream<(Value, Other)>(core: combineLatestCore(core, other.core))
  }

  /// The latest values of this stream and two others, as one state stream.
  ///
  /// ```swift
  /// // a: a1 ------------ a2 ---------------->
  /// // b: b1 ------------------- b2 --------->
  /// // c: c1 --- c2 -------------------------->
  /// //    (a1,b1,c1) (a1,b1,c2) (a2,b1,c2) (a2,b2,c2)
  /// let screen = session.combineLatest(trip, flags)
  /// ```
  ///
  /// As ``combineLatest(_:)->StateStream<(Value,Other)>``: one delivery per input value, in
  /// order; finishes when every input has finished.
  @inlinable
  public func combineLatest<Second, Third>(
    _ second: StateStream<Second>, _ third: StateStream<Third>
  ) -> StateStream<(Value, Second, Third)> {
    combineLatest(second).combineLatest(third).map { pair, last in (pair.0, pair.1, last) }
  }

  /// The latest value of this stream and the latest event of `events`, once there has been an
  /// event.
  ///
  /// ```swift
  /// // draft:  d1 -------------- d2 ---------->
  /// // taps:   ------tap1---------------tap2-->
  /// // result: ------(d1,tap1)---(d2,tap1)--(d2,tap2)-->
  /// let confirmations = requests.draft.combineLatest(confirmTaps)
  /// ```
  ///
  /// An ``EventStream``: it has no value until `events` has delivered one. It replays the
  /// combination of the current values when `events` replays something (see
  /// <doc:Streams>). Finishes when both have finished, or when `events` finishes without having
  /// delivered anything.
  @inlinable
  public func combineLatest<Other>(
    _ events: EventStream<Other>
  ) -> EventStream<(Value, Other)> {
    EventStream<(Value, Other)>(core: combineLatestCore(core, events.core))
  }
}

extension EventStream {
  /// The latest events of this stream and `other`, combined whenever either delivers, once both
  /// have delivered.
  ///
  /// ```swift
  /// // a:      --a1--------a2------------->
  /// // b:      --------b1---------b2------>
  /// // result: --------(a1,b1)(a2,b1)(a2,b2)-->
  /// let pairs = pickups.combineLatest(destinations)
  /// ```
  ///
  /// One delivery per input event, in order. Finishes when both have finished, or when one
  /// finishes without having delivered anything.
  @inlinable
  public func combineLatest<Other>(
    _ other: EventStream<Other>
  ) -> EventStream<(Value, Other)> {
    EventStream<(Value, Other)>(core: combineLatestCore(core, other.core))
  }

  /// The latest event of this stream and the latest value of `state`, once there has been an
  /// event.
  ///
  /// ```swift
  /// // taps:   ------tap1--------------tap2-->
  /// // draft:  d1 ------------ d2 ----------->
  /// // result: ------(tap1,d1)-(tap1,d2)-(tap2,d2)-->
  /// let confirmations = confirmTaps.combineLatest(requests.draft)
  /// ```
  @inlinable
  public func combineLatest<Other>(
    _ state: StateStream<Other>
  ) -> EventStream<(Value, Other)> {
    EventStream<(Value, Other)>(core: combineLatestCore(core, state.core))
  }

  /// The latest events of this stream and two others, once all three have delivered.
  ///
  /// ```swift
  /// let triples = a.combineLatest(b, c)
  /// ```
  @inlinable
  public func combineLatest<Second, Third>(
    _ second: EventStream<Second>, _ third: EventStream<Third>
  ) -> EventStream<(Value, Second, Third)> {
    combineLatest(second).combineLatest(third).map { pair, last in (pair.0, pair.1, last) }
  }
}
