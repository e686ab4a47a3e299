extension StateStream {
  /// This stream's values while `scope` is active: observed now, delivered only while the scope
  /// is active, and the latest value delivered again each time it becomes active — uber/RIBs'
  /// and ModernRIBs' `confineTo(_:)`.
  ///
  /// Use it for a subscription made outside the interactor's own active period: a worker, a
  /// service or a parent that must not miss the state a child should show once it is active.
  /// (Inside an interactor, ``Interactor/observe(_:_:)-(StateStream<Value>,_)`` from
  /// `didBecomeActive()` does the same and stops at deactivation.)
  ///
  /// ```swift
  /// // trip:     t1 ----- t2 ------------ t3 ----------->
  /// // active:   false ---------- true -------- false -->
  /// // result:   --------------- t2 --- t3 ------------>
  /// let subscription = trips.trip.confineTo(tripInteractor).observe { trip in
  ///   tripInteractor.show(trip)
  /// }
  /// ```
  ///
  /// The result holds the scope's activeness stream, not the scope: it finishes when this stream
  /// and the scope have both gone (an interactor's activeness stream finishes when it is
  /// deallocated). Lazy like every derived stream: it subscribes upstream only while observed.
  @inlinable
  public func confineTo(_ scope: some InteractorScope) -> EventStream<Value> {
    combineLatest(scope.isActiveStream).filter { $0.1 }.map { $0.0 }
  }
}

extension EventStream {
  /// This stream's events while `scope` is active, and on each activation the latest event that
  /// arrived (while active or not) — uber/RIBs' and ModernRIBs' `confineTo(_:)`.
  ///
  /// ```swift
  /// // arrivals: --a------------b------------c--------->
  /// // active:   false ------ true ------ false -- true->
  /// // result:   -----------a--b-------------------c--->
  /// let subscription = arrivals.confineTo(rideInteractor).observe { arrival in
  ///   rideInteractor.announce(arrival)
  /// }
  /// ```
  ///
  /// Nothing is delivered before the first event. Finishes when this stream and the scope's
  /// activeness stream have both finished.
  @inlinable
  public func confineTo(_ scope: some InteractorScope) -> EventStream<Value> {
    combineLatest(scope.isActiveStream).filter { $0.1 }.map { $0.0 }
  }
}
