// uber's TicTacToe actionable items as a migrated app declares them.
import Ribcage

@MainActor protocol LoggedInActionableItem: AnyObject {
  func launchGame(with id: String) async throws
  func showScores() async throws
  func openChat() async throws
}

@MainActor protocol RootActionableItem: AnyObject {
  func waitForLogin() async throws -> LoggedInActionableItem
}

@MainActor final class LoggedInInteractor: Interactor, Interactable, LoggedInActionableItem {
  func launchGame(with id: String) async throws {}
  func showScores() async throws {}
  func openChat() async throws {}
}

@MainActor final class RootInteractor: Interactor, Interactable, RootActionableItem {
  let loggedIn = LoggedInInteractor()
  func waitForLogin() async throws -> LoggedInActionableItem {
    try await loggedIn.waitUntilActive()
    return loggedIn
  }
}

func log(_ error: any Error) { print(error) }

let workflows = WorkflowRunner()
let rootInteractor = RootInteractor()
let id = "42"
