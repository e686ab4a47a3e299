extension StateStream {
  /// The non-`nil` results of `transform` applied to every value, as an event stream.
  ///
  /// Like ``filter(_:)``, the result cannot promise a current value, so it is an
  /// ``EventStream`` that replays `transform` of the current value to a new observer when that
  /// is not `nil` — uber's `session.filterNil()` or `compactMap` on a relay.
  ///
  /// ```swift
  /// // session: nil ---- {ada} ---- nil ---- {grace} --->
  /// // result:  -------- ada ----------------- grace --->
  /// let signedIn: EventStream<User> = sessions.session.compactMap { $0?.user }
  /// ```
  ///
  /// Lazy like every derived stream (see ``map(_:)``); finishes when this stream finishes.
  @inlinable
  public func compactMap<Result>(
    _ transform: @escaping @MainActor (Value) -> Result?
  ) -> EventStream<Result> {
    EventStream<Result>(
      core: .stateless(
        over: core, current: nil,
        forward: { results in
          { value in
            if let result = transform(value) { results(result) }
          }
        },
        apply: { value, results in
          if let result = transform(value) { results(result) }
        }))
  }
}

extension EventStream {
  /// The non-`nil` results of `transform` applied to every event.
  ///
  /// ```swift
  /// // pushes: --arrived(100)----unknown----arrived(7)--->
  /// // result: --100---------------------------7--------->
  /// let arrivals = pushes.compactMap(\.arrivedTripID)
  /// ```
  ///
  /// Replays `transform` of what this stream replays, when not `nil`. Finishes when this stream
  /// finishes.
  @inlinable
  public func compactMap<Result>(
    _ transform: @escaping @MainActor (Value) -> Result?
  ) -> EventStream<Result> {
    EventStream<Result>(
      core: .stateless(
        over: core, current: nil,
        forward: { results in
          { value in
            if let result = transform(value) { results(result) }
          }
        },
        apply: { value, results in
          if let result = transform(value) { results(result) }
        }))
  }
}
