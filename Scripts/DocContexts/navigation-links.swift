// The Rides app's links and root interactor, for the excerpt that declares its actionable items.
// @include rides

let links = DeepLinkRouter<RidesLink>()
let url = "rides://trip/42"

@MainActor final class LoggedInInteractor: Interactor, Interactable, LoggedInActionable {
  func showTrip(id: Int) -> Int { id }
}

@MainActor final class AppRootInteractor: Interactor, Interactable, RootActionable {
  let loggedIn = LoggedInInteractor()
  func waitForSignIn() async throws -> LoggedInActionable {
    try await loggedIn.waitUntilActive()
    return loggedIn
  }
}

let rootInteractor: any RootActionable = AppRootInteractor()

func applyPromo(_ code: String) -> CommittedWorkflow<RootActionable, Int> {
  Workflow<RootActionable>("promo").onStep { root in try await root.waitForSignIn() }
    .onStep { _ in code.count }.commit()
}
