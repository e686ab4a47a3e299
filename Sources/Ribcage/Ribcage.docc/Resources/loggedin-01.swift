import Ribcage

/// Owns the greetings: the only place they can change.
@MainActor final class GreetingService {
  private let log = MutableStateStream<[String]>([])
  var greetings: StateStream<[String]> { log.stream }
  func greet(_ name: String) { log.update { $0.append("Hello, \(name)!") } }
}

/// What LoggedIn needs from its parent: a missing one is a compile error.
@MainActor protocol LoggedInDependency: Dependency {
  var greetingService: GreetingService { get }
}

/// LoggedIn's scope: the user's name is always there below it.
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
