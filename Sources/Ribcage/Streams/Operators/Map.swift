extension StateStream {
  /// A state stream of `transform` applied to every value of this one.
  ///
  /// Use it to hand a RIB only the part of a service's state it needs, or to turn state into
  /// what a decision is made on, instead of transforming inside an `observe` closure.
  ///
  /// ```swift
  /// // trip:   {pending} ---- {matched(eta 3)} ---- {matched(eta 2)} ---- {onTrip} --->
  /// // stages: pending ------ matched ------------- matched ------------- onTrip ----->
  /// let stages: StateStream<TripStage> = trip.map { TripStage($0.status) }
  /// ```
  ///
  /// The result replays `transform` of the current value. Like every derived stream it is lazy:
  /// it subscribes upstream when it gets its first observer and cancels that subscription when
  /// its last observer leaves; unobserved, its ``value`` is `transform(upstream.value)`,
  /// computed when asked. `transform` should be pure: it may run when the value is asked for.
  /// Finishes when this stream finishes.
  @inlinable
  public func map<Result>(
    _ transform: @escaping @MainActor (Value) -> Result
  ) -> StateStream<Result> {
    let upstream = core
    return StateStream<Result>(
      core: .stateless(
        over: upstream, current: { transform(upstream.stateValue) },
        forward: { results in { results(transform($0)) } },
        apply: { value, results in results(transform(value)) }))
  }
}

extension EventStream {
  /// An event stream of `transform` applied to every event of this one.
  ///
  /// ```swift
  /// // taps:   --tap(a)-----tap(b)---->
  /// // result: --"a"--------"b"------->
  /// let names = taps.map(\.name)
  /// ```
  ///
  /// Replays `transform` of whatever this stream replays (nothing for a relay's stream; the
  /// current value for one computed from a state stream, see <doc:Streams>). Finishes when this
  /// stream finishes.
  @inlinable
  public func map<Result>(
    _ transform: @escaping @MainActor (Value) -> Result
  ) -> EventStream<Result> {
    EventStream<Result>(
      core: .stateless(
        over: core, current: nil,
        forward: { results in { results(transform($0)) } },
        apply: { value, results in results(transform(value)) }))
  }
}
