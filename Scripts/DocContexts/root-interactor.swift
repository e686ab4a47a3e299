// What the Rides root interactor's excerpt uses without declaring it.
// @include rides

@MainActor protocol LoggedInActionable: AnyObject { func showTrip(id: Int) -> Int }
@MainActor protocol RootActionable: AnyObject {
  func waitForSignIn() async throws -> LoggedInActionable
}
@MainActor protocol RootRouting: AnyObject {
  func routeToLoggedIn(_ session: Session)
  func routeToLoggedOut()
  var loggedInInteractor: LoggedInInteractor? { get }
}

@MainActor protocol RootInteractable: Interactable {}

@MainActor final class LoggedInInteractor: Interactor, Interactable, LoggedInActionable {
  func showTrip(id: Int) -> Int { id }
}

extension RootInteractable {
  var sessions: SessionService { SessionService() }
  var router: (any RootRouting)? { nil }
}
