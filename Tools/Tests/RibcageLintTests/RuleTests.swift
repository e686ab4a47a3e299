import RibcageLint
import Testing

// Each rule with code that must fire (marked lines) and code that must not — Ribcage code and
// uber/RIBs (RxSwift) / ModernRIBs (Combine) code alike.

@Suite(.timeLimit(.minutes(10))) struct StrongListenerTests {
  @Test func firesOnStrongListenersDelegatesAndOutputs() throws {
    let source = """
      import RIBs
      final class LoggedOutInteractor: PresentableInteractor<LoggedOutPresentable> {
        var listener: LoggedOutListener?
        let delegate: TableDelegate
        var output: (any ModuleOutput)?
        var router = LoggedOutRouter()
      }
      """
    #expect(try lines(source, .strongListener) == [3, 4, 5])
  }

  @Test func quietForWeakUnownedStructsClosuresAndComputed() throws {
    let source = """
      final class HomeInteractor {
        weak var listener: HomeListener?
        unowned let delegate: HomeDelegate
        var onFinish: (() -> Void)?
        var listenerName: String = ""
        var output: HomeListener? { nil }
        let log = OutputLog()
      }
      struct Box { var listener: HomeListener? }
      protocol P { var listener: HomeListener? { get } }
      """
    #expect(try lines(source, .strongListener).isEmpty)
  }
}

@Suite(.timeLimit(.minutes(10))) struct RetainCycleClosureTests {
  @Test func firesOnStoredClosuresAndSubscriptionsCapturingSelf() throws {
    let source = """
      import Combine
      final class PaymentCoordinator {
        var onDone: (() -> Void)?
        func start(child: PaymentCoordinator) {
          child.finishFlow = { self.remove(child) }
          self.onDone = { self.finish() }
          onDone = { [self] in finish() }
          cancellable = publisher.sink { value in self.show(value) }
        }
        lazy var handler = { self.finish() }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [5, 6, 7, 8, 10])
    let messages = try findings(source, rule: .retainCycleClosure).map(\.message)
    #expect(messages[0].contains("captures child strongly and it is stored on 'child' itself"))
  }

  @Test func rxSwiftSubscribeInAnInteractor() throws {
    // Kept in the interactor's own dispose bag: a cycle until the bag goes. Ended on
    // deactivation: the closure lives no longer than the active interactor.
    let source = """
      import RIBs
      import RxSwift
      final class RootInteractor: Interactor {
        override func didBecomeActive() {
          super.didBecomeActive()
          stream.subscribe(onNext: { state in self.route(state) }).disposed(by: disposeBag)
          stream.subscribe(onNext: { state in self.route(state) }).disposeOnDeactivate(interactor: self)
          publisher.sink { self.route($0) }.cancelOnDeactivate(interactor: self)
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [6])
  }

  @Test func quietForWeakCapturesLifecycleBoundObservationAndOtherTypes() throws {
    let source = """
      final class PaymentCoordinator {
        var onDone: (() -> Void)?
        func start(child: PaymentCoordinator) {
          child.finishFlow = { [weak self, weak child] in self?.remove(child) }
          onDone = { [weak self] in self?.finish() }
          cancellable = publisher.sink { [unowned self] value in self.show(value) }
          items.map { self.format($0) }
        }
      }
      final class RootInteractor: Interactor {
        override func didBecomeActive() {
          super.didBecomeActive()
          observe(sessions.session) { self.route($0) }
        }
      }
      final class Screen {
        var onTap: (() -> Void)?
        func bind() { onTap = { self.tapped() } }
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }
}

@Suite(.timeLimit(.minutes(10))) struct UnboundSubscriptionTests {
  @Test func firesOnSubscriptionsAndTasksNotBound() throws {
    let source = """
      import Ribcage
      final class TripInteractor: Interactor {
        override func didBecomeActive() {
          super.didBecomeActive()
          trips.state.observe { [weak self] in self?.show($0) }
          _ = publisher.sink { [weak self] in self?.show($0) }
          Task { await self.load() }
          let subscription = stream.subscribe(onNext: { _ in })
          print("started")
        }
      }
      final class LocationWorker: Worker {
        override func didStart(_ scope: InteractorScope) {
          super.didStart(scope)
          locations.sink { _ in }
        }
      }
      """
    #expect(try lines(source, .unboundSubscription) == [5, 6, 7, 8, 15])
  }

  @Test func quietForBoundStoredAndLifecycleAPIs() throws {
    let source = """
      final class TripInteractor: PresentableInteractor<TripPresentable> {
        private var cancellables = Set<AnyCancellable>()
        private var subscription: StreamSubscription?
        override func didBecomeActive() {
          super.didBecomeActive()
          observe(trips.state) { [weak self] in self?.show($0) }
          task { await self.load() }
          trips.state.observe { _ in }.cancelOnDeactivate(interactor: self)
          stream.subscribe(onNext: { _ in }).disposeOnDeactivate(interactor: self)
          publisher.sink { _ in }.store(in: &cancellables)
          subscription = trips.state.observe { _ in }
          Task { await self.load() }.cancelOnDeactivate(interactor: self)
          let kept = publisher.sink { _ in }
          cancellables.insert(kept)
        }
        func makeSubscription() -> StreamSubscription { trips.state.observe { _ in } }
      }
      final class TripPresenter { func bind() { publisher.sink { _ in } } }
      """
    #expect(try lines(source, .unboundSubscription).isEmpty)
  }
}

@Suite(.timeLimit(.minutes(10))) struct MissingSuperCallTests {
  @Test func firesOnOverridesWithoutSuper() throws {
    let source = """
      final class HomeInteractor: Interactor {
        override func didBecomeActive() { start() }
        override func willResignActive() { super.didBecomeActive() }
      }
      final class HomeRouter: Router<HomeInteractor> { override func didLoad() {} }
      final class TrackingWorker: Worker {
        override func didStart(_ scope: InteractorScope) {}
        override func didStop() { stopAll() }
      }
      """
    #expect(try lines(source, .missingSuperCall) == [2, 3, 5, 7, 8])
  }

  @Test func quietWhenSuperIsCalledOrNotAnOverride() throws {
    let source = """
      final class HomeInteractor: Interactor {
        override func didBecomeActive() {
          super.didBecomeActive()
          start()
        }
        override func willResignActive() { defer { super.willResignActive() }; stop() }
        func didLoad() {}
      }
      final class TrackingWorker: Worker {
        override func didStart(_ scope: InteractorScope) { super.didStart(scope) }
      }
      """
    #expect(try lines(source, .missingSuperCall).isEmpty)
  }
}

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

@Suite(.timeLimit(.minutes(10))) struct ViewHasLogicTests {
  @Test func firesOnServicesWritableStreamsInteractorsAndNetworking() throws {
    let source = """
      import UIKit
      final class ConfirmViewController: UIViewController {
        let trips: TripService
        let state = MutableStateStream(0)
        var interactor: ConfirmInteractor?
        func load() { URLSession.shared.dataTask(with: url) }
        func again() { _ = trips }
      }
      final class TripService {}
      """
    // The view's own stream (line 4) is how it reports events: not logic.
    #expect(try lines(source, .viewHasLogic) == [3, 5, 6])
  }

  @Test func quietForDumbViews() throws {
    let source = """
      final class ConfirmViewController: UIViewController, ConfirmPresentable {
        weak var listener: ConfirmPresentableListener?
        private(set) var viewModel: ConfirmViewModel?
        func render(_ viewModel: ConfirmViewModel) { self.viewModel = viewModel }
      }
      final class TripInteractor: Interactor { let trips: TripService }
      """
    #expect(try lines(source, .viewHasLogic).isEmpty)
  }
}

@Suite(.timeLimit(.minutes(10))) struct MutableViewModelTests {
  @Test func firesOnClassesAndVars() throws {
    let source = """
      final class TripViewModel: ObservableObject { var title = "" }
      struct HomeViewModel: Equatable {
        var title: String
        let rows: [String]
      }
      """
    #expect(try lines(source, .mutableViewModel) == [1, 3])
  }

  @Test func quietForImmutableStructs() throws {
    let source = """
      struct HomeViewModel: Equatable, Codable {
        let title: String
        var isEmpty: Bool { title.isEmpty }
        static var placeholder: HomeViewModel { HomeViewModel(title: "") }
      }
      struct HomeState { var title: String }
      """
    #expect(try lines(source, .mutableViewModel).isEmpty)
  }
}

@Suite(.timeLimit(.minutes(10))) struct StreamWrittenOutsideServiceTests {
  @Test func firesOnWritesToStreamsOtherObjectsOwn() throws {
    let source = """
      import RIBs
      final class PaymentInteractor: PresentableInteractor<PaymentPresentable> {
        let dependency: PaymentDependency
        let relay: BehaviorRelay<Int>
        init(dependency: PaymentDependency, relay: BehaviorRelay<Int>) { self.relay = relay }
        func tap() {
          dependency.paymentStream.send(1)
          dependency.selectedItem.send(item)
          sharedMutableStream.option.onNext(2)
          self.relay.accept(3)
          dependency.paymentStream.on(.next(4))
          dependency.paymentStream.onError(error)
          source.bind(to: dependency.paymentStream)
          source.drive(sharedState.relay)
          relay.value = 5
        }
      }
      """
    #expect(
      try lines(source, .streamWrittenOutsideService) == [7, 8, 9, 10, 11, 12, 13, 14, 15])
  }

  @Test func quietForAStreamItsOwnerWrites() throws {
    let source = """
      import RIBs
      final class MovieInteractor: PresentableInteractor<MoviePresentable> {
        private let isLoading = BehaviorRelay(value: false)
        let movies: BehaviorRelay<[Movie]>
        init() { self.movies = BehaviorRelay(value: []) }
        func load() {
          isLoading.accept(true)
          movies.accept([])
          self.isLoading.on(.next(false))
          relay.on(someEvent)
        }
      }
      final class HomeViewController: UIViewController, HomePresentable {
        let viewWillAppear = PublishRelay<Void>()
        let closeTap = PublishRelay<Void>()
        override func viewWillAppear(_ animated: Bool) { viewWillAppear.accept(()) }
        func bind() { button.rx.tap.bind(to: listener.action) }
      }
      """
    #expect(try lines(source, .streamWrittenOutsideService).isEmpty)
  }

  @Test func quietInServicesAndForOtherSends() throws {
    let source = """
      final class TripService {
        private let state = MutableStateStream(0)
        func tap() { state.send(1) }
      }
      final class TripInteractor: Interactor {
        func tap() { trips.tap(); mailer.send(1); state.value }
        let mailer: Mailer
      }
      """
    #expect(try lines(source, .streamWrittenOutsideService).isEmpty)
  }
}

@Suite(.timeLimit(.minutes(10))) struct GlobalStateTests {
  @Test func firesOnStaticVarsGlobalsAndSingletonsInRIBCode() throws {
    let source = """
      import Ribcage
      var currentUser: User?
      final class SessionManager {
        static let shared = SessionManager()
        static var count = 0
      }
      final class HomeInteractor: Interactor { func go() { SessionManager.shared.start() } }
      """
    // A singleton is reported where RIB code uses it, whatever its name, and once where it is
    // declared.
    #expect(try lines(source, .globalState) == [2, 4, 5, 7])
  }

  @Test func quietOutsideRIBCodeAndForConstantsAndComputed() throws {
    #expect(
      try lines(
        "var scratch = 0\nfinal class Parser { static var cache = [String: Int]() }", .globalState
      ).isEmpty)
    let source = """
      import Ribcage
      let appName = "Rides"
      enum Flags { static let coupons = FeatureFlag("coupons", default: true) }
      final class HomeInteractor: Interactor {
        static var preview: HomeInteractor { HomeInteractor() }
      }
      """
    #expect(try lines(source, .globalState).isEmpty)
    #expect(
      try findings("import Ribcage\nvar mainState = 0\n", rule: .globalState, file: "main.swift")
        .isEmpty)
  }
}

@Suite(.timeLimit(.minutes(10))) struct AttachWithoutDetachTests {
  @Test func firesOnRoutersThatNeverDetach() throws {
    let source = """
      final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable> {
        func routeToSettings() { attachChild(settingsBuilder.build()) }
        func routeToProfile() { attachChild(profileBuilder.build()) }
      }
      """
    #expect(try lines(source, .attachWithoutDetach) == [2])
  }

  @Test func quietWhenTheRouterDetachesAnywhere() throws {
    let folder = SourceFolder([
      "HomeRouter.swift":
        "final class HomeRouter: Router<HomeInteractor> { func go() { attachChild(x) } }\n",
      "HomeRouter+Routes.swift": "extension HomeRouter { func back() { detachChild(x) } }\n",
    ])
    var linter = Linter(configuration: LintConfiguration())
    linter.onlyRules = [Rule.attachWithoutDetach.id]
    #expect(try linter.lint(paths: [], workingDirectory: folder.path).findings.isEmpty)
  }
}
