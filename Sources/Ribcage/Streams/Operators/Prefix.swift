/// The engine of `prefix`: at most `maxLength` values, counting what `upstream` replays when the
/// stream connects, then the stream finishes.
@MainActor
@inlinable
func prefixCore<Value>(_ upstream: StreamCore<Value>, _ maxLength: Int) -> StreamCore<Value> {
  guard maxLength > 0 else { return .finishedEvents() }
  let taken = ValueBox(0)
  let linked = ValueBox<UpstreamLink<Value>?>(nil)
  var replay: StreamDerivation<Value>.Replay?
  if upstream.replaysAnything {
    replay = { derived, body in
      guard !derived.isFinished else { return }
      var replayed = 0
      linked.replay(orPull: upstream) { value in
        guard replayed < maxLength else { return }
        replayed += 1
        body(value)
      }
    }
  }
  return .derivedEvents(
    replay: replay,
    isUpstreamFinished: { upstream.reportsFinished },
    connect: { derived, scope in
      let link = upstream.link(
        in: scope,
        onValue: { value in
          guard taken.value < maxLength else { return }
          taken.value += 1
          derived.send(value)
          if taken.value == maxLength { derived.finish() }
        },
        onFinish: { derived.finish() })
      // What is current when the stream connects is taken; the new observer is replayed it.
      link.replay { _ in
        if taken.value < maxLength { taken.value += 1 }
      }
      linked.value = link
      if taken.value >= maxLength { derived.finish() }
      return {
        link.subscription.cancel()
        linked.value = nil
      }
    })
}

extension StateStream {
  /// The current value and the next `maxLength - 1` values, then the stream finishes — uber's
  /// `take(n)` on a relay.
  ///
  /// ```swift
  /// // state:  a ---- b ---- c ---- d --->
  /// // result: a ---- b |                       state.prefix(2)
  /// ```
  ///
  /// The result is an ``EventStream`` (once finished, it has no current value). The value this
  /// stream holds when the result gets its first observer counts as the first of the
  /// `maxLength`, and that observer gets it at once; an observer that comes later, before the
  /// end, is replayed the current value without it counting. Values are counted over the
  /// stream's whole life, and a finished stream stays finished: make a new one for each use
  /// (for example in `didBecomeActive()`). `prefix(0)` is finished from the start. Also
  /// finishes when this stream finishes.
  @inlinable
  public func prefix(_ maxLength: Int) -> EventStream<Value> {
    EventStream(core: prefixCore(core, maxLength))
  }

  /// The current value, then the stream finishes: `prefix(1)`. Most useful after a filter —
  /// "the first time the draft has a route, now or later":
  ///
  /// ```swift
  /// // draft:  {home→?} -- {home→?} -- {home→office} -- {home→airport} -->
  /// // result: ------------------------{home→office} |
  /// observe(requests.draft.filter(\.hasRoute).first()) { [weak self] _ in
  ///   self?.router?.routeToConfirm()
  /// }
  /// ```
  @inlinable
  public func first() -> EventStream<Value> {
    prefix(1)
  }
}

extension EventStream {
  /// The first `maxLength` events, then the stream finishes — Rx's `take(n)`.
  ///
  /// ```swift
  /// // events: --a--b--c--d-->
  /// // result: --a--b|          events.prefix(2)
  /// ```
  ///
  /// For an event stream computed from a state stream (`state.filter { ... }`), the value it
  /// replays when the result gets its first observer counts as the first event taken. Events
  /// are counted over the stream's whole life, and a finished stream stays finished: make a new
  /// one for each use. `prefix(0)` is finished from the start. Also finishes when this stream
  /// finishes.
  @inlinable
  public func prefix(_ maxLength: Int) -> EventStream<Value> {
    EventStream(core: prefixCore(core, maxLength))
  }

  /// The first event, then the stream finishes: `prefix(1)`.
  ///
  /// ```swift
  /// // arrivals: -----arrival(a)----arrival(b)--->
  /// // result:   -----arrival(a)|
  /// observe(trips.driverArrivals.first()) { [weak self] _ in self?.presentPickupHint() }
  /// ```
  @inlinable
  public func first() -> EventStream<Value> {
    prefix(1)
  }
}
