import RibcageLint
import Testing

// `child-knows-parent` (Sources/RibcageLint/Rules/ChildKnowsParent.swift): code that must fire and code
// that must not, Ribcage and uber/RIBs / ModernRIBs code alike, and the faults of its class
// found in public RIBs apps (docs/lint-evaluation.md).

@Suite(.timeLimit(.minutes(10))) struct ChildKnowsParentTests {
  static let tree = """
    final class RootBuilder: Builder<RootDependency> {
      func build() -> RootRouter { RootRouter(interactor: RootInteractor(), loggedIn: LoggedInBuilder(dependency: self)) }
    }
    final class RootRouter: LaunchRouter<RootInteractor, RootView> { var loggedIn: LoggedInRouter? }
    final class RootInteractor: Interactor {}
    final class LoggedInBuilder: Builder<LoggedInDependency> {
      func build() -> LoggedInRouter { LoggedInRouter(interactor: LoggedInInteractor(), home: HomeBuilder(dependency: self)) }
    }
    final class LoggedInRouter: Router<LoggedInInteractor> { var home: HomeRouter? }
    final class LoggedInInteractor: Interactor {}
    final class HomeBuilder: Builder<HomeDependency> {}
    final class HomeRouter: Router<HomeInteractor> {}
    final class SettingsRouter: Router<SettingsInteractor> {}
    """

  @Test func firesOnUpwardAndSidewaysReferences() throws {
    let source =
      Self.tree + """

        final class HomeInteractor: Interactor {
          weak var root: RootInteractor?
          var settings: SettingsRouter?
        }
        """
    let found = try findings(source, rule: .childKnowsParent)
    #expect(found.map(\.line) == [15, 16])
    #expect(found[0].message.contains("a concrete type of its ancestor (Root)"))
    #expect(found[1].message.contains("a concrete type of another RIB (Settings)"))
  }

  @Test func quietForDescendantsOwnTypesBaseClassesAndProtocols() throws {
    let source =
      Self.tree + """

        final class HomeInteractor: PresentableInteractor<HomePresentable>, HomeInteractable {
          weak var listener: HomeListener?
          weak var router: HomeRouting?
          func make() -> HomeRouter? { nil }
        }
        final class RootComponent: Component<RootDependency> { var x: HomeRouter? }
        final class ExternalUser { var r: RootRouter? }
        """
    #expect(try lines(source, .childKnowsParent).isEmpty)
  }
}

@Suite(.timeLimit(.minutes(10))) struct ListenerNamesConcreteTypeTests {
  @Test func aListenerProtocolNamingASiblingsConcreteInteractorIsReported() throws {
    let files = [
      "Search/SearchBuilder.swift": """
      import ModernRIBs
      final class SearchBuilder: Builder<SearchDependency> {
        let bar = SearchBarBuilder(dependency: x)
        let list = SearchListBuilder(dependency: x)
      }
      """,
      "Search/SearchBar/SearchBarInteractor.swift": """
      import ModernRIBs
      protocol SearchBarListener: AnyObject { var query: String { get } }
      final class SearchBarInteractor: Interactor { enum State { case empty } }
      final class SearchBarBuilder: Builder<SearchBarDependency> {}
      """,
      "Search/SearchList/SearchListInteractor.swift": """
      import ModernRIBs
      protocol SearchListListener: AnyObject {
        var state: AnyPublisher<SearchBarInteractor.State, Never> { get }
      }
      final class SearchListInteractor: Interactor {}
      final class SearchListBuilder: Builder<SearchListDependency> {}
      """,
    ]
    #expect(
      try findingPlaces(files, .childKnowsParent) == [
        "Search/SearchList/SearchListInteractor.swift:3"
      ])
  }
}
