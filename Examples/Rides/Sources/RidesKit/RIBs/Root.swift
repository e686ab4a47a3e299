import Ribcage

// Root — the application coordinator: signed in → LoggedIn, else → LoggedOut. It decides from
// the session service's stream, so a sign-in from anywhere (a screen, a test) routes the same way.

@MainActor
public protocol RootDependency: LoggedOutDependency, LoggedInDependency {}

@MainActor
protocol RootRouting: LaunchRouting {
  func routeToLoggedOut()
  func routeToLoggedIn(_ session: Session)
  var loggedInActionable: (any LoggedInActionable)? { get }
}

/// What the deep-link workflows start from.
@MainActor
public protocol RootActionable: AnyObject {
  /// Returns the signed-in scope, waiting for a sign-in if nobody is signed in yet.
  func waitForSignIn() async throws -> any LoggedInActionable
}

@MainActor
public final class RootInteractor: Interactor, Interactable, RootActionable, LoggedOutListener {
  weak var router: (any RootRouting)?
  private let sessions: SessionService

  init(sessions: SessionService) {
    self.sessions = sessions
  }

  public override func didBecomeActive() {
    super.didBecomeActive()
    observe(sessions.session) { [weak self] session in
      if let session {
        self?.router?.routeToLoggedIn(session)
      } else {
        self?.router?.routeToLoggedOut()
      }
    }
  }

  public func waitForSignIn() async throws -> any LoggedInActionable {
    _ = try await sessions.session.first { $0 != nil }
    guard let loggedIn = router?.loggedInActionable else { throw CancellationError() }
    return loggedIn
  }

  public func logIn(as name: String) throws(SignInError) {
    try sessions.signIn(as: name)
  }
}

@MainActor
public final class RootRouter: LaunchRouter<RootInteractor, any ViewControllable>, RootRouting {
  private let loggedOutBuilder: LoggedOutBuilder
  private let loggedInBuilder: LoggedInBuilder
  private var loggedOut: LoggedOutRouter?
  private var loggedIn: (router: LoggedInRouter, session: Session)?

  init(
    interactor: RootInteractor, view: any ViewControllable, loggedOutBuilder: LoggedOutBuilder,
    loggedInBuilder: LoggedInBuilder
  ) {
    self.loggedOutBuilder = loggedOutBuilder
    self.loggedInBuilder = loggedInBuilder
    super.init(interactor: interactor, viewController: view)
    interactor.router = self
  }

  var loggedInActionable: (any LoggedInActionable)? { loggedIn?.router.interactor }

  func routeToLoggedOut() {
    if let loggedIn {
      detachChild(loggedIn.router)
      self.loggedIn = nil
    }
    guard loggedOut == nil else { return }
    let router = loggedOutBuilder.build(withListener: interactor)
    loggedOut = router
    attachChild(router)
  }

  func routeToLoggedIn(_ session: Session) {
    if let loggedOut {
      detachChild(loggedOut)
      self.loggedOut = nil
    }
    if let loggedIn {
      if loggedIn.session == session { return }
      detachChild(loggedIn.router)
    }
    let router = loggedInBuilder.build(session: session)
    loggedIn = (router, session)
    attachChild(router)
  }
}

/// Builds the tree's root from the app's component.
@MainActor
public final class RootBuilder: Builder<AppComponent> {
  public func build() -> RootRouter {
    RootRouter(
      interactor: RootInteractor(sessions: dependency.sessions),
      view: dependency.views.makeWindow(),
      loggedOutBuilder: LoggedOutBuilder(dependency: dependency),
      loggedInBuilder: LoggedInBuilder(dependency: dependency))
  }
}
