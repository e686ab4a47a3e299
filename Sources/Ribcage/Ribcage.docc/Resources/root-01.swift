import Ribcage

/// The app's scope: it creates the services everything below reads.
@MainActor final class AppComponent: EmptyComponent, LoggedInDependency {
  let greetingService = GreetingService()
}

@MainActor protocol RootRouting: LaunchRouting {}

@MainActor final class RootInteractor: Interactor, Interactable, LoggedOutListener {
  weak var router: (any RootRouting)?

  func didLogIn(as name: String) {}
}

/// The root's view: in an app, a view controller; here, nothing to show.
@MainActor final class RootView: ViewControllable {}

@MainActor final class RootRouter: LaunchRouter<RootInteractor, RootView>, RootRouting {
  private(set) var loggedOut: LoggedOutRouter?

  init(interactor: RootInteractor, view: RootView, loggedOutBuilder: LoggedOutBuilder) {
    super.init(interactor: interactor, viewController: view)
    interactor.router = self
    loggedOut = loggedOutBuilder.build(withListener: interactor)
  }

  override func didLoad() {
    super.didLoad()
    if let loggedOut { attachChild(loggedOut) }  // activated and loaded on attach
  }
}

@MainActor final class RootBuilder: Builder<AppComponent> {
  func build() -> RootRouter {
    RootRouter(
      interactor: RootInteractor(), view: RootView(),
      loggedOutBuilder: LoggedOutBuilder(dependency: dependency))
  }
}
