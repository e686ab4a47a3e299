// The QuickStart example's parts docs/getting-started.md's excerpt leaves out
// (Examples/QuickStart has them all).
import Ribcage

@MainActor final class GreetingService {
  private let log = MutableStateStream<[String]>([])
  var greetings: StateStream<[String]> { log.stream }
  func greet(_ name: String) { log.update { $0.append("Hello, \(name)!") } }
}

@MainActor final class LoggedOutBuilder: Builder<any EmptyDependency> {
  func build(withListener listener: LoggedOutListener) -> LoggedOutRouter {
    let interactor = LoggedOutInteractor()
    interactor.listener = listener
    return LoggedOutRouter(interactor: interactor)
  }
}

@MainActor final class LoggedInInteractor: Interactor, Interactable {
  private let component: LoggedInComponent
  init(component: LoggedInComponent) { self.component = component }
}

@MainActor final class LoggedInRouter: Router<LoggedInInteractor> {}

@MainActor final class LoggedInBuilder: Builder<any LoggedInDependency> {
  func build(userName: String) -> LoggedInRouter {
    LoggedInRouter(
      interactor: LoggedInInteractor(
        component: LoggedInComponent(dependency: dependency, userName: userName)))
  }
}

@MainActor final class AppComponent: EmptyComponent, LoggedInDependency {
  let greetingService = GreetingService()
}

@MainActor protocol RootRouting: LaunchRouting {
  func routeToLoggedIn(userName: String)
}

@MainActor final class RootInteractor: Interactor, Interactable, LoggedOutListener {
  weak var router: RootRouting?
  func didLogIn(as name: String) { router?.routeToLoggedIn(userName: name) }
}

@MainActor final class ConsoleView: ViewControllable {}

@MainActor final class RootBuilder: Builder<AppComponent> {
  func build() -> RootRouter {
    RootRouter(
      interactor: RootInteractor(), view: ConsoleView(),
      loggedOutBuilder: LoggedOutBuilder(dependency: dependency),
      loggedInBuilder: LoggedInBuilder(dependency: dependency))
  }
}

@MainActor final class Terminal: LaunchHost {
  func install(rootView: any ViewControllable) {}
}
