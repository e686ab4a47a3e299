import RibcageSoak

/// The soak's census: what `rides --soak` and the soak tests count between rides to show that a
/// long session stays flat. The terminal itself never reads it.
extension RidesTerminal {
  /// The live objects of every registry a long session must keep flat, counted between rides:
  /// the tree's (RIBs attached, the leak detector's waiting list, the tree's observers), the
  /// observers of the clock, the products and the flags, workflow runs in progress and those the
  /// terminal still reports on, render loops waiting for the turn, the backend's trips (finished
  /// ones bounded by ``TripService/finishedTripsKept``) and, when recording, the recorder's RIB
  /// table, its workflow list and its bytes (bounded by its budget).
  public func census() -> SoakCensus {
    var census = SoakCensus.tree(root)
    census.count("clock observers", app.clock.observerCount)
    census.count("product observers", app.city.productObserverCount)
    census.count(app.flags)
    census.count(workflows)
    census.count("workflows reported", runs.count)
    census.count("render loops pending", turns.pendingCount)
    census.count("link observers", links.events.subscriberCount)
    census.count("trips", app.trips.recordedTripCount, atMost: TripService.finishedTripsKept + 1)
    census.count("trips moving", app.trips.tripsInProgressCount)
    if let recorder {
      census.count("recorder RIBs", recorder.liveRIBCount)
      census.count("recorder workflows", recorder.runningWorkflowCount)
      // The open segment may add an eighth of the budget before the oldest ones go.
      let budget = recorder.configuration.byteBudget
      census.count("recorder bytes", recorder.retainedBytes, atMost: budget + budget / 8)
    }
    if let inspector {
      census.count(
        "inspector bytes queued", inspector.statistics.queuedBytes,
        atMost: inspector.configuration.maximumQueuedBytes)
    }
    return census
  }
}
