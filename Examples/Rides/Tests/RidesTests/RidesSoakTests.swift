import Ribcage
import Testing

@testable import RidesApp

// A short soak: the app's registries are counted between rides, and after the first ride every
// count stays what it was — whatever the app's age. Time is not asserted (the figures live in
// `rides --soak`); live objects and work are.

@MainActor @Test func aLongSessionKeepsEveryRegistryFlat() async {
  let terminal = RidesTerminal { _ in }
  await terminal.start()
  let rides = 150
  let tenths = await RidesSoak.run(rides: rides, seed: 7, on: terminal)
  #expect(tenths.count == 10)
  #expect(tenths.allSatisfy { $0.leaks == 0 })

  // Every ride attaches and detaches the same RIBs: the count grows by the same step each tenth.
  let perRide = tenths[0].ribsDetached / tenths[0].ridesDone
  #expect(perRide >= 10, "a whole ride ran: request, editor, confirm, refinement, trip screens")
  for tenth in tenths { #expect(tenth.ribsDetached == perRide * tenth.ridesDone) }

  // Between rides (signed out) the census is the first tenth's, but for the backend's finished
  // trips, which are bounded.
  var first = tenths[0].census
  #expect(first.ribsAttached == 2, "Root and LoggedOut")
  #expect(first.tripsInProgress == 0 && first.leakDetectorWaiting == 0)
  for tenth in tenths {
    var census = tenth.census
    #expect(census.tripsRecorded <= TripService.finishedTripsKept + 1)
    census.tripsRecorded = 0
    first.tripsRecorded = 0
    #expect(census == first, "after \(tenth.ridesDone) rides")
  }
  #expect(tenths.last?.census.tripsRecorded == TripService.finishedTripsKept)
}

@MainActor @Test func theBackendForgetsTheOldestFinishedTripsBeyondItsLimit() async {
  let terminal = RidesTerminal { _ in }
  await terminal.start()
  let rides = TripService.finishedTripsKept + 5
  _ = await RidesSoak.run(rides: rides, seed: 3, on: terminal)
  let trips = terminal.app.trips
  #expect(trips.recordedTripCount == TripService.finishedTripsKept)
  #expect(trips.trip(42) == nil, "the oldest (the seeded trip 42) was forgotten")
  #expect(trips.trip(100 + rides - 1) != nil, "the newest is kept")
}
