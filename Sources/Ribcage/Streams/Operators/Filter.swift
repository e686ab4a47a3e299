extension StateStream {
  /// The values of this stream that satisfy `isIncluded`, as an event stream.
  ///
  /// A filtered state stream cannot promise a current value (the current one may not pass), so
  /// the result is an ``EventStream``. It replays like an Rx or Combine subject: a new observer
  /// gets the current value at once *if it passes*, then every later value that passes.
  ///
  /// ```swift
  /// // draft:  {home→?} --- {home→office} --- {home→airport} --->
  /// // result: ------------ {home→office} --- {home→airport} --->
  /// let routed: EventStream<RequestDraft> = requests.draft.filter(\.hasRoute)
  /// // The first time the draft has a route, now or later:
  /// observe(requests.draft.filter(\.hasRoute).first()) { [weak self] _ in
  ///   self?.router?.routeToConfirm()
  /// }
  /// ```
  ///
  /// Lazy like every derived stream (see ``map(_:)``): it subscribes upstream only while
  /// observed. `isIncluded` also runs for each new observer's replay. Finishes when this stream
  /// finishes.
  @inlinable
  public func filter(_ isIncluded: @escaping @MainActor (Value) -> Bool) -> EventStream<Value> {
    EventStream(
      core: .stateless(
        over: core, current: nil,
        forward: { results in { if isIncluded($0) { results($0) } } },
        apply: { value, results in if isIncluded(value) { results(value) } }))
  }
}

extension EventStream {
  /// The events of this stream that satisfy `isIncluded`.
  ///
  /// ```swift
  /// // changes: --coupons(on)----liveActivity(off)----coupons(off)--->
  /// // result:  --coupons(on)------------------------coupons(off)--->
  /// let couponChanges = flags.changes.filter {
  ///   if case .value("coupons", _, _, _) = $0 { true } else { false }
  /// }
  /// ```
  ///
  /// Replays what this stream replays, if it passes. Finishes when this stream finishes.
  @inlinable
  public func filter(_ isIncluded: @escaping @MainActor (Value) -> Bool) -> EventStream<Value> {
    EventStream(
      core: .stateless(
        over: core, current: nil,
        forward: { results in { if isIncluded($0) { results($0) } } },
        apply: { value, results in if isIncluded(value) { results(value) } }))
  }
}
