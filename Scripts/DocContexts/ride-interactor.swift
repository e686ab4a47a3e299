// What a Rides interactor excerpt uses without declaring it: provided by its protocol.
// @include rides

@MainActor protocol RideRouting: AnyObject { func route(to trip: Trip) }

@MainActor protocol RideInteractable: Interactable {}

@MainActor final class RideTripService {
  private let relay = EventRelay<Trip>()
  var trips: EventStream<Trip> { relay.stream }
}

extension RideInteractable {
  var tripService: RideTripService { RideTripService() }
  var router: (any RideRouting)? { nil }
  var locationSubscription: some CancellableWork { LocationSubscription() }
  func refreshETA() async {}
}

struct LocationSubscription: CancellableWork {
  func cancel() {}
}
