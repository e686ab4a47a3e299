import Foundation
import RibcageLint
import Testing

/// The graph of `files` (paths relative to a temporary folder).
func graph(_ files: [String: String], paths: [String] = [], root: String? = nil) throws
  -> RIBGraph
{
  let folder = SourceFolder(files)
  return try Linter(configuration: LintConfiguration()).graph(
    paths: paths, workingDirectory: folder.path, root: root
  ).graph
}

extension RIBGraph {
  /// `Parent → Child`, with ` [flag]` for a plugin.
  var edgeList: [String] {
    edges.map { "\($0.parent) → \($0.child)" + ($0.flag.map { " [\($0)]" } ?? "") }
  }

  /// The problems' messages of `kind`.
  func messages(_ kind: Problem.Kind) -> [String] {
    problems.filter { $0.kind == kind }.map(\.message)
  }
}

/// A small uber/RIBs app (tutorial shapes): Root (launch router) → LoggedOut, LoggedIn
/// (viewless) → OffGame. `extra` files are added or replace these.
func uberApp(_ extra: [String: String] = [:]) -> [String: String] {
  var files = [
    "AppDelegate.swift": """
    import RIBs
    final class AppDelegate {
      var launchRouter: LaunchRouting?
      func start() {
        launchRouter = RootBuilder(dependency: AppComponent()).build()
      }
    }
    final class AppComponent: Component<EmptyDependency>, RootDependency {
      init() { super.init(dependency: EmptyComponent()) }
    }
    """,
    "Root/Root.swift": """
    import RIBs
    protocol RootDependency: Dependency {}
    final class RootComponent: Component<RootDependency> {
      let player: String = "p"
    }
    protocol RootBuildable: Buildable { func build() -> LaunchRouting }
    final class RootBuilder: Builder<RootDependency>, RootBuildable {
      func build() -> LaunchRouting {
        let component = RootComponent(dependency: dependency)
        let viewController = RootViewController()
        let interactor = RootInteractor(presenter: viewController)
        let loggedOutBuilder = LoggedOutBuilder(dependency: component)
        let loggedInBuilder = LoggedInBuilder(dependency: component)
        return RootRouter(
          interactor: interactor, viewController: viewController,
          loggedOutBuilder: loggedOutBuilder, loggedInBuilder: loggedInBuilder)
      }
    }
    protocol RootInteractable: Interactable, LoggedOutListener, LoggedInListener {
      var router: RootRouting? { get set }
    }
    protocol RootViewControllable: ViewControllable {}
    protocol RootRouting: ViewableRouting {}
    final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
      private let loggedOutBuilder: LoggedOutBuildable
      private let loggedInBuilder: LoggedInBuildable
      init(
        interactor: RootInteractable, viewController: RootViewControllable,
        loggedOutBuilder: LoggedOutBuildable, loggedInBuilder: LoggedInBuildable
      ) {
        self.loggedOutBuilder = loggedOutBuilder
        self.loggedInBuilder = loggedInBuilder
        super.init(interactor: interactor, viewController: viewController)
      }
      func route(loggedIn: Bool) {
        attachChild(loggedIn ? loggedInBuilder.build(withListener: interactor) : loggedOutBuilder.build(withListener: interactor))
      }
    }
    final class RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable {
      weak var router: RootRouting?
    }
    protocol RootPresentable: Presentable {}
    final class RootViewController: UIViewController, RootPresentable, RootViewControllable {}
    """,
    "LoggedOut/LoggedOut.swift": """
    import RIBs
    protocol LoggedOutDependency: Dependency {
      var player: String { get }
    }
    extension RootComponent: LoggedOutDependency {}
    protocol LoggedOutListener: AnyObject { func didLogIn() }
    protocol LoggedOutBuildable: Buildable {
      func build(withListener listener: LoggedOutListener) -> LoggedOutRouting
    }
    final class LoggedOutBuilder: Builder<LoggedOutDependency>, LoggedOutBuildable {
      func build(withListener listener: LoggedOutListener) -> LoggedOutRouting {
        let viewController = LoggedOutViewController()
        let interactor = LoggedOutInteractor(presenter: viewController)
        interactor.listener = listener
        return LoggedOutRouter(interactor: interactor, viewController: viewController)
      }
    }
    protocol LoggedOutRouting: ViewableRouting {}
    protocol LoggedOutInteractable: Interactable {}
    protocol LoggedOutViewControllable: ViewControllable {}
    final class LoggedOutRouter: ViewableRouter<LoggedOutInteractable, LoggedOutViewControllable>,
      LoggedOutRouting {}
    final class LoggedOutInteractor: PresentableInteractor<LoggedOutPresentable>,
      LoggedOutInteractable
    {
      weak var listener: LoggedOutListener?
    }
    protocol LoggedOutPresentable: Presentable {}
    final class LoggedOutViewController: UIViewController, LoggedOutPresentable,
      LoggedOutViewControllable {}
    """,
    "LoggedIn/LoggedIn.swift": """
    import RIBs
    protocol LoggedInDependency: Dependency {}
    extension RootComponent: LoggedInDependency {}
    final class LoggedInComponent: Component<LoggedInDependency> {
      let scores = ScoreStream()
    }
    protocol LoggedInListener: AnyObject {}
    protocol LoggedInBuildable: Buildable {
      func build(withListener listener: LoggedInListener) -> LoggedInRouting
    }
    final class LoggedInBuilder: Builder<LoggedInDependency>, LoggedInBuildable {
      func build(withListener listener: LoggedInListener) -> LoggedInRouting {
        let component = LoggedInComponent(dependency: dependency)
        let interactor = LoggedInInteractor()
        return LoggedInRouter(
          interactor: interactor, offGameBuilder: OffGameBuilder(dependency: component))
      }
    }
    protocol LoggedInRouting: Routing {}
    protocol LoggedInInteractable: Interactable, OffGameListener {}
    final class LoggedInRouter: Router<LoggedInInteractable>, LoggedInRouting {
      private let offGameBuilder: OffGameBuildable
      init(interactor: LoggedInInteractable, offGameBuilder: OffGameBuildable) {
        self.offGameBuilder = offGameBuilder
        super.init(interactor: interactor)
      }
      func routeToOffGame() { attachChild(offGameBuilder.build(withListener: interactor)) }
    }
    final class LoggedInInteractor: Interactor, LoggedInInteractable {}
    """,
    "OffGame/OffGame.swift": """
    import RIBs
    protocol OffGameDependency: Dependency {
      var scores: ScoreStream { get }
    }
    extension LoggedInComponent: OffGameDependency {}
    protocol OffGameListener: AnyObject { func startGame() }
    protocol OffGameBuildable: Buildable {
      func build(withListener listener: OffGameListener) -> OffGameRouting
    }
    final class OffGameBuilder: Builder<OffGameDependency>, OffGameBuildable {
      func build(withListener listener: OffGameListener) -> OffGameRouting {
        let viewController = OffGameViewController()
        return OffGameRouter(
          interactor: OffGameInteractor(presenter: viewController), viewController: viewController)
      }
    }
    protocol OffGameRouting: ViewableRouting {}
    final class OffGameRouter: ViewableRouter<OffGameInteractor, OffGameViewController>,
      OffGameRouting {}
    final class OffGameInteractor: PresentableInteractor<OffGamePresentable>, Interactable {}
    protocol OffGamePresentable: Presentable {}
    final class OffGameViewController: UIViewController, OffGamePresentable {}
    """,
  ]
  files.merge(extra) { _, new in new }
  return files
}
