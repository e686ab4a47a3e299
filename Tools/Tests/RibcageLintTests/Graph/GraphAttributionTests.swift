import RibcageLint
import Testing

/// Which RIB is a child's parent, in the shapes modular public apps use: the RIB
/// whose router really attaches it, through whatever helper hands it the builder.
@Suite(.timeLimit(.minutes(10))) struct GraphAttributionTests {
  static let loggedIn = """
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
    protocol LoggedInRouting: Routing {}
    protocol LoggedInInteractable: Interactable, OffGameListener {}
    final class LoggedInInteractor: Interactor, LoggedInInteractable {}
    """

  /// A router on the app's own generic base class, declared in a module not passed: named
  /// `…Router`, its base's first argument the RIB's interactor (or its `…Interactable`), it is the
  /// RIB's router. A class merely named so, on an unknown base about something else, is not.
  @Test func aRouterOnABaseClassOutsideTheRunIsTheRIBsRouter() throws {
    var files = uberApp()
    files["OffGame/OffGame.swift"] = files["OffGame/OffGame.swift"]?.replacingOccurrences(
      of: "final class OffGameRouter: ViewableRouter<OffGameInteractor, OffGameViewController>,",
      with:
        "final class OffGameRouter: FeatureRouterBase<OffGameInteractor, OffGameViewController>,"
    )
    files["Scores/ScoreRouter.swift"] = """
      import Foundation
      final class ScoreRouter: MessageRouterBase<ScoreMessage> {}
      final class ScoreMessage {}
      """
    let found = try graph(files)
    #expect(found.edgeList == ["LoggedIn → OffGame", "Root → LoggedIn", "Root → LoggedOut"])
    #expect(found.nodes.first { $0.name == "OffGame" }?.view == "OffGameViewController")
    #expect(!found.nodes.contains { $0.name == "Score" })
    #expect(found.problems.filter { $0.severity == .error }.isEmpty, "\(found.problems)")
  }

  @Test func aBuilderMadeInALocalNobodyUsesIsNoEdge() throws {
    let found = try graph(
      uberApp([
        "LoggedIn/LoggedIn.swift": Self.loggedIn + """

          final class LoggedInBuilder: Builder<LoggedInDependency>, LoggedInBuildable {
            func build(withListener listener: LoggedInListener) -> LoggedInRouting {
              let component = LoggedInComponent(dependency: dependency)
              let interactor = LoggedInInteractor()
              let leftover = LoggedOutBuilder(dependency: component)
              return LoggedInRouter(
                interactor: interactor, offGameBuilder: OffGameBuilder(dependency: component))
            }
          }
          final class LoggedInRouter: Router<LoggedInInteractable>, LoggedInRouting {
            private let offGameBuilder: OffGameBuildable
            init(interactor: LoggedInInteractable, offGameBuilder: OffGameBuildable) {
              self.offGameBuilder = offGameBuilder
              super.init(interactor: interactor)
            }
            func routeToOffGame() { attachChild(offGameBuilder.build(withListener: interactor)) }
          }
          """
      ]))
    #expect(found.edgeList == ["LoggedIn → OffGame", "Root → LoggedIn", "Root → LoggedOut"])
    #expect(found.messages(.listenerNotImplemented).isEmpty, "\(found.problems)")
  }

  /// A builder the parent makes and hands to its router, which keeps it and never reads it,
  /// builds nothing: no edge, and the child's orphan warning says where it is made. One the
  /// router reads (builds, or hands to a helper) is an edge.
  @Test func aChildBuilderTheRouterKeepsAndNeverReadsIsNoEdge() throws {
    let found = try graph(
      uberApp([
        "LoggedIn/LoggedIn.swift": Self.loggedIn + """

          final class LoggedInBuilder: Builder<LoggedInDependency>, LoggedInBuildable {
            func build(withListener listener: LoggedInListener) -> LoggedInRouting {
              let component = LoggedInComponent(dependency: dependency)
              let interactor = LoggedInInteractor()
              let offGameBuilder = OffGameBuilder(dependency: component)
              return LoggedInRouter(interactor: interactor, offGameBuilder: offGameBuilder)
            }
          }
          final class LoggedInRouter: Router<LoggedInInteractable>, LoggedInRouting {
            private let offGameBuilder: OffGameBuildable
            init(interactor: LoggedInInteractable, offGameBuilder: OffGameBuildable) {
              self.offGameBuilder = offGameBuilder
              super.init(interactor: interactor)
            }
          }
          """
      ]))
    #expect(found.edgeList == ["Root → LoggedIn", "Root → LoggedOut"])
    let orphans = found.problems.filter { $0.kind == .orphan }
    #expect(orphans.map(\.path) == ["LoggedIn/LoggedIn.swift"], "\(found.problems)")
    #expect(orphans.first?.message.contains("never built") == true, "\(found.problems)")
    #expect(found.messages(.listenerNotImplemented).isEmpty, "\(found.problems)")

    let handedOn = try graph(
      uberApp([
        "LoggedIn/LoggedIn.swift": Self.loggedIn + """

          final class LoggedInBuilder: Builder<LoggedInDependency>, LoggedInBuildable {
            func build(withListener listener: LoggedInListener) -> LoggedInRouting {
              let component = LoggedInComponent(dependency: dependency)
              let interactor = LoggedInInteractor()
              return LoggedInRouter(
                interactor: interactor, offGameBuilder: OffGameBuilder(dependency: component))
            }
          }
          final class LoggedInRouter: Router<LoggedInInteractable>, LoggedInRouting {
            private let offGameBuilder: OffGameBuildable
            init(interactor: LoggedInInteractable, offGameBuilder: OffGameBuildable) {
              self.offGameBuilder = offGameBuilder
              super.init(interactor: interactor)
            }
            func routeToOffGame() { attach(using: offGameBuilder) }
          }
          """
      ]))
    #expect(handedOn.edgeList == ["LoggedIn → OffGame", "Root → LoggedIn", "Root → LoggedOut"])

    // Read by an extension of a protocol the router conforms to.
    let byExtension = try graph(
      uberApp([
        "LoggedIn/LoggedIn.swift": Self.loggedIn + """

          final class LoggedInBuilder: Builder<LoggedInDependency>, LoggedInBuildable {
            func build(withListener listener: LoggedInListener) -> LoggedInRouting {
              let component = LoggedInComponent(dependency: dependency)
              let interactor = LoggedInInteractor()
              return LoggedInRouter(
                interactor: interactor, offGameBuilder: OffGameBuilder(dependency: component))
            }
          }
          final class LoggedInRouter: Router<LoggedInInteractable>, LoggedInRouting, OffGameRoutable {
            let offGameBuilder: OffGameBuildable
            init(interactor: LoggedInInteractable, offGameBuilder: OffGameBuildable) {
              self.offGameBuilder = offGameBuilder
              super.init(interactor: interactor)
            }
          }
          """,
        "LoggedIn/OffGameRoutable.swift": """
        import RIBs
        protocol OffGameRoutable: Routing { var offGameBuilder: OffGameBuildable { get } }
        extension OffGameRoutable {
          func routeToOffGame() { attachChild(offGameBuilder.build(withListener: interactor)) }
        }
        """,
      ]))
    #expect(byExtension.edgeList == ["LoggedIn → OffGame", "Root → LoggedIn", "Root → LoggedOut"])
  }

  @Test func childBuildersMadeInAHelperTheRouterIsGivenAreFollowed() throws {
    let found = try graph(
      uberApp([
        "LoggedIn/LoggedIn.swift": Self.loggedIn + """

          final class LoggedInBuilder: Builder<LoggedInDependency>, LoggedInBuildable {
            func build(withListener listener: LoggedInListener) -> LoggedInRouting {
              let component = LoggedInComponent(dependency: dependency)
              let interactor = LoggedInInteractor()
              return LoggedInRouter(
                interactor: interactor, children: LoggedInRouterComponent(component: component))
            }
          }
          final class LoggedInRouterComponent: OffGameDependency {
            let scores: ScoreStream
            lazy var offGameBuilder: OffGameBuildable = OffGameBuilder(dependency: self)
            init(component: LoggedInComponent) { scores = component.scores }
          }
          final class LoggedInRouter: Router<LoggedInInteractable>, LoggedInRouting {
            private let children: LoggedInRouterComponent
            init(interactor: LoggedInInteractable, children: LoggedInRouterComponent) {
              self.children = children
              super.init(interactor: interactor)
            }
            func routeToOffGame() {
              attachChild(children.offGameBuilder.build(withListener: interactor))
            }
          }
          """,
        // The helper provides OffGame's dependency, not LoggedIn's component.
        "OffGame/OffGame.swift": try #require(uberApp()["OffGame/OffGame.swift"])
          .replacingOccurrences(of: "extension LoggedInComponent: OffGameDependency {}", with: ""),
      ]))
    #expect(found.edgeList == ["LoggedIn → OffGame", "Root → LoggedIn", "Root → LoggedOut"])
    #expect(found.roots == ["Root"])
    #expect(found.messages(.missingDependency).isEmpty, "\(found.problems)")
  }

  @Test func childBuildersMadeInHelpersNestedInTheRoutersHelperAreFollowed() throws {
    // The builder hands the router one helper, which makes two more, one of them holding the
    // child's builder (the router reaches it through the outer helper's protocol-typed
    // property).
    let found = try graph(
      uberApp([
        "LoggedIn/LoggedIn.swift": Self.loggedIn + """

          final class LoggedInBuilder: Builder<LoggedInDependency>, LoggedInBuildable {
            func build(withListener listener: LoggedInListener) -> LoggedInRouting {
              let component = LoggedInComponent(dependency: dependency)
              let interactor = LoggedInInteractor()
              let wiring = LoggedInWiring(component: component)
              return LoggedInRouter(interactor: interactor, wiring: wiring)
            }
          }
          protocol PanelWiring { var offGameBuilder: OffGameBuildable { get } }
          final class LoggedInWiring {
            let panels: PanelWiring
            let extras: ExtrasWiring
            init(component: LoggedInComponent) {
              panels = LoggedInPanelWiring(component: component)
              extras = ExtrasWiring(title: "extras")
            }
          }
          final class LoggedInPanelWiring: PanelWiring, OffGameDependency {
            let scores: ScoreStream
            lazy var offGameBuilder: OffGameBuildable = OffGameBuilder(dependency: self)
            init(component: LoggedInComponent) { scores = component.scores }
          }
          final class ExtrasWiring {
            let title: String
            init(title: String) { self.title = title }
          }
          final class LoggedInRouter: Router<LoggedInInteractable>, LoggedInRouting {
            private let wiring: LoggedInWiring
            init(interactor: LoggedInInteractable, wiring: LoggedInWiring) {
              self.wiring = wiring
              super.init(interactor: interactor)
            }
            func routeToOffGame() {
              attachChild(wiring.panels.offGameBuilder.build(withListener: interactor))
            }
          }
          """,
        // The nested helper provides OffGame's dependency, not LoggedIn's component.
        "OffGame/OffGame.swift": try #require(uberApp()["OffGame/OffGame.swift"])
          .replacingOccurrences(of: "extension LoggedInComponent: OffGameDependency {}", with: ""),
      ]))
    #expect(found.edgeList == ["LoggedIn → OffGame", "Root → LoggedIn", "Root → LoggedOut"])
    #expect(found.roots == ["Root"])
  }

  @Test func aChildBuiltThroughTheRoutersDependencyObjectIsAttachedThere() throws {
    // The root component makes OffGame's builder once and attaches OffGame itself; LoggedIn's
    // component passes that builder on, and LoggedIn's router builds it through the
    // protocol-typed dependency object it is given: LoggedIn attaches OffGame too.
    let found = try graph(
      uberApp([
        "Root/RootOffGame.swift": """
        import RIBs
        extension RootComponent: OffGameDependency {
          var scores: ScoreStream { ScoreStream() }
          var offGameBuilder: OffGameBuildable { OffGameBuilder(dependency: self) }
        }
        extension RootRouter {
          func routeToOffGame(builder: OffGameBuildable) {
            attachChild(builder.build(withListener: interactor))
          }
        }
        """,
        "LoggedIn/LoggedIn.swift": """
        import RIBs
        protocol LoggedInDependency: Dependency {
          var offGameBuilder: OffGameBuildable { get }
        }
        extension RootComponent: LoggedInDependency {}
        final class LoggedInComponent: Component<LoggedInDependency>, LoggedInRouterDependency {
          var offGameBuildable: OffGameBuildable { dependency.offGameBuilder }
        }
        protocol LoggedInListener: AnyObject {}
        protocol LoggedInBuildable: Buildable {
          func build(withListener listener: LoggedInListener) -> LoggedInRouting
        }
        final class LoggedInBuilder: Builder<LoggedInDependency>, LoggedInBuildable {
          func build(withListener listener: LoggedInListener) -> LoggedInRouting {
            let component = LoggedInComponent(dependency: dependency)
            return LoggedInRouter(interactor: LoggedInInteractor(), dependency: component)
          }
        }
        protocol LoggedInRouterDependency: AnyObject {
          var offGameBuildable: OffGameBuildable { get }
        }
        protocol LoggedInRouting: Routing {}
        protocol LoggedInInteractable: Interactable, OffGameListener {}
        final class LoggedInRouter: Router<LoggedInInteractable>, LoggedInRouting {
          private let dependency: LoggedInRouterDependency
          init(interactor: LoggedInInteractable, dependency: LoggedInRouterDependency) {
            self.dependency = dependency
            super.init(interactor: interactor)
          }
          func routeToOffGame() {
            attachChild(dependency.offGameBuildable.build(withListener: interactor))
          }
        }
        final class LoggedInInteractor: Interactor, LoggedInInteractable {}
        """,
        "OffGame/OffGame.swift": try #require(uberApp()["OffGame/OffGame.swift"])
          .replacingOccurrences(of: "extension LoggedInComponent: OffGameDependency {}", with: ""),
      ]))
    #expect(found.edgeList.contains("LoggedIn → OffGame"), "\(found.edgeList)")
    #expect(found.roots == ["Root"])
  }

  @Test func aComponentMakingAChildsBuilderForDIIsNotItsParent() throws {
    // The root component makes OffGame's builder as a property other RIBs' dependencies reach;
    // LoggedIn's builder hands one to its router, which attaches OffGame.
    let found = try graph(
      uberApp([
        "Root/RootProvides.swift": """
        import RIBs
        extension RootComponent {
          var offGameBuildable: OffGameBuildable { OffGameBuilder(dependency: self) }
        }
        """
      ]))
    #expect(found.edgeList == ["LoggedIn → OffGame", "Root → LoggedIn", "Root → LoggedOut"])
    #expect(found.messages(.listenerNotImplemented).isEmpty, "\(found.problems)")
  }

  @Test func aComponentProvidingAGrandchildsDependencyIsNotItsParent() throws {
    // A modular app's root component provides every feature's dependency; the RIB that
    // attaches OffGame is LoggedIn, and only LoggedIn listens to it.
    let found = try graph(
      uberApp([
        "Root/RootProvides.swift": """
        import RIBs
        extension RootComponent: OffGameDependency {
          var scores: ScoreStream { ScoreStream() }
        }
        """
      ]))
    #expect(found.edgeList == ["LoggedIn → OffGame", "Root → LoggedIn", "Root → LoggedOut"])
    #expect(found.messages(.listenerNotImplemented).isEmpty, "\(found.problems)")
  }
}
