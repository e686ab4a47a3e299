import Ribcage

/// What LoggedOut tells its parent. The parent implements it; LoggedOut never knows who that is.
@MainActor protocol LoggedOutListener: AnyObject {
  func didLogIn(as name: String)
}

@MainActor final class LoggedOutInteractor: Interactor, Interactable {
  weak var listener: (any LoggedOutListener)?

  func logIn(as name: String) {
    listener?.didLogIn(as: name)
  }
}

@MainActor final class LoggedOutRouter: Router<LoggedOutInteractor> {}

@MainActor final class LoggedOutBuilder: Builder<any EmptyDependency> {
  func build(withListener listener: any LoggedOutListener) -> LoggedOutRouter {
    let interactor = LoggedOutInteractor()
    interactor.listener = listener
    return LoggedOutRouter(interactor: interactor)
  }
}
