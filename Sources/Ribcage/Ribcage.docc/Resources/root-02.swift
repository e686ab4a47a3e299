import Ribcage

/// The app's scope: it creates the services everything below reads.
@MainActor final class AppComponent: EmptyComponent, LoggedInDependency {
  let greetingService = GreetingService()
}

@MainActor protocol RootRouting: LaunchRouting {
  func routeToLoggedIn(userName: String)
}

@MainActor final class RootInteractor: Interactor, Interactable, LoggedOutListener {
  weak var router: (any RootRouting)?

  func didLogIn(as name: String) {
    router?.routeToLoggedIn(userName: name)
  }
}

/// The root's view: in an app, a view controller; here, nothing to show.
@MainActor final class RootView: ViewControllable {}

@MainActor final class RootRouter: LaunchRouter<RootInteractor, RootView>, RootRouting {
  private let loggedInBuilder: LoggedInBuilder
  private(set) var loggedOut: LoggedOutRouter?

  init(
    interactor: RootInteractor, view: RootView, loggedOutBuilder: LoggedOutBuilder,
    loggedInBuilder: LoggedInBuilder
  ) {
    self.loggedInBuilder = loggedInBuilder
    super.init(interactor: interactor, viewController: view)
    interactor.router = self
    loggedOut = loggedOutBuilder.build(withListener: interactor)
  }

  override func didLoad() {
    super.didLoad()
    if let loggedOut { attachChild(loggedOut) }  // activated and loaded on attach
  }

  func routeToLoggedIn(userName: String) {
    if let loggedOut {
      detachChild(loggedOut)  // deactivated, then checked for leaks
      self.loggedOut = nil
    }
    attachChild(loggedInBuilder.build(userName: userName))
  }
}

@MainActor final class RootBuilder: Builder<AppComponent> {
  func build() -> RootRouter {
    RootRouter(
      interactor: RootInteractor(), view: RootView(),
      loggedOutBuilder: LoggedOutBuilder(dependency: dependency),
      loggedInBuilder: LoggedInBuilder(dependency: dependency))
  }
}
