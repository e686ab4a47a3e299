// The Rides app's actionable items, runner and routers, for excerpts of workflows and flows.
// @include rides

@MainActor protocol LoggedInActionable: AnyObject {
  func showTrip(id: Int) -> Int
}

@MainActor protocol RootActionable: AnyObject {
  func waitForSignIn() async throws -> LoggedInActionable
}

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

@MainActor final class PaymentInteractor: Interactor, Interactable {
  let outcome: FlowOutcome<Receipt>
  init(outcome: FlowOutcome<Receipt>) { self.outcome = outcome }
}

@MainActor final class PaymentBuilder {
  func build(withListener outcome: FlowOutcome<Receipt>) -> Router<PaymentInteractor> {
    Router(interactor: PaymentInteractor(outcome: outcome))
  }
}

let rootInteractor = AppRootInteractor()
let router = Router(interactor: AppRootInteractor())
let paymentBuilder = PaymentBuilder()
let workflows = WorkflowRunner()
