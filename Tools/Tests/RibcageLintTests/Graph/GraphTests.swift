import Foundation
import RibcageLint
import Testing

// `ribcage graph`: each shape of builder and edge, each dependency error, each tree problem.

@Test(.timeLimit(.minutes(10))) func uberShapesDrawTheTreeWithItsParts() throws {
  let graph = try graph(uberApp())
  #expect(graph.roots == ["Root"])
  #expect(graph.edgeList == ["LoggedIn → OffGame", "Root → LoggedIn", "Root → LoggedOut"])
  #expect(graph.problems.isEmpty, "\(graph.problems)")
  #expect(graph.interactorCount == 4)
  let loggedOut = try #require(graph.node("LoggedOut"))
  #expect(loggedOut.builder == "LoggedOutBuilder")
  #expect(loggedOut.interactor == "LoggedOutInteractor")
  #expect(loggedOut.view == "LoggedOutViewController")
  #expect(loggedOut.presenter == "LoggedOutViewController")
  #expect(graph.node("LoggedIn")?.presenter == nil)
  #expect(loggedOut.listener == "LoggedOutListener")
  #expect(loggedOut.dependency == "LoggedOutDependency")
  #expect(graph.node("LoggedIn")?.hasView == false)
  #expect(graph.node("LoggedIn")?.component == "LoggedInComponent")
  #expect(graph.node("Root")?.path == "Root/Root.swift")
}

@Test(.timeLimit(.minutes(10))) func ribsAreFoundByInheritanceNotByName() throws {
  // Odd names: the router and interactor are found from what they inherit, through a project
  // base class declared in another file.
  let graph = try graph([
    "Base.swift": """
    import ModernRIBs
    class BaseInteractor<P>: PresentableInteractor<P> {}
    class AppViewableRouter<I, V>: ViewableRouter<I, V> {}
    """,
    "Profile.swift": """
    import ModernRIBs
    protocol ProfileDependency: Dependency {}
    final class ProfileAssembly: Builder<ProfileDependency> {
      func build() -> ProfileFlow {
        let screen = ProfileScreen()
        return ProfileFlow(interactor: ProfileLogic(presenter: screen), viewController: screen)
      }
    }
    final class ProfileFlow: AppViewableRouter<ProfileLogic, ProfileScreen> {}
    final class ProfileLogic: BaseInteractor<ProfileScreen> {}
    final class ProfileScreen: UIViewController {}
    """,
  ])
  #expect(graph.nodes.map(\.name) == ["ProfileFlow"])
  #expect(graph.node("ProfileFlow")?.builder == "ProfileAssembly")
  #expect(graph.node("ProfileFlow")?.interactor == "ProfileLogic")
  #expect(graph.interactorCount == 1)
  #expect(graph.unplaced.isEmpty)
}

@Test(.timeLimit(.minutes(10))) func implicitInitsAndStoredBuildablesAreEdges() throws {
  // ModernRIBs apps write `let x: XBuilder = .init(dependency: component)`; routers store
  // `any XBuildable` under any name.
  let drawn = try graph(
    uberApp([
      "Root/Root.swift": try #require(uberApp()["Root/Root.swift"]).replacingOccurrences(
        of: "let loggedOutBuilder = LoggedOutBuilder(dependency: component)",
        with: "let loggedOutBuilder: LoggedOutBuilder = .init(dependency: component)")
    ]))
  #expect(drawn.edgeList == ["LoggedIn → OffGame", "Root → LoggedIn", "Root → LoggedOut"])
  let edge = try #require(drawn.edges.first { $0.child == "LoggedOut" })
  #expect(edge.evidence == "creates LoggedOutBuilder")
  #expect(drawn.problems.isEmpty)

  let stored = try graph([
    "Feed.swift": """
    import ModernRIBs
    protocol FeedDependency: Dependency {}
    final class FeedBuilder: Builder<FeedDependency> {
      func build() -> FeedRouter { FeedRouter(interactor: FeedInteractor(), search: nil) }
    }
    final class FeedRouter: Router<FeedInteractor> {
      private let search: (any SearchBuildable)?
      init(interactor: FeedInteractor, search: (any SearchBuildable)?) {
        self.search = search
        super.init(interactor: interactor)
      }
    }
    final class FeedInteractor: Interactor {}
    protocol SearchBuildable: Buildable { func build() -> SearchRouter }
    protocol SearchDependency: Dependency {}
    final class SearchBuilder: Builder<SearchDependency>, SearchBuildable {
      func build() -> SearchRouter { SearchRouter(interactor: SearchInteractor()) }
    }
    final class SearchRouter: Router<SearchInteractor> {}
    final class SearchInteractor: Interactor {}
    """
  ])
  #expect(stored.edgeList == ["Feed → Search"])
  #expect(stored.edges.first?.evidence == "stores SearchBuildable")
}

@Test(.timeLimit(.minutes(10))) func componentizedAndMultiStageBuildersAreReadFromTheirComponents()
  throws
{
  let graph = try graph([
    "Parent.swift": """
    import RIBs
    protocol ParentDependency: Dependency {}
    final class ParentComponent: Component<ParentDependency> {
      let session = Session()
    }
    final class ParentBuilder: Builder<ParentDependency> {
      func build() -> ParentRouter {
        let component = ParentComponent(dependency: dependency)
        return ParentRouter(
          interactor: ParentInteractor(),
          cart: CartBuilder { CartComponent(parent: component) },
          checkout: CheckoutBuilder { CheckoutComponent(dependency: component) })
      }
    }
    final class ParentRouter: Router<ParentInteractor> {
      init(interactor: ParentInteractor, cart: CartBuilder, checkout: CheckoutBuilder) {
        super.init(interactor: interactor)
      }
    }
    final class ParentInteractor: Interactor {}
    """,
    "Cart.swift": """
    import RIBs
    protocol CartDependency: Dependency { var session: Session { get } }
    extension ParentComponent: CartDependency {}
    final class CartComponent: Component<CartDependency> {}
    final class CartBuilder: SimpleComponentizedBuilder<CartComponent, CartRouter> {
      override func build(with component: CartComponent) -> CartRouter {
        CartRouter(interactor: CartInteractor())
      }
    }
    final class CartRouter: Router<CartInteractor> {}
    final class CartInteractor: Interactor {}
    """,
    "Checkout.swift": """
    import RIBs
    protocol CheckoutDependency: Dependency { var session: Session { get } }
    extension ParentComponent: CheckoutDependency {}
    final class CheckoutComponent: Component<CheckoutDependency> {}
    final class CheckoutBuilder: MultiStageComponentizedBuilder<CheckoutComponent, CheckoutRouter, Void> {
      override func finalStageBuild(with component: CheckoutComponent, _ dynamicDependency: Void)
        -> CheckoutRouter
      {
        CheckoutRouter(interactor: CheckoutInteractor())
      }
    }
    final class CheckoutRouter: Router<CheckoutInteractor> {}
    final class CheckoutInteractor: Interactor {}
    """,
  ])
  #expect(graph.edgeList == ["Parent → Cart", "Parent → Checkout"])
  #expect(graph.node("Cart")?.component == "CartComponent")
  #expect(graph.node("Cart")?.dependency == "CartDependency")
  #expect(graph.node("Checkout")?.dependency == "CheckoutDependency")
  #expect(graph.problems.isEmpty, "\(graph.problems)")
}

@Test(.timeLimit(.minutes(10))) func pluginsAreOptionalEdgesWithTheirFlagKey() throws {
  let graph = try graph([
    "Flags.swift": """
    import Ribcage
    enum AppFlags {
      static let coupons = FeatureFlag("coupons", default: true)
    }
    """,
    "Confirm.swift": """
    import Ribcage
    protocol ConfirmDependency: Dependency { var flags: FlagStore { get } }
    final class ConfirmBuilder: Builder<any ConfirmDependency> {
      func build() -> ConfirmRouter {
        ConfirmRouter(
          interactor: ConfirmInteractor(), flags: dependency.flags,
          couponBuilder: CouponBuilder(dependency: dependency),
          cardBuilder: CardBuilder(dependency: dependency))
      }
    }
    final class ConfirmRouter: Router<ConfirmInteractor> {
      private(set) lazy var plugins = RIBPluginPoint<Void>("confirm", flags: flags, router: self)
      private let flags: FlagStore
      private let cardBuilder: CardBuilder
      init(
        interactor: ConfirmInteractor, flags: FlagStore, couponBuilder: CouponBuilder,
        cardBuilder: CardBuilder
      ) {
        self.flags = flags
        self.cardBuilder = cardBuilder
        super.init(interactor: interactor)
        plugins.register("coupon", gatedBy: AppFlags.coupons) { _, _ in couponBuilder.build() }
      }
      override func didLoad() {
        super.didLoad()
        attachChild(cardBuilder.build())
      }
    }
    final class ConfirmInteractor: Interactor, Interactable {}
    """,
    "Coupon.swift": """
    import Ribcage
    protocol CouponDependency: Dependency {}
    final class CouponBuilder: Builder<any CouponDependency> {
      func build() -> CouponRouter { CouponRouter(interactor: CouponInteractor()) }
    }
    final class CouponRouter: Router<CouponInteractor> {}
    final class CouponInteractor: Interactor, Interactable {}
    protocol CardDependency: Dependency {}
    final class CardBuilder: Builder<any CardDependency> {
      func build() -> CardRouter { CardRouter(interactor: CardInteractor()) }
    }
    final class CardRouter: Router<CardInteractor> {}
    final class CardInteractor: Interactor, Interactable {}
    """,
  ])
  #expect(graph.edgeList == ["Confirm → Card", "Confirm → Coupon [coupons]"])
  #expect(graph.edges.filter(\.isPlugin).map(\.child) == ["Coupon"])
}

@Test(.timeLimit(.minutes(10))) func oneBuilderBuildingSeveralRIBsAndAdaptersArePlaced() throws {
  let graph = try graph([
    "Ride.swift": """
    import Ribcage
    protocol RideDependency: Dependency {}
    final class RideBuilder: Builder<any RideDependency> {
      func build() -> RideRouter {
        RideRouter(interactor: RideInteractor(), screens: ScreenBuilders(dependency: dependency))
      }
    }
    final class RideRouter: Router<RideInteractor> {
      init(interactor: RideInteractor, screens: ScreenBuilders) { super.init(interactor: interactor) }
    }
    final class RideInteractor: Interactor, Interactable, ScreenListener {}
    protocol ScreenListener: AnyObject {}
    final class ScreenBuilders: Builder<any RideDependency> {
      func build(_ stage: Int, listener: any ScreenListener) -> RouterNode? {
        switch stage {
        case 0: return PendingRouter(interactor: PendingInteractor())
        default: return OnTripRouter(interactor: OnTripInteractor())
        }
      }
    }
    final class PendingRouter: Router<PendingInteractor> {}
    final class PendingInteractor: Interactor, Interactable {}
    final class OnTripRouter: Router<OnTripInteractor> {}
    final class OnTripInteractor: Interactor, Interactable {}
    """,
    "Games.swift": """
    import RIBs
    protocol GameBuildable: Buildable { func build(withListener: GameListener) -> ViewableRouting }
    protocol GameListener: AnyObject {}
    final class DiceAdapter: GameBuildable, DiceListener {
      private let diceBuilder: DiceBuilder
      init(dependency: DiceDependency) { diceBuilder = DiceBuilder(dependency: dependency) }
      func build(withListener listener: GameListener) -> ViewableRouting {
        diceBuilder.build(withListener: self)
      }
    }
    protocol DiceDependency: Dependency {}
    protocol DiceListener: AnyObject {}
    final class DiceBuilder: Builder<DiceDependency> {
      func build(withListener listener: DiceListener) -> DiceRouter {
        DiceRouter(interactor: DiceInteractor())
      }
    }
    final class DiceRouter: Router<DiceInteractor> {}
    final class DiceInteractor: Interactor {}
    protocol LobbyDependency: Dependency {}
    final class LobbyComponent: Component<LobbyDependency>, DiceDependency {
      var games: [GameBuildable] { [DiceAdapter(dependency: self)] }
    }
    final class LobbyBuilder: Builder<LobbyDependency> {
      func build() -> LobbyRouter {
        let component = LobbyComponent(dependency: dependency)
        return LobbyRouter(interactor: LobbyInteractor(games: component.games))
      }
    }
    final class LobbyRouter: Router<LobbyInteractor> {
      func routeToGame(with builder: GameBuildable) {}
    }
    final class LobbyInteractor: Interactor {}
    """,
  ])
  #expect(
    graph.edgeList == ["Lobby → Dice", "Ride → OnTrip", "Ride → Pending"], "\(graph.edgeList)")
  #expect(graph.node("Dice")?.builder == "DiceBuilder")
  #expect(graph.node("Pending")?.builder == "ScreenBuilders")
  // The adapter listens for the lobby: no listener error although LobbyInteractor does not.
  #expect(graph.messages(.listenerNotImplemented).isEmpty)
  #expect(graph.unplaced.isEmpty, "\(graph.unplaced)")
}

@Test(.timeLimit(.minutes(10))) func needleStyleComponentsAreEdgesAndResolveFromAncestors() throws {
  let files = [
    "Root.swift": """
    import NeedleFoundation
    final class RootComponent: BootstrapComponent {
      var tripService: TripService { TripService() }
      var loggedInComponent: LoggedInComponent { LoggedInComponent(parent: self) }
    }
    final class RootBuilder: Builder<RootComponent> {
      func build() -> RootRouter { RootRouter(interactor: RootInteractor()) }
    }
    final class RootRouter: LaunchRouter<RootInteractor, RootView> {}
    final class RootInteractor: Interactor {}
    """,
    "LoggedIn.swift": """
    import NeedleFoundation
    protocol LoggedInDependency: Dependency { var tripService: TripService { get } }
    final class LoggedInComponent: Component<LoggedInDependency> {
      var requestComponent: RequestComponent { RequestComponent(parent: self) }
    }
    final class LoggedInBuilder: Builder<LoggedInDependency> {
      func build() -> LoggedInRouter {
        let component = LoggedInComponent(dependency: dependency)
        return LoggedInRouter(interactor: LoggedInInteractor())
      }
    }
    final class LoggedInRouter: Router<LoggedInInteractor> {}
    final class LoggedInInteractor: Interactor {}
    """,
    "Request.swift": """
    import NeedleFoundation
    protocol RequestDependency: Dependency {
      var tripService: TripService { get }
      var paymentService: PaymentService { get }
    }
    final class RequestComponent: Component<RequestDependency> {}
    final class RequestBuilder: Builder<RequestDependency> {
      func build() -> RequestRouter {
        let component = RequestComponent(dependency: dependency)
        return RequestRouter(interactor: RequestInteractor())
      }
    }
    final class RequestRouter: Router<RequestInteractor> {}
    final class RequestInteractor: Interactor {}
    """,
  ]
  let graph = try graph(files)
  #expect(graph.edgeList == ["LoggedIn → Request", "Root → LoggedIn"])
  // tripService comes from further up (LoggedInDependency, which Root provides);
  // paymentService from nowhere.
  #expect(
    graph.messages(.missingDependency) == [
      "Root → LoggedIn → Request: RequestDependency.paymentService: PaymentService is not "
        + "provided by LoggedInComponent or its ancestors"
    ])
  let problem = try #require(graph.problems.first { $0.kind == .missingDependency })
  #expect(problem.path == "LoggedIn.swift")
  #expect(problem.line == 4)
}

@Test(.timeLimit(.minutes(10))) func aMissingRequirementNamesItsTypeAndThePathFromTheRoot() throws {
  // uber style: the parent's component conforms to the child's dependency in an extension but
  // does not implement the requirement.
  let graph = try graph(
    uberApp([
      "OffGame/Extra.swift": """
      protocol OffGameStats: Dependency { var tripService: TripService { get } }
      """,
      "OffGame/OffGame.swift": try #require(uberApp()["OffGame/OffGame.swift"])
        .replacingOccurrences(
          of: "protocol OffGameDependency: Dependency {",
          with: "protocol OffGameDependency: OffGameStats {"),
    ]))
  #expect(
    graph.messages(.missingDependency) == [
      "Root → LoggedIn → OffGame: OffGameStats.tripService: TripService is not provided by "
        + "LoggedInComponent or its ancestors"
    ])
  #expect(!graph.hasErrors && graph.hasWiringProblems)
  let problem = try #require(graph.problems.first)
  #expect(problem.path == "LoggedIn/LoggedIn.swift")
  #expect(problem.rib == "OffGame")
}

@Test(.timeLimit(.minutes(10))) func aRequirementProvidedWithAnotherTypeIsAnError() throws {
  let graph = try graph(
    uberApp([
      "LoggedIn/Scores.swift": """
      extension LoggedInComponent {
        var board: ScoreBoard { ScoreBoard() }
      }
      """,
      "OffGame/OffGame.swift": try #require(uberApp()["OffGame/OffGame.swift"])
        .replacingOccurrences(
          of: "var scores: ScoreStream { get }",
          with: "var scores: MutableScoreStream { get }\n  var board: ScoreBoard { get }"),
    ]))
  #expect(
    graph.messages(.dependencyTypeMismatch) == [
      "Root → LoggedIn → OffGame: OffGameDependency.scores: MutableScoreStream is provided by "
        + "LoggedInComponent as ScoreStream, not MutableScoreStream"
    ])
  #expect(graph.messages(.missingDependency).isEmpty)
}

@Test(.timeLimit(.minutes(10))) func providedThroughProtocolsAliasesAndDefaults() throws {
  // A parent passing its own dependency protocol that inherits the child's: provided. A
  // protocol extension's default: provided. A typealias: the same type.
  let graph = try graph([
    "Parent.swift": """
    import Ribcage
    typealias Clock = SystemClock
    protocol ParentDependency: ChildDependency, Dependency { var clock: SystemClock { get } }
    final class ParentBuilder: Builder<any ParentDependency> {
      func build() -> ParentRouter {
        ParentRouter(
          interactor: ParentInteractor(), child: ChildBuilder(dependency: dependency),
          other: OtherBuilder(dependency: dependency))
      }
    }
    final class ParentRouter: Router<ParentInteractor> {
      init(interactor: ParentInteractor, child: ChildBuilder, other: OtherBuilder) {
        super.init(interactor: interactor)
      }
    }
    final class ParentInteractor: Interactor {}
    """,
    "Child.swift": """
    import Ribcage
    protocol ChildDependency: Dependency { var name: String { get } }
    final class ChildBuilder: Builder<any ChildDependency> {
      func build() -> ChildRouter { ChildRouter(interactor: ChildInteractor()) }
    }
    final class ChildRouter: Router<ChildInteractor> {}
    final class ChildInteractor: Interactor {}
    protocol OtherDependency: Dependency {
      var clock: Clock { get }
      var locale: String { get }
      var missing: Int { get }
    }
    extension ParentDependency { var locale: String { "en" } }
    final class OtherBuilder: Builder<any OtherDependency> {
      func build() -> OtherRouter { OtherRouter(interactor: OtherInteractor()) }
    }
    final class OtherRouter: Router<OtherInteractor> {}
    final class OtherInteractor: Interactor {}
    """,
  ])
  #expect(
    graph.messages(.missingDependency) == [
      "Parent → Other: OtherDependency.missing: Int is not provided by ParentDependency or its "
        + "ancestors"
    ])
  #expect(graph.messages(.dependencyTypeMismatch).isEmpty)
}

/// A listener protocol that asks nothing (a child that never reports) misses no call when the
/// parent does not conform: nothing to report.
@Test(.timeLimit(.minutes(10))) func aParentNotConformingToAnEmptyListenerIsNoProblem() throws {
  let app = uberApp([
    "LoggedIn/LoggedIn.swift": try #require(uberApp()["LoggedIn/LoggedIn.swift"])
      .replacingOccurrences(
        of: "protocol LoggedInInteractable: Interactable, OffGameListener {}",
        with: "protocol LoggedInInteractable: Interactable {}"),
    "OffGame/OffGame.swift": try #require(uberApp()["OffGame/OffGame.swift"])
      .replacingOccurrences(
        of: "protocol OffGameListener: AnyObject { func startGame() }",
        with: "protocol OffGameListener: AnyObject {}"),
  ])
  #expect(try graph(app).messages(.listenerNotImplemented).isEmpty)
  // One inheriting a protocol from outside the app (a package's) may ask anything.
  var outside = app
  outside["OffGame/OffGame.swift"] = try #require(app["OffGame/OffGame.swift"])
    .replacingOccurrences(
      of: "protocol OffGameListener: AnyObject {}",
      with: "protocol OffGameListener: GameKitListening {}")
  #expect(try graph(outside).messages(.listenerNotImplemented).count == 1)
}

@Test(.timeLimit(.minutes(10))) func aParentInteractorThatIsNotTheChildsListenerIsAnError() throws {
  let graph = try graph(
    uberApp([
      "LoggedIn/LoggedIn.swift": try #require(uberApp()["LoggedIn/LoggedIn.swift"])
        .replacingOccurrences(
          of: "protocol LoggedInInteractable: Interactable, OffGameListener {}",
          with: "protocol LoggedInInteractable: Interactable {}")
    ]))
  #expect(
    graph.messages(.listenerNotImplemented) == [
      "Root → LoggedIn → OffGame: LoggedInInteractor does not conform to OffGameListener, the "
        + "listener OffGame reports to; add the conformance (e.g. to LoggedInInteractable)"
    ])
}

@Test(.timeLimit(.minutes(10))) func cyclesOrphansDoubleBuildsAndRootsAreReported() throws {
  let rib = { (name: String, children: [String]) in
    """
    import Ribcage
    protocol \(name)Dependency: Dependency {}
    final class \(name)Builder: Builder<any \(name)Dependency> {
      func build() -> \(name)Router {
        \(children.map { "_ = \($0)Builder(dependency: dependency)" }.joined(separator: "\n    "))
        return \(name)Router(interactor: \(name)Interactor())
      }
    }
    final class \(name)Router: Router<\(name)Interactor> {}
    final class \(name)Interactor: Interactor {}
    """
  }
  let cyclic = try graph([
    "main.swift": "let root = AppBuilder(dependency: AppComponent()).build()",
    "App.swift": rib("App", ["Profile"]),
    "Profile.swift": rib("Profile", ["Friends"]),
    "Friends.swift": rib("Friends", ["Profile", "Chat", "Chat"]),
    "Chat.swift": rib("Chat", []),
    "Unused.swift": rib("Unused", ["Chat"]),
  ])
  #expect(cyclic.roots == ["App"])
  #expect(cyclic.messages(.cycle).count == 1)
  #expect(cyclic.messages(.cycle).first?.hasPrefix("cycle: Profile → Friends → Profile;") == true)
  // A recursive route (a friend's profile) can be meant: a warning, not an error.
  #expect(cyclic.problems.first { $0.kind == .cycle }?.severity == .warning)
  #expect(cyclic.messages(.orphan).map { $0.prefix(23) } == ["Unused is built by no R"])
  #expect(
    cyclic.messages(.builtTwice).map { $0.prefix(43) } == [
      "ChatBuilder is created 2 times in Friends ("
    ])
  #expect(cyclic.messages(.multipleRoots).isEmpty)
  // The text tree marks the cycle instead of recursing.
  let text = GraphFormat.text.render(
    GraphReport(
      graph: cyclic, notes: [], analyzedFileCount: 0, discoveredFileCount: 0, lineCount: 0,
      parseCount: 0))
  #expect(text.contains("Profile [viewless] ↺ cycle"))

  // No launch site: every parentless RIB with children is a root.
  let twoApps = try graph([
    "A.swift": rib("A", ["C"]), "B.swift": rib("B", ["C"]), "C.swift": rib("C", []),
  ])
  #expect(twoApps.roots == ["A", "B"])
  #expect(twoApps.messages(.multipleRoots).count == 1)
  #expect(!twoApps.hasErrors)
  let chosen = try graph(
    ["A.swift": rib("A", ["C"]), "B.swift": rib("B", ["C"]), "C.swift": rib("C", [])],
    root: "BBuilder")
  #expect(chosen.roots == ["B"])
  #expect(chosen.messages(.orphan).map { $0.prefix(1) } == ["A"])
  // Another root the app launches (a splash before the main tree) is no orphan under
  // `--root`; a RIB nothing builds still is.
  let splashFirst = try graph(
    [
      "main.swift": "let splash = SplashBuilder(dependency: AppComponent()).build()",
      "Splash.swift": rib("Splash", []), "App.swift": rib("App", ["Chat"]),
      "Chat.swift": rib("Chat", []), "Unused.swift": rib("Unused", []),
    ],
    root: "App")
  #expect(splashFirst.messages(.orphan).map { $0.prefix(6) } == ["Unused"])
  // A root chosen below another launched root leaves that root an orphan: it is the app's.
  let belowTheRoot = try graph(
    [
      "main.swift": "let splash = SplashBuilder(dependency: AppComponent()).build()",
      "Splash.swift": rib("Splash", ["App"]), "App.swift": rib("App", ["Chat"]),
      "Chat.swift": rib("Chat", []),
    ],
    root: "App")
  #expect(belowTheRoot.messages(.orphan).map { $0.prefix(6) } == ["Splash"])
  // A RIB only a helper builds is no launched root.
  let helperBuilt = try graph(
    [
      "main.swift": "let root = AppBuilder(dependency: AppComponent()).build()",
      "App.swift": rib("App", ["Chat"]), "Chat.swift": rib("Chat", []),
      "Legacy.swift": rib("Legacy", []),
      "Preview.swift":
        "struct LegacyPreview { let router = LegacyBuilder(dependency: AppComponent()).build() }",
    ],
    root: "App")
  #expect(helperBuilt.messages(.orphan).map { $0.prefix(6) } == ["Legacy"])
  let unknown = try graph(["A.swift": rib("A", [])], root: "Nope")
  #expect(unknown.messages(.unknownRoot) == ["--root Nope names no RIB; RIBs: A"])
  #expect(unknown.hasErrors)
}

@Test(.timeLimit(.minutes(10))) func typesAreIdentifiedPerModule() throws {
  let settings = { (module: String) in
    """
    import Ribcage
    public protocol SettingsDependency: Dependency {}
    final class SettingsBuilder: Builder<any SettingsDependency> {
      func build() -> SettingsRouter { SettingsRouter(interactor: SettingsInteractor()) }
    }
    final class SettingsRouter: Router<SettingsInteractor> {}
    final class SettingsInteractor: Interactor { let module = "\(module)" }
    """
  }
  let graph = try graph(
    [
      "Account/Sources/Account/Settings.swift": settings("Account"),
      "Player/Sources/Player/Settings.swift": settings("Player"),
      "Player/Sources/Player/Player.swift": """
      import Ribcage
      protocol PlayerDependency: SettingsDependency {}
      final class PlayerBuilder: Builder<any PlayerDependency> {
        func build() -> PlayerRouter {
          _ = SettingsBuilder(dependency: dependency)
          return PlayerRouter(interactor: PlayerInteractor())
        }
      }
      final class PlayerRouter: Router<PlayerInteractor> {}
      final class PlayerInteractor: Interactor {}
      """,
    ], paths: ["Account", "Player"])
  #expect(graph.nodes.map(\.id) == ["Account.Settings", "Player", "Player.Settings"])
  #expect(graph.edgeList == ["Player → Player.Settings"])
  #expect(graph.node("Account.Settings")?.module == "Account")
}

@Test(.timeLimit(.minutes(10))) func testDoublesAndNonRIBTypesAreNotRIBs() throws {
  let graph = try graph(
    uberApp([
      "Networking/AuthRouter.swift": """
      enum AuthRouter: NetworkRequestBuilder { case login }
      protocol NetworkRequestBuilder {}
      """,
      "Mocks.swift": """
      final class LoggedOutRouterMock: ViewableRouter<LoggedOutInteractable, LoggedOutViewControllable> {}
      final class LoggedOutBuildableMock: LoggedOutBuildable {
        func build(withListener listener: LoggedOutListener) -> LoggedOutRouting { LoggedOutRouterMock() }
      }
      """,
    ]))
  #expect(graph.nodes.map(\.name) == ["LoggedIn", "LoggedOut", "OffGame", "Root"])
  #expect(graph.edgeList == ["LoggedIn → OffGame", "Root → LoggedIn", "Root → LoggedOut"])
}

/// The Rides graph committed next to the Rides test that compares it with the running tree is
/// what `ribcage graph` prints today (run from the repository root, as CI does).
@Test(.timeLimit(.minutes(10))) func theCommittedRidesGraphIsWhatTheCommandPrints() throws {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
  let file = "Examples/Rides/Tests/RidesTests/StaticGraph.json"
  let committed = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
  let run = ribcage(["graph", "Examples/Rides", "--format", "json", "--quiet"], in: root)
  #expect(run.status == 0)
  #expect(
    run.out + "\n" == committed,
    "regenerate with: swift run --package-path Tools ribcage graph Examples/Rides --format json --quiet > \(file)"
  )
  let graph = try Linter().graph(paths: ["Examples/Rides"], workingDirectory: root, root: nil)
    .graph
  #expect(graph.nodes.count == 17)
  #expect(graph.interactorCount == 17)
  #expect(graph.problems.isEmpty)
  #expect(graph.unplaced.isEmpty)
}

@Test(.timeLimit(.minutes(10))) func aFeatureCopiedUnderTheSameNamesIsKeptApart() throws {
  // A copied feature folder (same class names, same module): two RIBs, each with its own
  // interactor, neither merged into the other.
  let feature = """
    import RIBs
    protocol StyleDependency: Dependency {}
    final class StyleBuilder: Builder<StyleDependency> {
      func build() -> StyleRouter { StyleRouter(interactor: StyleInteractor()) }
    }
    final class StyleRouter: Router<StyleInteractor> {}
    final class StyleInteractor: Interactor {}
    """
  let graph = try graph(["Style/Style.swift": feature, "Search/Style.swift": feature])
  #expect(graph.nodes.count == 2)
  #expect(graph.interactorCount == 2)
  #expect(Set(graph.nodes.compactMap(\.interactor)) == ["StyleInteractor"])
  #expect(graph.nodes.map(\.id).allSatisfy { $0.contains(".Style (") }, "\(graph.nodes.map(\.id))")
  #expect(graph.unplaced.isEmpty, "\(graph.unplaced)")
}

@Test(.timeLimit(.minutes(10))) func workflowStepsArePlacedOnTheRIBsThatImplementThem() throws {
  let graph = try graph(
    uberApp([
      "Actionable.swift": """
      protocol RootActionableItem: AnyObject {
        func waitForLogin() -> Observable<(LoggedInActionableItem, ())>
      }
      protocol LoggedInActionableItem: AnyObject {
        func launchGame(with id: String?) -> Observable<(LoggedInActionableItem, ())>
      }
      extension RootInteractor: RootActionableItem {}
      extension LoggedInInteractor: LoggedInActionableItem {}
      """,
      "Promo.swift": """
      public class LaunchGameWorkflow: Workflow<RootActionableItem> {
        public init(id: String) {
          super.init()
          self
            .onStep { (rootItem: RootActionableItem) -> Observable<(LoggedInActionableItem, ())> in
              rootItem.waitForLogin()
            }
            .onStep { (loggedIn: LoggedInActionableItem, _) in loggedIn.launchGame(with: id) }
            .commit()
        }
      }
      func promo() -> CommittedWorkflow<any RootActionableItem, Void> {
        Workflow<any RootActionableItem>("promo")
          .onStep { root in try await root.waitForLogin() }
          .onStep { item in item.unknownStep() }
          .commit()
      }
      """,
    ]))
  #expect(graph.workflows.map(\.name) == ["LaunchGameWorkflow", "promo"])
  #expect(graph.workflows.map(\.root) == ["RootActionableItem", "RootActionableItem"])
  #expect(
    graph.workflows[0].steps == [
      .init(method: "waitForLogin", actionable: "RootActionableItem", rib: "Root"),
      .init(method: "launchGame", actionable: "LoggedInActionableItem", rib: "LoggedIn"),
    ])
  #expect(graph.workflows[1].steps.map(\.rib) == ["Root", nil])
  #expect(graph.workflows[1].steps.map(\.method) == ["waitForLogin", "unknownStep"])
}

@Test(.timeLimit(.minutes(10))) func twoCopiesOfAnAppInOneModuleAreTwoTrees() throws {
  // uber/RIBs-iOS keeps each tutorial's app side by side under one Package.swift: the same names
  // declared in each copy, extensions and conformances joining their own copy's types.
  var files: [String: String] = ["Package.swift": "// swift-tools-version:5.9"]
  for copy in ["tutorial3", "tutorial4"] {
    for (path, source) in uberApp() { files["\(copy)/\(path)"] = source }
  }
  let graph = try graph(files)
  #expect(graph.nodes.count == 8)
  #expect(graph.interactorCount == 8)
  #expect(graph.edges.count == 6)
  #expect(graph.roots.count == 2)
  #expect(graph.problems.filter { $0.severity == .error }.isEmpty, "\(graph.problems)")
  #expect(graph.unplaced.isEmpty)
  for edge in graph.edges {
    let parent = try #require(graph.node(edge.parent))
    let child = try #require(graph.node(edge.child))
    // Each edge stays inside one copy.
    #expect(parent.path.prefix(9) == child.path.prefix(9), "\(edge)")
  }
}
