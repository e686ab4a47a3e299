import Ribcage

// MARK: LoggedOut — asks for a name, tells its listener who logged in.

@MainActor public protocol LoggedOutListener: AnyObject {
  func didLogIn(as name: String)
}

@MainActor public final class LoggedOutInteractor: Interactor, Interactable {
  weak var listener: LoggedOutListener?

  public func logIn(as name: String) {
    listener?.didLogIn(as: name)
  }
}

@MainActor public final class LoggedOutRouter: Router<LoggedOutInteractor> {}

@MainActor final class LoggedOutBuilder: Builder<any EmptyDependency> {
  func build(withListener listener: LoggedOutListener) -> LoggedOutRouter {
    let interactor = LoggedOutInteractor()
    interactor.listener = listener
    return LoggedOutRouter(interactor: interactor)
  }
}

// MARK: LoggedIn — scoped to a user: everything below can rely on the name being there.

/// Owns the greetings: the only place they can change (its writer is private and noncopyable).
@MainActor public final class GreetingService {
  private let log = MutableStateStream<[String]>([])

  public init() {}

  /// The greetings so far, read-only.
  public var greetings: StateStream<[String]> { log.stream }

  /// Greets `name`.
  public func greet(_ name: String) {
    log.update { $0.append("Hello, \(name)!") }
  }
}

@MainActor public protocol LoggedInDependency: Dependency {
  var greetingService: GreetingService { get }
}

@MainActor final class LoggedInComponent: Component<any LoggedInDependency> {
  let userName: String

  init(dependency: any LoggedInDependency, userName: String) {
    self.userName = userName
    super.init(dependency: dependency)
  }
}

@MainActor final class LoggedInInteractor: Interactor, Interactable {
  private let component: LoggedInComponent

  init(component: LoggedInComponent) {
    self.component = component
  }

  override func didBecomeActive() {
    super.didBecomeActive()
    component.dependency.greetingService.greet(component.userName)
  }
}

@MainActor final class LoggedInRouter: Router<LoggedInInteractor> {}

@MainActor final class LoggedInBuilder: Builder<any LoggedInDependency> {
  func build(userName: String) -> LoggedInRouter {
    let component = LoggedInComponent(dependency: dependency, userName: userName)
    return LoggedInRouter(interactor: LoggedInInteractor(component: component))
  }
}

// MARK: Root — decides which child is attached; the app's one launch point.

@MainActor public final class AppComponent: EmptyComponent, LoggedInDependency {
  public let greetingService = GreetingService()
}

@MainActor public protocol RootRouting: LaunchRouting {
  func routeToLoggedIn(userName: String)
}

@MainActor public final class RootInteractor: Interactor, Interactable, LoggedOutListener {
  weak var router: RootRouting?

  public func didLogIn(as name: String) {
    router?.routeToLoggedIn(userName: name)
  }
}

@MainActor public final class ConsoleView: ViewControllable {}

@MainActor public final class RootRouter: LaunchRouter<RootInteractor, ConsoleView>, RootRouting {
  private let loggedInBuilder: LoggedInBuilder
  public private(set) var loggedOut: LoggedOutRouter?

  init(
    interactor: RootInteractor, view: ConsoleView, loggedOutBuilder: LoggedOutBuilder,
    loggedInBuilder: LoggedInBuilder
  ) {
    self.loggedInBuilder = loggedInBuilder
    super.init(interactor: interactor, viewController: view)
    interactor.router = self
    loggedOut = loggedOutBuilder.build(withListener: interactor)
  }

  public override func didLoad() {
    super.didLoad()
    if let loggedOut { attachChild(loggedOut) }
  }

  public func routeToLoggedIn(userName: String) {
    if let loggedOut {
      detachChild(loggedOut)
      self.loggedOut = nil
    }
    attachChild(loggedInBuilder.build(userName: userName))
  }
}

@MainActor public final class RootBuilder: Builder<AppComponent> {
  public func build() -> RootRouter {
    RootRouter(
      interactor: RootInteractor(), view: ConsoleView(),
      loggedOutBuilder: LoggedOutBuilder(dependency: dependency),
      loggedInBuilder: LoggedInBuilder(dependency: dependency))
  }
}

@MainActor public final class Terminal: LaunchHost {
  public init() {}

  public func install(rootView: any ViewControllable) {}
}
