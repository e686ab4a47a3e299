import Ribcage
import RibcageInspector
import RibcageTesting
import Testing

@testable import RidesApp

// A short soak: the app's registries are counted between rides, and after the first tenth every
// count stays what it was — whatever the app's age. Time is not asserted (the figures live in
// `rides --soak` and the benchmarks' soak cases); live objects and work are.

@MainActor @Test(.timeLimit(.minutes(5))) func aLongSessionKeepsEveryRegistryFlat() async {
  let terminal = RidesTerminal { _ in }
  await terminal.start()
  var detached: [Int] = []
  let result = await RidesSoak.run(rides: 150, seed: 7, on: terminal) { _, ribsDetached in
    detached.append(ribsDetached)
  }
  #expect(result.reports.count == 10)
  #expect(result.leaks == 0)
  #expect(result.drift.isEmpty, "\(result.drift)")

  // Every ride attaches and detaches the same RIBs: the count grows by the same step each tenth.
  let perRide = detached[0] / result.reports[0].cyclesDone
  #expect(perRide >= 10, "a whole ride ran: request, editor, confirm, refinement, trip screens")
  for (report, ribsDetached) in zip(result.reports, detached) {
    #expect(ribsDetached == perRide * report.cyclesDone)
  }

  // Between rides (signed out) only Root and LoggedOut are attached, nothing moves, nothing waits.
  let census = result.reports[0].census
  #expect(census["RIBs attached"] == 2, "Root and LoggedOut")
  #expect(census["trips moving"] == 0 && census["leak detector waiting"] == 0)
  #expect(census["clock observers"] == 2, "the trip and driver services only")
  #expect(result.reports.last?.census["trips"] == TripService.finishedTripsKept)
}

@MainActor @Test(.timeLimit(.minutes(5)))
func aRecordedSessionKeepsTheRecorderFlatAndWithinItsBudget() async throws {
  let terminal = RidesTerminal { _ in }
  // A small budget, so the soak goes past it: the oldest segments go and the bytes stay bounded.
  let recorder = try terminal.record(to: nil, byteBudget: 64 * 1024)
  await terminal.start()
  let result = await RidesSoak.run(rides: 60, seed: 5, on: terminal)
  #expect(result.leaks == 0)
  #expect(result.drift.isEmpty, "\(result.drift)")
  #expect(recorder.droppedEventCount > 0, "the soak went past the budget")
  #expect(result.reports.last?.census["recorder RIBs"] == 2)
  #expect(result.reports.last?.census["recorder workflows"] == 0)
  // What is kept still starts with a keyframe and rebuilds the tree as it is now.
  let timeline = try SessionTimeline(recorder)
  #expect(timeline.droppedEventCount == Int64(recorder.droppedEventCount))
  let last = timeline.moment(at: timeline.events.count - 1)
  #expect(last.treeText == terminal.root.snapshot().textRendering())
}

@MainActor @Test(.timeLimit(.minutes(5)))
func theBackendForgetsTheOldestFinishedTripsBeyondItsLimit() async {
  let terminal = RidesTerminal { _ in }
  await terminal.start()
  let rides = TripService.finishedTripsKept + 5
  _ = await RidesSoak.run(rides: rides, seed: 3, on: terminal)
  let trips = terminal.app.trips
  #expect(trips.recordedTripCount == TripService.finishedTripsKept)
  #expect(trips.trip(42) == nil, "the oldest (the seeded trip 42) was forgotten")
  #expect(trips.trip(100 + rides - 1) != nil, "the newest is kept")
}
