// An interactor of the Rides app, for excerpts that show its members.
// @include rides

@MainActor protocol RequestRouting: AnyObject {
  func routeToStage(_ stage: TripStage)
  func routeToConfirm()
}

@MainActor final class RequestInteractor: Interactor, Interactable {
  weak var router: (any RequestRouting)?
  let trips = TripService()
  let requests = RequestService()
  let city = CityService()

  // @block
}
