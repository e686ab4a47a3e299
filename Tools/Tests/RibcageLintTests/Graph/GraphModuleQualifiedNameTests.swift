import RibcageLint
import Testing

/// Apps that give every RIB its own module and name its types plainly (`Builder`, `Router`,
/// `Interactor` in each): a parent names its child's types through the child's module
/// (`Cart.Builder(dependency: component)`, `Cart.Buildable`), and the graph follows the module.
@Suite(.timeLimit(.minutes(10))) struct GraphModuleQualifiedNameTests {
  /// One RIB in its own module: `Dependency`, `Component`, `Listener`, `Buildable`, `Builder`,
  /// `Router` and `Interactor`, with the children it names `Module.Builder(…)`.
  static func module(
    _ name: String, children: [String], launch: Bool = false, alsoBuilds: String = ""
  ) -> String {
    let imports = children.map { "import \($0)" }.joined(separator: "\n")
    let made = children.map { "\($0.lowercased())Builder: \($0).Builder(dependency: component)" }
    let stored = children.map { "private let \($0.lowercased())Builder: \($0).Buildable" }
    let parameters = children.map { "\($0.lowercased())Builder: \($0).Buildable" }
    let assignments = children.map { "self.\($0.lowercased())Builder = \($0.lowercased())Builder" }
    let routes = children.map {
      """
      func routeTo\($0)() {
        let child = \($0.lowercased())Builder.build(withListener: interactor)
        attachChild(child)
      }
      func routeAwayFrom\($0)(_ child: ViewableRouting) { detachChild(child) }
      """
    }
    let listeners = children.map { ", \($0).Listener" }.joined()
    let base = launch ? "LaunchRouter" : "ViewableRouter"
    return """
      import RIBs
      \(imports)
      public protocol Dependency: RIBs.Dependency {}
      final class Component: RIBs.Component<Dependency>\(children.map { ", \($0).Dependency" }.joined()) {}
      public protocol Listener: AnyObject {}
      public protocol Buildable: RIBs.Buildable {
        func build(withListener listener: Listener) -> ViewableRouting
      }
      protocol Interactable: RIBs.Interactable\(listeners) {}
      final class Interactor: PresentableInteractor<Presentable>, Interactable {}
      final class ViewController: UIViewController, ViewControllable {}
      public final class Builder: RIBs.Builder<Dependency>, Buildable {
        public func build(withListener listener: Listener) -> ViewableRouting {
          let component = Component(dependency: dependency)
          let viewController = ViewController()
          let interactor = Interactor(presenter: viewController)
          \(alsoBuilds)
          return Router(
            interactor: interactor, viewController: viewController\(made.map { ", " + $0 }.joined()))
        }
      }
      final class Router: \(base)<Interactable, ViewControllable> {
        \(stored.joined(separator: "\n  "))
        init(interactor: Interactable, viewController: ViewControllable\(parameters.map { ", " + $0 }.joined())) {
          \(assignments.joined(separator: "\n    "))
          super.init(interactor: interactor, viewController: viewController)
        }
        \(routes.joined(separator: "\n  "))
      }
      """
  }

  @Test func aChildNamedThroughItsModuleIsFound() throws {
    let files = [
      "App/AppDelegate.swift": """
      import RIBs
      final class AppDelegate {
        var launchRouter: LaunchRouting?
        func start() { launchRouter = Builder(dependency: EmptyComponent()).build() }
      }
      """,
      "App/Root.swift": Self.module("Root", children: ["Shop"], launch: true),
      "Shop/Shop.swift": Self.module("Shop", children: ["Cart", "Detail"]),
      "Cart/Cart.swift": Self.module("Cart", children: ["Detail"]),
      "Detail/Detail.swift": Self.module("Detail", children: []),
    ]
    let graph = try graph(files, paths: ["App", "Shop", "Cart", "Detail"])
    let edges = Set(graph.edgeList.map { $0.replacingOccurrences(of: " ", with: "") })
    #expect(edges.count == 4, "\(graph.edgeList)")
    #expect(graph.edges.allSatisfy { $0.parent != $0.child })
    #expect(graph.problems.filter { $0.severity == .error }.isEmpty)
    #expect(graph.messages(.orphan).isEmpty, "\(graph.messages(.orphan))")
  }

  /// A type the module declares under a module's name shadows that module, as in Swift.
  @Test func aLocalTypeNamedLikeAModuleShadowsIt() throws {
    let files = [
      "App/AppDelegate.swift": """
      import RIBs
      final class AppDelegate {
        var launchRouter: LaunchRouting?
        func start() { launchRouter = Builder(dependency: EmptyComponent()).build() }
      }
      """,
      "App/Root.swift": Self.module(
        "Root", children: ["Shop"], launch: true,
        alsoBuilds: "_ = Cart.Builder(dependency: component)"),
      "App/Cart.swift": """
      enum Cart { final class Builder { init(dependency: Any) {} } }
      """,
      "Shop/Shop.swift": Self.module("Shop", children: []),
      "Cart/Cart.swift": Self.module("Cart", children: []),
    ]
    let graph = try graph(files, paths: ["App", "Shop", "Cart"])
    #expect(graph.edges.count == 1, "\(graph.edgeList)")
  }

  /// A Tuist app whose feature projects each keep their sources in a `Feature` folder and name
  /// their targets layer first (`Projects/Feature/Onboarding/Feature` is `FeatureOnboarding`),
  /// two of them declaring a `RootBuilder`: the one the parent names through its module is the
  /// child, not the other.
  @Test func aTargetNamedLayerFirstIsTheModuleItsQualifierNames() throws {
    func feature(_ name: String) -> String {
      """
      import RIBs
      public protocol RootDependency: Dependency {}
      final class RootComponent: Component<RootDependency> {}
      public protocol RootListener: AnyObject {}
      public protocol RootBuildable: Buildable {
        func build(withListener listener: RootListener) -> ViewableRouting
      }
      protocol RootInteractable: Interactable {}
      final class RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable {}
      final class RootViewController: UIViewController, ViewControllable {}
      public final class RootBuilder: Builder<RootDependency>, RootBuildable {
        public func build(withListener listener: RootListener) -> ViewableRouting {
          let viewController = RootViewController()
          let interactor = RootInteractor(presenter: viewController)
          return RootRouter(interactor: interactor, viewController: viewController)
        }
      }
      final class RootRouter: ViewableRouter<RootInteractable, ViewControllable> {}
      """
    }
    let files = [
      "Projects/Feature/Onboarding/Project.swift": "",
      "Projects/Feature/Onboarding/Feature/Sources/Root.swift": feature("Onboarding"),
      "Projects/Feature/Alarm/Project.swift": "",
      "Projects/Feature/Alarm/Feature/Sources/Root.swift": feature("Alarm"),
      "Projects/App/Project.swift": "",
      "Projects/App/Sources/Main.swift": """
      import RIBs
      import FeatureOnboarding
      import FeatureAlarm
      final class AppDelegate {
        var launchRouter: LaunchRouting?
        func start() { launchRouter = MainBuilder(dependency: EmptyComponent()).build() }
      }
      protocol MainDependency: Dependency {}
      final class MainComponent: Component<MainDependency>, FeatureOnboarding.RootDependency {}
      final class MainBuilder: Builder<MainDependency> {
        func build() -> LaunchRouting {
          let component = MainComponent(dependency: dependency)
          let viewController = MainViewController()
          let interactor = MainInteractor(presenter: viewController)
          let onboardingBuilder = FeatureOnboarding.RootBuilder(dependency: component)
          return MainRouter(
            interactor: interactor, viewController: viewController,
            onboardingBuilder: onboardingBuilder)
        }
      }
      final class MainInteractor: PresentableInteractor<MainPresentable>, MainInteractable,
        FeatureOnboarding.RootListener {}
      protocol MainInteractable: Interactable, FeatureOnboarding.RootListener {}
      final class MainViewController: UIViewController, ViewControllable {}
      final class MainRouter: LaunchRouter<MainInteractable, ViewControllable> {
        private let onboardingBuilder: FeatureOnboarding.RootBuildable
        init(
          interactor: MainInteractable, viewController: ViewControllable,
          onboardingBuilder: FeatureOnboarding.RootBuildable
        ) {
          self.onboardingBuilder = onboardingBuilder
          super.init(interactor: interactor, viewController: viewController)
        }
        func routeToOnboarding() {
          attachChild(onboardingBuilder.build(withListener: interactor))
        }
      }
      """,
    ]
    let folder = SourceFolder(files)
    let graph = try Linter(configuration: LintConfiguration()).graph(
      paths: [
        "Projects/App/Sources", "Projects/Feature/Alarm/Feature/Sources",
        "Projects/Feature/Onboarding/Feature/Sources",
      ],
      workingDirectory: folder.path
    ).graph
    #expect(graph.edges.count == 1, "\(graph.edgeList)")
    #expect(graph.edges.allSatisfy { $0.child.contains("Onboarding") }, "\(graph.edgeList)")
    #expect(graph.problems.filter { $0.severity == .error }.isEmpty, "\(graph.problems)")
    #expect(graph.messages(.missingDependency).isEmpty, "\(graph.problems)")

    // The same files from the app's folder, the features given through `..`.
    let fromApp = try Linter(configuration: LintConfiguration()).graph(
      paths: [
        "Sources", "../Feature/Alarm/Feature/Sources", "../Feature/Onboarding/Feature/Sources",
      ],
      workingDirectory: folder.path + "/Projects/App"
    ).graph
    #expect(fromApp.edges.allSatisfy { $0.child.contains("Onboarding") }, "\(fromApp.edgeList)")
  }
}
