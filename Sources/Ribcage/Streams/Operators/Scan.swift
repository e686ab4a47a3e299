/// The engine of `scan`: a state stream that starts, on connecting, from `initialResult` folded
/// with what `upstream` replays, then folds every value delivered.
@MainActor
@inlinable
func scanCore<Upstream, Result>(
  _ upstream: StreamCore<Upstream>, _ initialResult: Result,
  _ nextPartialResult: @escaping @MainActor (Result, Upstream) -> Result
) -> StreamCore<Result> {
  .derivedState(
    current: {
      var result = initialResult
      upstream.pull { result = nextPartialResult(result, $0) }
      return result
    },
    isUpstreamFinished: { upstream.reportsFinished },
    connect: { derived, scope in
      let link = upstream.link(
        in: scope,
        onValue: { derived.send(nextPartialResult(derived.current!.value, $0)) },
        onFinish: { derived.finish() })
      var result = initialResult
      link.replay { result = nextPartialResult(result, $0) }
      derived.current!.value = result
      return { link.subscription.cancel() }
    })
}

extension StateStream {
  /// A state stream that folds every value of this one into an accumulated result, starting
  /// from `initialResult` combined with the current value.
  ///
  /// ```swift
  /// // now:    0 ---- 1 ---- 2 ---- 3 --->
  /// // result: 0 ---- 1 ---- 3 ---- 6 --->      now.scan(0, +)
  /// let history = trip.scan([TripStatus]()) { $0 + [$1.status] }
  /// ```
  ///
  /// The accumulation is shared by every observer and belongs to one connection: the stream
  /// starts from `initialResult` folded with the current value when it gets its first observer,
  /// and forgets the result when its last observer leaves (it holds nothing upstream then).
  /// Unobserved, its ``value`` is `nextPartialResult(initialResult, value)`. Keep a running
  /// total that must survive in a service, not in a derived stream. Finishes when this stream
  /// finishes.
  @inlinable
  public func scan<Result>(
    _ initialResult: Result,
    _ nextPartialResult: @escaping @MainActor (Result, Value) -> Result
  ) -> StateStream<Result> {
    StateStream<Result>(core: scanCore(core, initialResult, nextPartialResult))
  }
}

extension EventStream {
  /// A state stream that folds every event into an accumulated result, starting from
  /// `initialResult` — a reducer: events in, state out.
  ///
  /// ```swift
  /// // taps:   ------tap------tap------tap--->
  /// // result: 0 ----1 -------2 -------3 ---->      taps.scan(0) { count, _ in count + 1 }
  /// let draft = edits.scan(Draft()) { draft, edit in draft.applying(edit) }
  /// ```
  ///
  /// The result is a ``StateStream``: its value is `initialResult` until the first event (or
  /// `initialResult` folded with what this stream replays, for one computed from a state
  /// stream). As for ``StateStream/scan(_:_:)``, the accumulation belongs to one connection:
  /// it starts again from `initialResult` when the stream gets its first observer. Finishes
  /// when this stream finishes.
  @inlinable
  public func scan<Result>(
    _ initialResult: Result,
    _ nextPartialResult: @escaping @MainActor (Result, Value) -> Result
  ) -> StateStream<Result> {
    StateStream<Result>(core: scanCore(core, initialResult, nextPartialResult))
  }

  /// A state stream whose value is `initialValue` until the first event, then the latest
  /// event — what `events.startWith(x)` is used for in Rx code: a stream that can be combined
  /// or observed as state.
  ///
  /// ```swift
  /// // changes: ---------change(a)------change(b)--->
  /// // result:  initial --change(a)------change(b)--->
  /// let lastChange = flags.changes.startWith(.coreOnly(false))
  /// ```
  ///
  /// Unlike Rx, where every subscriber gets `initialValue` first, this is state: an observer
  /// that comes later gets the latest event. What it holds belongs to one connection (see
  /// ``scan(_:_:)``). Finishes when this stream finishes.
  @inlinable
  public func startWith(_ initialValue: Value) -> StateStream<Value> {
    scan(initialValue) { _, latest in latest }
  }
}
