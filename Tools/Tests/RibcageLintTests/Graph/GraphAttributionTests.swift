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
          }
          """
      ]))
    #expect(found.edgeList == ["LoggedIn → OffGame", "Root → LoggedIn", "Root → LoggedOut"])
    #expect(found.messages(.listenerNotImplemented).isEmpty, "\(found.problems)")
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
