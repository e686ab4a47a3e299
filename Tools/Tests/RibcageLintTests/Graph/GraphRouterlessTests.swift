import RibcageLint
import Testing

/// A RIB of a router-less framework (ShortRibs' shape): a componentized builder returning the
/// interactor, a Needle component making the child builders, the interactor attaching them.
private func routerlessRIB(
  _ name: String, children: [String] = [], listeners: [String]? = nil, root: Bool = false
) -> String {
  let childBuilders = children.map {
    "  fileprivate var \($0.lowercased())Builder: \($0)Buildable { \($0)Builder { \($0)Component(parent: self) } }"
  }.joined(separator: "\n")
  let stored = children.map { "  private let \($0.lowercased())Builder: \($0)Buildable" }
    .joined(separator: "\n")
  let parameters = children.map { ", \($0.lowercased())Builder: \($0)Buildable" }.joined()
  let assignments = children.map {
    "    self.\($0.lowercased())Builder = \($0.lowercased())Builder"
  }.joined(separator: "\n")
  let arguments = children.map {
    ", \($0.lowercased())Builder: component.\($0.lowercased())Builder"
  }.joined()
  let routes = children.map {
    """
      func routeTo\($0)() {
        let child = \($0.lowercased())Builder.build(withListener: self)
        attach(child: child)
      }
    """
  }.joined(separator: "\n")
  let conformances = (listeners ?? children).map { ", \($0)Listener" }.joined()
  let component =
    root
    ? "final class \(name)Component: BootstrapComponent {"
    : "protocol \(name)Dependency: Dependency {}\nfinal class \(name)Component: Component<\(name)Dependency> {"
  let base =
    root
    ? "ComponentizedRootBuilder<\(name)Component, PresentableInteractable, UIWindow, Void>"
    : "ComponentizedBuilder<\(name)Component, PresentableInteractable, \(name)Listener, Void>"
  return """
    import NeedleFoundation
    import ShortRibs
    import UIKit
    \(component)
    \(childBuilders)
    }
    protocol \(name)Listener: AnyObject { func didClose() }
    protocol \(name)Buildable: AnyObject {
      func build(withListener listener: \(name)Listener) -> PresentableInteractable
    }
    final class \(name)Builder: \(base), \(name)Buildable {
      override func build(with component: \(name)Component, _ listener: \(name)Listener) -> PresentableInteractable {
        let viewController = \(name)ViewController()
        let interactor = \(name)Interactor(presenter: viewController\(arguments))
        return interactor
      }
      func build(withListener listener: \(name)Listener) -> PresentableInteractable {
        build(withDynamicBuildDependency: listener, dynamicComponentDependency: ())
      }
    }
    protocol \(name)Presentable: AnyObject {}
    final class \(name)ViewController: UIViewController, \(name)Presentable {}
    final class \(name)Interactor: PresentableInteractor<\(name)Presentable>\(conformances) {
      weak var listener: \(name)Listener?
    \(stored)
      init(presenter: \(name)Presentable\(parameters)) {
    \(assignments)
        super.init(presenter: presenter)
      }
    \(routes)
    }
    """
}

/// A small router-less app: Shelf (the root, built by the scene delegate) → Book, Settings;
/// Book → Notes.
private func routerlessApp(shelfListens: [String]? = nil) -> [String: String] {
  [
    "SceneDelegate.swift": """
    import UIKit
    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
      var shelf: PresentableInteractable?
      func start(window: UIWindow) {
        shelf = ShelfBuilder { ShelfComponent() }.build(withListener: self)
        shelf?.activate()
      }
    }
    """,
    "Shelf.swift": routerlessRIB(
      "Shelf", children: ["Book", "Settings"], listeners: shelfListens, root: true),
    "Book.swift": routerlessRIB("Book", children: ["Notes"]),
    "Settings.swift": routerlessRIB("Settings"),
    "Notes.swift": routerlessRIB("Notes"),
  ]
}

/// ShortRibs has no routers: each interactor attaches its children. Its RIBs are drawn around
/// the builder and the interactor it makes, which stands in the router's place.
@Test(.timeLimit(.minutes(10))) func aRouterlessFrameworksRIBsAreDrawnAroundTheirInteractors()
  throws
{
  let found = try graph(routerlessApp())
  #expect(found.nodes.map(\.id) == ["Book", "Notes", "Settings", "Shelf"])
  #expect(found.edgeList == ["Book → Notes", "Shelf → Book", "Shelf → Settings"])
  #expect(found.roots == ["Shelf"])
  #expect(found.problems.isEmpty, "\(found.problems.map(\.message))")
  #expect(found.unplaced.isEmpty, "\(found.unplaced.map(\.type))")
  let book = try #require(found.nodes.first { $0.id == "Book" })
  #expect(book.router == "BookInteractor")
  #expect(book.interactor == "BookInteractor")
  #expect(book.builder == "BookBuilder")
  #expect(book.component == "BookComponent")
  #expect(book.view == "BookViewController")
  #expect(book.listener == "BookListener")
}

/// The checks read a router-less RIB as any other: a parent interactor that does not conform to
/// a child's listener is reported.
@Test(.timeLimit(.minutes(10))) func aRouterlessParentNotListeningToItsChildIsReported() throws {
  let found = try graph(routerlessApp(shelfListens: ["Book"]))
  #expect(found.edgeList == ["Book → Notes", "Shelf → Book", "Shelf → Settings"])
  let messages = found.messages(.listenerNotImplemented)
  #expect(messages.count == 1, "\(messages)")
  #expect(messages.first?.contains("SettingsListener") == true, "\(messages)")
}

/// In an app with routers, a builder whose router cannot be read stays unplaced: it is not
/// drawn around its interactor.
@Test(.timeLimit(.minutes(10))) func inAnAppWithRoutersARouterlessBuilderStaysUnplaced() throws {
  var files = uberApp()
  files["Notes.swift"] = routerlessRIB("Notes")
  let found = try graph(files)
  #expect(!found.nodes.contains { $0.id == "Notes" })
  #expect(found.unplaced.contains { $0.type == "NotesBuilder" })
}

/// Of two interactors a builder makes, the RIB is the one named after the builder; of two
/// builders making one interactor (the app's and a preview's), the one named after it builds
/// the RIB, whose children stay under it.
@Test(.timeLimit(.minutes(10))) func aRouterlessRIBIsTheInteractorAndBuilderNamedAlike() throws {
  var files = routerlessApp()
  files["Shelf.swift"] =
    files["Shelf.swift"]!.replacingOccurrences(
      of: "let viewController = ShelfViewController()",
      with: "let session = SessionInteractor()\n    let viewController = ShelfViewController()"
    ) + "\nfinal class SessionInteractor: Interactor {}\n"
  files["BookPreview.swift"] = """
    import ShortRibs
    final class BookPreviewBuilder: SimpleComponentizedBuilder<BookComponent, PresentableInteractable> {
      override func build(with component: BookComponent) -> PresentableInteractable {
        BookInteractor(presenter: BookViewController(), notesBuilder: component.notesBuilder)
      }
    }
    """
  let found = try graph(files)
  #expect(found.nodes.first { $0.id == "Shelf" }?.interactor == "ShelfInteractor")
  #expect(found.edgeList == ["Book → Notes", "Shelf → Book", "Shelf → Settings"])
  #expect(found.roots == ["Shelf"])
  #expect(found.problems.isEmpty, "\(found.problems.map(\.message))")
}

/// Builders that create a router type the run does not declare, or return a routing
/// protocol, belong to an app with routers whose routers are in folders not passed: they stay
/// unplaced, not drawn around their interactors.
@Test(.timeLimit(.minutes(10))) func buildersOfRoutersInFoldersNotPassedStayUnplaced() throws {
  let builder = """
    import RIBs
    final class LoggedOutBuilder: Builder<LoggedOutDependency>, LoggedOutBuildable {
      func build(withListener listener: LoggedOutListener) -> LoggedOutRouting {
        let viewController = LoggedOutViewController()
        let interactor = LoggedOutInteractor(presenter: viewController)
        return LoggedOutRouter(interactor: interactor, viewController: viewController)
      }
    }
    final class LoggedOutInteractor: PresentableInteractor<LoggedOutPresentable> {}
    """
  let found = try graph(["LoggedOut.swift": builder])
  #expect(found.nodes.isEmpty, "\(found.nodes.map(\.id))")
  #expect(found.unplaced.map(\.type).sorted() == ["LoggedOutBuilder", "LoggedOutInteractor"])
}

/// A builder handing its interactor a package's `…Router` (a deep-link router) is still a
/// router-less RIB's: only its own RIB's router (`SettingsRouter`) says the app has routers.
@Test(.timeLimit(.minutes(10))) func aPackagesRouterTypeKeepsTheRouterlessGraph() throws {
  var files = routerlessApp()
  files["Settings.swift"] = files["Settings.swift"]!.replacingOccurrences(
    of: "let viewController = SettingsViewController()",
    with:
      "let links = DeepLinkRouter(scheme: \"shelf\")\n    let viewController = SettingsViewController()"
  )
  let found = try graph(files)
  #expect(found.edgeList == ["Book → Notes", "Shelf → Book", "Shelf → Settings"])
}
