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
}
