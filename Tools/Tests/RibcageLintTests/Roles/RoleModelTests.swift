import Testing

@testable import RibcageLint

/// `ribcage lint` and `ribcage graph` read one model of roles (``RoleBases``, ``TestDoubleName``):
/// a base class the graph draws a RIB part from gives lint the same role, and the two agree on
/// what a test double is.
@Suite(.timeLimit(.minutes(10))) struct RoleModelTests {
  /// The role lint gives a class named for no role that inherits `base` alone.
  func lintRole(_ base: String) -> Set<Role> {
    TypeInfo(name: "Plain", shape: .classType, inherited: [base], naming: Naming()).roles
  }

  @Test(arguments: [
    (RoleBases.routers, Role.router), (RoleBases.interactors, .interactor),
    (RoleBases.builders, .builder), (RoleBases.components, .component),
  ])
  func everyBaseClassTheGraphReadsGivesLintItsRole(bases: Set<String>, role: Role) {
    for base in bases.sorted() {
      #expect(lintRole(base) == [role], "\(base)")
    }
  }

  /// Needle's and Nodes' bases, and the router and builder uber/RIBs added later.
  @Test func lintKnowsTheFrameworksVariants() {
    #expect(lintRole("PresentableRouter") == [.router])
    #expect(lintRole("MultiStageComponentizedBuilder") == [.builder])
    #expect(lintRole("BootstrapComponent") == [.component])
    #expect(lintRole("AbstractFlow") == [.router])
    #expect(lintRole("AbstractPresentableContext") == [.interactor])
  }

  /// A router class named for nothing is a RIB in the graph exactly when lint calls it a router.
  @Test(arguments: RoleBases.routers.sorted())
  func theGraphDrawsWhatLintCallsARouter(base: String) throws {
    let drawn = try graph([
      "Plain.swift": """
      final class Plain: \(base)<PlainInteractor, PlainViewControllable> {}
      final class PlainInteractor: Interactor {}
      """
    ])
    #expect(drawn.nodes.map(\.router) == ["Plain"])
    #expect(lintRole(base) == [.router])
  }

  @Test(arguments: [
    ("LoggedInRouterMock", true), ("MockLoggedInRouter", true), ("TripServiceFake", true),
    ("FakeTripService", true), ("SpyRouter", true), ("Mock", true),
    ("Mockingbird", false), ("StubbornRouter", false), ("SpyglassRouter", false),
    ("HammockRouter", false),
  ])
  func lintAndGraphAgreeOnTestDoubles(name: String, isDouble: Bool) throws {
    let lint = TypeInfo(name: name, shape: .classType, inherited: [], naming: Naming())
    let graphDeclaration = TypeDeclaration(
      name: name, kind: .classType, place: SourcePoint(line: 1, column: 1))
    #expect(lint.isTestDouble == isDouble)
    #expect(graphDeclaration.isTestDouble == isDouble)
    let drawn = try graph([
      "Double.swift": """
      final class \(name): Router<\(name)Interactor> {}
      final class \(name)Interactor: Interactor {}
      """
    ])
    #expect(drawn.nodes.isEmpty == isDouble, "\(drawn.nodes.map(\.router))")
  }
}
