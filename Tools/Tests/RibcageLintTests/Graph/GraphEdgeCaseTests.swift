import Foundation
import RibcageLint
import Testing

// Cases found by reviewing `ribcage graph` against code shapes real apps use.

/// A minimal Ribcage-style RIB: `name`'s builder creates its router; `body` goes in the builder.
private func rib(_ name: String, dependency: String? = nil, body: String = "") -> String {
  """
  protocol \(name)Dependency: Dependency {\(dependency.map { " var \($0) { get }" } ?? "")}
  final class \(name)Builder: Builder<\(name)Dependency> {
    func build() -> \(name)Router {
      \(body)
      return \(name)Router(interactor: \(name)Interactor())
    }
  }
  final class \(name)Router: Router<\(name)Interactor> {}
  final class \(name)Interactor: Interactor {}
  """
}

@Test(.timeLimit(.minutes(10))) func needleResolvesFromAnyComponentAboveUpToTheBootstrapComponent()
  throws
{
  let graph = try graph([
    "App.swift": """
    import NeedleFoundation
    final class AppComponent: BootstrapComponent {
      var analytics: Analytics { Analytics() }
      var rootBuilder: RootBuilder { RootBuilder { RootComponent(parent: self) } }
    }
    """,
    "Root.swift": """
    protocol RootDependency: Dependency {}
    final class RootComponent: NeedleFoundation.Component<RootDependency> {
      var session: Session { Session() }
      var loggedInBuilder: LoggedInBuilder { LoggedInBuilder { LoggedInComponent(parent: self) } }
    }
    final class RootBuilder: ComponentizedBuilder<RootComponent, RootRouter, Void, Void> {
      override func build(with component: RootComponent, _ payload: Void) -> RootRouter {
        RootRouter(interactor: RootInteractor())
      }
    }
    final class RootRouter: LaunchRouter<RootInteractor, RootView> {}
    final class RootInteractor: Interactor {}
    """,
    "LoggedIn.swift": """
    protocol LoggedInDependency: Dependency {}
    final class LoggedInComponent: NeedleFoundation.Component<LoggedInDependency> {
      var requestBuilder: RequestBuilder { RequestBuilder { RequestComponent(parent: self) } }
    }
    final class LoggedInBuilder: ComponentizedBuilder<LoggedInComponent, LoggedInRouter, Void, Void> {
      override func build(with component: LoggedInComponent, _ payload: Void) -> LoggedInRouter {
        LoggedInRouter(interactor: LoggedInInteractor())
      }
    }
    final class LoggedInRouter: Router<LoggedInInteractor> {}
    final class LoggedInInteractor: Interactor {}
    """,
    "Request.swift": """
    protocol RequestDependency: Dependency {
      var analytics: Analytics { get }
      var session: Session { get }
      var missing: Wallet { get }
    }
    final class RequestComponent: NeedleFoundation.Component<RequestDependency> {}
    final class RequestBuilder: ComponentizedBuilder<RequestComponent, RequestRouter, Void, Void> {
      override func build(with component: RequestComponent, _ payload: Void) -> RequestRouter {
        RequestRouter(interactor: RequestInteractor())
      }
    }
    final class RequestRouter: Router<RequestInteractor> {}
    final class RequestInteractor: Interactor {}
    """,
  ])
  #expect(graph.edgeList == ["LoggedIn → Request", "Root → LoggedIn"])
  // `analytics` from the bootstrap component, `session` from Root's: Needle finds both.
  #expect(
    graph.messages(.missingDependency) == [
      "Root → LoggedIn → Request: RequestDependency.missing: Wallet is not provided by "
        + "LoggedInComponent or its ancestors"
    ])
  #expect(graph.node("Request")?.dependency == "RequestDependency")
}

@Test(.timeLimit(.minutes(10))) func alternativesUnderIfAreOneTypeAndAFileGivenTwiceIsReadOnce()
  throws
{
  let folder = SourceFolder([
    "Home.swift": """
    protocol HomeDependency: Dependency {}
    final class HomeBuilder: Builder<HomeDependency> {
      func build() -> HomeRouter { HomeRouter(interactor: HomeInteractor()) }
    }
    #if os(iOS)
    final class HomeRouter: Router<HomeInteractor> {}
    #else
    final class HomeRouter: Router<HomeInteractor> {}
    #endif
    final class HomeInteractor: Interactor {}
    """
  ])
  let report = try Linter(configuration: LintConfiguration()).graph(
    paths: [".", "Home.swift"], workingDirectory: folder.path)
  #expect(report.analyzedFileCount == 1)
  #expect(report.graph.nodes.map(\.id) == ["Home"])
  // Every format renders (Mermaid used to trap on a repeated id).
  for format in GraphFormat.allCases { #expect(!format.render(report).isEmpty) }
}

@Test(.timeLimit(.minutes(10))) func aComponentSharedByManyBuildersLinksNoSiblings() throws {
  let graph = try graph([
    "App.swift": """
    final class AppComponent: Component<EmptyDependency> {
      var home: HomeBuilder { HomeBuilder(dependency: self) }
      var settings: SettingsBuilder { SettingsBuilder(dependency: self) }
    }
    final class HomeBuilder: Builder<AppComponent> {
      func build() -> HomeRouter { HomeRouter(interactor: HomeInteractor()) }
    }
    final class HomeRouter: Router<HomeInteractor> {}
    final class HomeInteractor: Interactor {}
    final class SettingsBuilder: Builder<AppComponent> {
      func build() -> SettingsRouter { SettingsRouter(interactor: SettingsInteractor()) }
    }
    final class SettingsRouter: Router<SettingsInteractor> {}
    final class SettingsInteractor: Interactor {}
    """
  ])
  #expect(graph.edges.isEmpty, "\(graph.edgeList)")
  #expect(graph.messages(.cycle).isEmpty)
}

@Test(.timeLimit(.minutes(10))) func aliasesAreResolvedInsideTypesAndPerType() throws {
  let graph = try graph([
    "Types.swift": "typealias Score = Int",
    "Parent.swift": """
    protocol ParentDependency: Dependency {}
    final class ParentComponent: Component<ParentDependency>, ChildDependency {
      var score: Int? { nil }
      var scores: [Int] { [] }
      var stream: Observable<Int?> { .empty() }
    }
    final class ParentBuilder: Builder<ParentDependency> {
      func build() -> ParentRouter {
        let component = ParentComponent(dependency: dependency)
        return ParentRouter(interactor: ParentInteractor(), child: ChildBuilder(dependency: component))
      }
      func makeView(component: ParentViewComponent) {}
    }
    final class ParentRouter: Router<ParentInteractor> {
      init(interactor: ParentInteractor, child: ChildBuilder) { super.init(interactor: interactor) }
    }
    final class ParentInteractor: Interactor, ChildListener {}
    """,
    "Child.swift": """
    protocol ChildDependency: Dependency {
      var score: Score? { get }
      var scores: [Score] { get }
      var stream: Observable<Optional<Score>> { get }
    }
    protocol ChildListener: AnyObject {}
    final class ChildBuilder: Builder<ChildDependency> {
      typealias Listener = ChildListener
      func build(withListener listener: Listener) -> ChildRouter { ChildRouter(interactor: ChildInteractor()) }
    }
    final class ChildRouter: Router<ChildInteractor> {}
    final class ChildInteractor: Interactor {}
    final class OtherBuilder: Builder<ChildDependency> {
      typealias Listener = SomethingElse
    }
    """,
  ])
  #expect(graph.edgeList == ["Parent → Child"])
  // `component` is the one `build()` made, not `makeView`'s parameter of the same name.
  #expect(graph.problems.isEmpty, "\(graph.problems.map(\.message))")
  #expect(graph.node("Child")?.listener == "ChildListener")
}

@Test(.timeLimit(.minutes(10))) func moduleQualifiedBasesKeepTheirGenericArguments() throws {
  let graph = try graph([
    "Home.swift": """
    import ModernRIBs
    protocol HomeDependency: ModernRIBs.Dependency { var name: String { get } }
    final class HomeBuilder: ModernRIBs.Builder<HomeDependency> {
      func build() -> HomeRouter { HomeRouter(interactor: HomeInteractor(), viewController: HomeViewController()) }
    }
    final class HomeRouter: ModernRIBs.ViewableRouter<HomeInteractor, HomeViewController> {}
    final class HomeInteractor: ModernRIBs.Interactor {}
    final class HomeViewController: UIViewController {}
    """
  ])
  #expect(graph.node("Home")?.dependency == "HomeDependency")
  #expect(graph.node("Home")?.view == "HomeViewController")
}

@Test(.timeLimit(.minutes(10))) func aChildBuiltInlineInAGatedClosureIsAPlugin() throws {
  let graph = try graph([
    "Flags.swift": "enum Flags { static let coupons = FeatureFlag(\"coupons\") }",
    "Confirm.swift": rib(
      "Confirm",
      body:
        "points.register(\"c\", gatedBy: Flags.coupons) { _, _ in CouponBuilder(dependency: dependency).build() }"
    ),
    "Coupon.swift": rib("Coupon"),
  ])
  #expect(graph.edgeList == ["Confirm → Coupon [coupons]"])
}

@Test(.timeLimit(.minutes(10))) func importsMatchModulesByNameNotByPrefix() throws {
  let session = { (module: String) in
    """
    protocol SessionDependency: Dependency {}
    final class SessionBuilder: Builder<SessionDependency> {
      func build() -> SessionRouter { SessionRouter(interactor: SessionInteractor()) }
    }
    final class SessionRouter: Router<SessionInteractor> {}
    final class SessionInteractor: Interactor { let module = "\(module)" }
    """
  }
  let graph = try graph(
    [
      "Core/Sources/Core/Session.swift": session("Core"),
      "Legacy/Sources/Legacy/Session.swift": session("Legacy"),
      "App/Sources/App/Root.swift": """
      import CoreLocation
      import Legacy
      \(rib("Root", body: "_ = SessionBuilder(dependency: dependency)"))
      """,
    ], paths: ["Core", "Legacy", "App"])
  #expect(graph.edgeList == ["Root → Legacy.Session"])
}

@Test(.timeLimit(.minutes(10))) func workflowsEndingInAnotherCallAreRead() throws {
  let graph = try graph(
    uberApp([
      "Actionable.swift": """
      protocol RootActionableItem: AnyObject { func waitForLogin() -> Observable<(Int, ())> }
      extension RootInteractor: RootActionableItem {}
      func start(root: RootActionableItem) {
        _ = Workflow<RootActionableItem>("login").onStep { root in root.waitForLogin() }.commit()
          .subscribe(root)
      }
      """
    ]))
  #expect(graph.workflows.map(\.name) == ["login"])
  #expect(graph.workflows.first?.steps.map(\.rib) == ["Root"])
}

@Test(.timeLimit(.minutes(10))) func tuistTargetsAndProjectProtocolsNamedLikeTheFramework() throws {
  let graph = try graph([
    "App/Project.swift": "let project = Project(name: \"App\")",
    "App/Targets/Home/Sources/Home.swift": rib("Home"),
    "App/Targets/Feed/Sources/Home.swift": rib("Home"),
    "App/Targets/Feed/Sources/Viper.swift": """
    protocol Router {}
    final class LoginRouter: Router {}
    """,
  ])
  #expect(graph.nodes.map(\.id) == ["App/Feed.Home", "App/Home.Home"])
}

/// Two RIBs that open each other (a story's author, the author's story) from builders the root
/// component makes once and hands down: building one makes no builder of the other, so nothing
/// recurses; opening them in turn is navigation. Builders created along the loop would recurse:
/// that is still a cycle (see `cyclesOrphansDoubleBuildsAndRootsAreReported`).
@Test(.timeLimit(.minutes(10))) func aLoopThroughBuildersHandedDownIsNoCycle() throws {
  let rib = { (name: String, other: String) in
    """
    import RIBs
    protocol \(name)Dependency: Dependency { var \(other.lowercased())Builder: \(other)Buildable { get } }
    protocol \(name)Buildable: Buildable { func build() -> \(name)Routing }
    final class \(name)Builder: Builder<\(name)Dependency>, \(name)Buildable {
      func build() -> \(name)Routing {
        \(name)Router(interactor: \(name)Interactor(), \(other.lowercased())Builder: dependency.\(other.lowercased())Builder)
      }
    }
    protocol \(name)Routing: Routing {}
    final class \(name)Router: Router<\(name)Interactor>, \(name)Routing {
      private let \(other.lowercased())Builder: \(other)Buildable
      init(interactor: \(name)Interactor, \(other.lowercased())Builder: \(other)Buildable) {
        self.\(other.lowercased())Builder = \(other.lowercased())Builder
        super.init(interactor: interactor)
      }
    }
    final class \(name)Interactor: Interactor {}
    """
  }
  let found = try graph([
    "App.swift": """
    import RIBs
    final class ShelfComponent: Component<EmptyDependency>, AuthorDependency, StoryDependency {
      lazy var authorBuilder: AuthorBuildable = AuthorBuilder(dependency: self)
      lazy var storyBuilder: StoryBuildable = StoryBuilder(dependency: self)
    }
    final class ShelfBuilder: Builder<EmptyDependency> {
      func build() -> ShelfRouter {
        let component = ShelfComponent(dependency: dependency)
        return ShelfRouter(interactor: ShelfInteractor(), storyBuilder: component.storyBuilder)
      }
    }
    final class ShelfRouter: Router<ShelfInteractor> {
      private let storyBuilder: StoryBuildable
      init(interactor: ShelfInteractor, storyBuilder: StoryBuildable) {
        self.storyBuilder = storyBuilder
        super.init(interactor: interactor)
      }
    }
    final class ShelfInteractor: Interactor {}
    """,
    "Story.swift": rib("Story", "Author"),
    "Author.swift": rib("Author", "Story"),
  ])
  #expect(found.edgeList.contains("Story → Author"), "\(found.edgeList)")
  #expect(found.edgeList.contains("Author → Story"), "\(found.edgeList)")
  #expect(found.messages(.cycle).isEmpty, "\(found.problems)")
}

/// A screen that opens another of its kind (a thread's replies, a folder's subfolder): its
/// router makes its own builder and attaches what it builds. That is an edge to itself — not a
/// cycle, not a root, and the RIB stays under the parent that first attaches it. A builder that
/// builds a new one of itself while building recurses (no edge: see
/// `theGraphSurvivesPathologicalDeclarations`), and a builder name several folders share
/// (`Builder` in each) names no RIB in particular.
@Test(.timeLimit(.minutes(10))) func aScreenOpeningAnotherOfItsKindIsAnEdgeToItself() throws {
  let thread = { (builder: String) in
    """
    import RIBs
    protocol ThreadDependency: Dependency {}
    final class ThreadComponent: Component<ThreadDependency>, ThreadDependency {}
    protocol ThreadListener: AnyObject {}
    final class \(builder): Builder<ThreadDependency> {
      func build(withListener listener: ThreadListener) -> ThreadRouter {
        let component = ThreadComponent(dependency: dependency)
        let interactor = ThreadInteractor()
        interactor.listener = listener
        return ThreadRouter(interactor: interactor, component: component)
      }
      func build(withListener listener: ThreadListener, reply: String) -> ThreadRouter {
        let component = ThreadComponent(dependency: dependency)
        return ThreadRouter(interactor: ThreadInteractor(), component: component)
      }
    }
    final class ThreadRouter: Router<ThreadInteractor> {
      private let component: ThreadComponent
      init(interactor: ThreadInteractor, component: ThreadComponent) {
        self.component = component
        super.init(interactor: interactor)
      }
      func routeToReplies() {
        attachChild(\(builder)(dependency: component).build(withListener: interactor))
      }
      func routeToReply() {
        attachChild(\(builder)(dependency: component).build(withListener: interactor, reply: ""))
      }
    }
    final class ThreadInteractor: Interactor, ThreadListener {
      weak var listener: ThreadListener?
    }
    """
  }
  let feed = """
    import RIBs
    final class FeedComponent: Component<EmptyDependency>, ThreadDependency {}
    final class FeedBuilder: Builder<EmptyDependency> {
      func build() -> FeedRouter {
        let component = FeedComponent(dependency: dependency)
        return FeedRouter(interactor: FeedInteractor(), threadBuilder: ThreadBuilder(dependency: component))
      }
    }
    final class FeedRouter: LaunchRouter<FeedInteractor, FeedViewControllable> {
      private let threadBuilder: ThreadBuilder
      init(interactor: FeedInteractor, threadBuilder: ThreadBuilder) {
        self.threadBuilder = threadBuilder
        super.init(interactor: interactor, viewController: FeedViewController())
      }
      func routeToThread() { attachChild(threadBuilder.build(withListener: interactor)) }
    }
    final class FeedInteractor: Interactor, ThreadListener {}
    """
  let folder = SourceFolder(["Feed.swift": feed, "Thread.swift": thread("ThreadBuilder")])
  let report = try Linter(configuration: LintConfiguration()).graph(
    paths: [], workingDirectory: folder.path)
  let found = report.graph
  #expect(found.edgeList == ["Feed → Thread", "Thread → Thread"])
  #expect(found.roots == ["Feed"], "\(found.roots)")
  #expect(found.messages(.cycle).isEmpty, "\(found.problems)")
  #expect(found.problems.filter { $0.kind.isWiring }.isEmpty, "\(found.problems)")
  // Made in each of two routes: twice. The same made in each of a builder's two build methods
  // is not (see `aChildMadeInEachOfTheBuildersBuildMethodsIsBuiltOnce`).
  #expect(found.messages(.builtTwice).count == 1, "\(found.problems)")
  let tree = GraphFormat.text.render(report)
  #expect(tree.contains("Thread [viewless] ↺ opens another of itself"), "\(tree)")

  // The same shapes where every RIB's builder is called `Builder`, each in its own module
  // folder: which one is made is not known from its name alone.
  let shared = try graph([
    "Feed/Sources/Feed.swift": feed.replacingOccurrences(
      of: "ThreadBuilder", with: "Thread.Builder"),
    "Thread/Sources/Thread.swift": thread("Builder"),
    "Other/Sources/Other.swift": "import RIBs\n"
      + rib("Other").replacingOccurrences(of: "OtherBuilder", with: "Builder"),
  ])
  #expect(!shared.edgeList.contains { $0.hasPrefix("Thread → Thread") }, "\(shared.edgeList)")
}

/// A parent builder with two build methods (a thread, a thread opened at a reply), each
/// making the child's builder once: one build runs one of them, so the child is built once.
/// Two made in one build method are built twice.
@Test(.timeLimit(.minutes(10))) func aChildMadeInEachOfTheBuildersBuildMethodsIsBuiltOnce() throws {
  let feed = { (second: String) in
    feedBuildingThread(
      alternatives: """
        func build(pinned: Bool) -> FeedRouter {
          let component = FeedComponent(dependency: dependency)
          \(second)
          return FeedRouter(interactor: FeedInteractor(), threadBuilder: ThreadBuilder(dependency: component))
        }
        """)
  }
  let thread = rib("Thread")
  let once = try graph(["Feed.swift": feed(""), "Thread.swift": thread])
  #expect(once.edgeList == ["Feed → Thread"])
  #expect(once.messages(.builtTwice).isEmpty, "\(once.problems)")
  let twice = try graph([
    "Feed.swift": feed("let spare = ThreadBuilder(dependency: component); _ = spare.build()"),
    "Thread.swift": thread,
  ])
  #expect(twice.messages(.builtTwice).count == 1, "\(twice.problems)")
}

/// A builder's static factory or property that makes its own RIB for previews or tests (a
/// function inside one too) opens nothing at run time: no edge to itself.
@Test(.timeLimit(.minutes(10))) func aStaticPreviewFactoryIsNoEdgeToItself() throws {
  let thread = rib("Thread").replacingOccurrences(
    of: "final class ThreadBuilder: Builder<ThreadDependency> {",
    with: """
      final class ThreadBuilder: Builder<ThreadDependency> {
        static func preview() -> ThreadRouting {
          let builder = ThreadBuilder(dependency: PreviewThreadComponent())
          return builder.build()
        }
        static func previews() -> [ThreadRouting] {
          func make() -> ThreadRouting { ThreadBuilder(dependency: PreviewThreadComponent()).build() }
          return [make()]
        }
        static let previewBuilder = ThreadBuilder(dependency: PreviewThreadComponent())
      """)
  let found = try graph(["Thread.swift": thread])
  #expect(found.edgeList.isEmpty, "\(found.edgeList)")
  #expect(found.roots == ["Thread"], "\(found.roots)")

  // A closure a static property holds, which a route calls: an instance opens another.
  let routed = rib("Thread").replacingOccurrences(
    of: "final class ThreadRouter: Router<ThreadInteractor> {}",
    with: """
      final class ThreadRouter: Router<ThreadInteractor> {
        private static let makeReply = { (dependency: ThreadDependency) in
          ThreadBuilder(dependency: dependency).build()
        }
        func routeToReply() { attachChild(Self.makeReply(component)) }
      }
      """)
  #expect(try graph(["Thread.swift": routed]).edgeList == ["Thread → Thread"])
}

/// A parent builder's alternative build method handing its work to a private helper
/// (`build(withListener:deeplink:)` calling `buildForDeeplink`): one build runs one of them, so
/// a child made in each is made once.
@Test(.timeLimit(.minutes(10)))
func anAlternativeBuildMethodsPrivateHelperIsNoSecondBuild() throws {
  let feed = feedBuildingThread(
    alternatives: """
      func build(deeplink: String) -> FeedRouter { buildForDeeplink(deeplink) }
      private func buildForDeeplink(_ link: String) -> FeedRouter {
        let component = FeedComponent(dependency: dependency)
        return FeedRouter(interactor: FeedInteractor(), threadBuilder: ThreadBuilder(dependency: component))
      }
      """)
  let found = try graph(["Feed.swift": feed, "Thread.swift": rib("Thread")])
  #expect(found.edgeList == ["Feed → Thread"])
  #expect(found.messages(.builtTwice).isEmpty, "\(found.problems)")
}

/// A Feed RIB whose builder makes Thread's builder in `build()` and hands it to its router,
/// with the builder's other methods `alternatives`.
private func feedBuildingThread(alternatives: String) -> String {
  """
  import RIBs
  final class FeedComponent: Component<EmptyDependency>, ThreadDependency {}
  final class FeedBuilder: Builder<EmptyDependency> {
    func build() -> FeedRouter {
      let component = FeedComponent(dependency: dependency)
      return FeedRouter(interactor: FeedInteractor(), threadBuilder: ThreadBuilder(dependency: component))
    }
    \(alternatives.replacingOccurrences(of: "\n", with: "\n    "))
  }
  final class FeedRouter: Router<FeedInteractor> {
    private let threadBuilder: ThreadBuilder
    init(interactor: FeedInteractor, threadBuilder: ThreadBuilder) {
      self.threadBuilder = threadBuilder
      super.init(interactor: interactor)
    }
    func routeToThread() { attachChild(threadBuilder.build()) }
  }
  final class FeedInteractor: Interactor {}
  """
}
