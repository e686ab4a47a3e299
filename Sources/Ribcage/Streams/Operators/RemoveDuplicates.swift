extension StateStream where Value: Equatable {
  /// This stream without consecutive equal values — uber's `distinctUntilChanged()`.
  ///
  /// Services may set a state to a value equal to the current one; a RIB that routes or
  /// renders on change wants each change once.
  ///
  /// ```swift
  /// // stages: pending -- matched -- matched -- matched -- onTrip -->
  /// // result: pending -- matched ---------------------- onTrip -->
  /// observe(trip.map { TripStage($0.status) }.removeDuplicates()) { [weak self] stage in
  ///   self?.router?.routeToStage(stage)
  /// }
  /// ```
  ///
  /// Replays the current value. While connected, its ``StateStream/value`` is the last value it
  /// delivered; unobserved, it is this stream's value. Lazy like every derived stream (see
  /// ``StateStream/map(_:)``); finishes when this stream finishes.
  @inlinable
  public func removeDuplicates() -> StateStream<Value> {
    let upstream = core
    return StateStream(
      core: .derivedState(
        current: { upstream.stateValue },
        isUpstreamFinished: { upstream.reportsFinished },
        connect: { derived, scope in
          let link = upstream.link(
            in: scope,
            onValue: { value in
              if derived.current!.value != value { derived.send(value) }
            },
            onFinish: { derived.finish() })
          link.replay { derived.current!.value = $0 }
          return { link.subscription.cancel() }
        }))
  }
}

extension StateStream {
  /// This stream without consecutive values that `areDuplicates` says are the same.
  ///
  /// ```swift
  /// // trips:  {100 pending} -- {100 matched} -- {101 pending} -->
  /// // result: {100 pending} -------------------- {101 pending} -->
  /// let newTrips = trips.removeDuplicates { $0.id == $1.id }
  /// ```
  ///
  /// `areDuplicates` compares the last value delivered with the next one. Replays the current
  /// value; lazy like every derived stream; finishes when this stream finishes.
  @inlinable
  public func removeDuplicates(
    by areDuplicates: @escaping @MainActor (Value, Value) -> Bool
  ) -> StateStream<Value> {
    let upstream = core
    return StateStream(
      core: .derivedState(
        current: { upstream.stateValue },
        isUpstreamFinished: { upstream.reportsFinished },
        connect: { derived, scope in
          let link = upstream.link(
            in: scope,
            onValue: { value in
              if !areDuplicates(derived.current!.value, value) { derived.send(value) }
            },
            onFinish: { derived.finish() })
          link.replay { derived.current!.value = $0 }
          return { link.subscription.cancel() }
        }))
  }

  /// This stream without consecutive values whose `key` is equal — RxSwift's
  /// `distinctUntilChanged { $0.id }`. A key path works too: `removeDuplicates(on: \.id)`.
  ///
  /// ```swift
  /// // drafts: {home→?} -- {home→office, uberX} -- {home→office, XL} -->
  /// // result: {home→?} -- {home→office, uberX} ------------------------>
  /// let routes = requests.draft.removeDuplicates(on: \.route)
  /// ```
  ///
  /// The value delivered is the first of each run of equal keys; replays the current value.
  @inlinable
  public func removeDuplicates<Key: Equatable>(
    on key: @escaping @MainActor (Value) -> Key
  ) -> StateStream<Value> {
    removeDuplicates { key($0) == key($1) }
  }
}

extension EventStream where Value: Equatable {
  /// This stream without consecutive equal events.
  ///
  /// ```swift
  /// // events: --1--1--2--2--1-->
  /// // result: --1-----2-----1-->
  /// let changes = readings.removeDuplicates()
  /// ```
  ///
  /// The first event after connecting is compared with what this stream replays, if anything
  /// (for an event stream computed from a state stream, its current value), so a replayed value
  /// is not delivered again. Replays what this stream replays. Finishes when this stream
  /// finishes.
  @inlinable
  public func removeDuplicates() -> EventStream<Value> {
    let upstream = core
    let last = ValueBox<Value?>(nil)
    let linked = ValueBox<UpstreamLink<Value>?>(nil)
    var replay: StreamDerivation<Value>.Replay?
    if upstream.replaysAnything {
      replay = { _, body in
        let previous = ValueBox<Value?>(nil)
        linked.replay(orPull: upstream) { value in
          if previous.holds(value) { return }
          previous.value = value
          body(value)
        }
      }
    }
    return EventStream(
      core: .derivedEvents(
        replay: replay,
        isUpstreamFinished: { upstream.reportsFinished },
        connect: { derived, scope in
          let link = upstream.link(
            in: scope,
            onValue: { value in
              // A copy, not an in-place borrow: the user's `==` runs here, and a cancellation
              // from inside it may clear `last`.
              if let previous = last.value, previous == value { return }
              last.value = value
              derived.send(value)
            },
            onFinish: { derived.finish() })
          last.value = nil
          link.replay { last.value = $0 }
          linked.value = link
          return {
            link.subscription.cancel()
            linked.value = nil
            last.value = nil
          }
        }))
  }
}

extension EventStream {
  /// This stream without consecutive events that `areDuplicates` says are the same.
  ///
  /// ```swift
  /// let newTrips = tripEvents.removeDuplicates { $0.id == $1.id }
  /// ```
  ///
  /// As ``removeDuplicates()``: replays what this stream replays; finishes with it.
  @inlinable
  public func removeDuplicates(
    by areDuplicates: @escaping @MainActor (Value, Value) -> Bool
  ) -> EventStream<Value> {
    let upstream = core
    let last = ValueBox<Value?>(nil)
    let linked = ValueBox<UpstreamLink<Value>?>(nil)
    var replay: StreamDerivation<Value>.Replay?
    if upstream.replaysAnything {
      replay = { _, body in
        let previous = ValueBox<Value?>(nil)
        linked.replay(orPull: upstream) { value in
          if let earlier = previous.value, areDuplicates(earlier, value) { return }
          previous.value = value
          body(value)
        }
      }
    }
    return EventStream(
      core: .derivedEvents(
        replay: replay,
        isUpstreamFinished: { upstream.reportsFinished },
        connect: { derived, scope in
          let link = upstream.link(
            in: scope,
            onValue: { value in
              if let earlier = last.value, areDuplicates(earlier, value) { return }
              last.value = value
              derived.send(value)
            },
            onFinish: { derived.finish() })
          last.value = nil
          link.replay { last.value = $0 }
          linked.value = link
          return {
            link.subscription.cancel()
            linked.value = nil
            last.value = nil
          }
        }))
  }

  /// This stream without consecutive events whose `key` is equal.
  ///
  /// ```swift
  /// let tripChanges = tripEvents.removeDuplicates(on: \.id)
  /// ```
  @inlinable
  public func removeDuplicates<Key: Equatable>(
    on key: @escaping @MainActor (Value) -> Key
  ) -> EventStream<Value> {
    removeDuplicates { key($0) == key($1) }
  }
}
