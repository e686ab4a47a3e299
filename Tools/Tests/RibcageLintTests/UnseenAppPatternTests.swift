import RibcageLint
import Testing

/// Patterns from public RIBs apps nobody tuned the rules on (issue 43), each in fixtures of our
/// own: what the rules got wrong, and the nearest shape that is a fault.
private func places(_ files: [String: String], _ rule: Rule) throws -> [String] {
  let folder = SourceFolder(files)
  var configuration = LintConfiguration()
  if !rule.isOnByDefault { configuration.severities[rule.id] = rule.defaultSeverity }
  var linter = Linter(configuration: configuration)
  linter.onlyRules = [rule.id]
  return try linter.lint(paths: [], workingDirectory: folder.path).findings.map {
    "\($0.path):\($0.line)"
  }
}

@Suite(.timeLimit(.minutes(10))) struct WeakCaptureTests {
  @Test func aWeakCaptureIsNoCycleWhateverTheBodyReads() throws {
    let source = """
      import RIBs
      import RxSwift
      final class FeedViewController: UIViewController, FeedPresentable {
        private let viewModel: FeedViewModel
        private let disposeBag = DisposeBag()
        func bind() {
          viewModel.onChange = { [weak self] in
            self?.viewModel.reload()
          }
          viewModel.onError = { [weak self] error in
            guard let self else { return }
            viewModel.show(error)
          }
          viewModel.onEmpty = { [unowned self] in self.viewModel.reload() }
          refresh.rx.tap.subscribe(onNext: { [weak self] in
            self?.viewModel.items.subscribe(onNext: { items in self?.render(items) })
              .disposed(by: self?.disposeBag ?? DisposeBag())
          })
          .disposed(by: disposeBag)
        }
        func render(_ items: [String]) {}
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }

  @Test func aStrongCaptureOfWhatKeepsTheClosureIsStillACycle() throws {
    let source = """
      import RIBs
      import RxSwift
      final class FeedViewController: UIViewController, FeedPresentable {
        private let viewModel: FeedViewModel
        private let disposeBag = DisposeBag()
        func bind() {
          let model = viewModel
          model.onChange = { [weak self] in model.reload(); self?.render() }
          refresh.rx.tap.subscribe(onNext: { [weak self] in
            guard let self else { return }
            self.viewModel.items.subscribe(onNext: { _ in self.render() })
              .disposed(by: self.disposeBag)
          })
          .disposed(by: disposeBag)
        }
        func render() {}
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [8, 11])
  }

  @Test func aControllerHoldingAClosureThatCapturesItIsACycleWhoeverSetsIt() throws {
    let source = """
      import RIBs
      final class ProfileBuilder: Builder<ProfileDependency>, ProfileBuildable {
        func build(withListener listener: ProfileListener) -> ProfileRouting {
          let viewController = ProfileViewController()
          viewController.onClose = { viewController.dismiss(animated: true) }
          let other = ProfileViewController()
          other.onClose = { [weak other] in other?.dismiss(animated: true) }
          other.configure = { other, size in other.resize(size) }
          let interactor = ProfileInteractor(presenter: viewController)
          return ProfileRouter(interactor: interactor, viewController: viewController)
        }
      }
      final class ProfileRouter: ViewableRouter<ProfileInteractable, ProfileViewControllable> {
        private let detail: DetailViewController
        func routeToDetail() {
          self.detail.onBack = { self.detail.pop() }
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [5, 16])
  }
}

@Suite(.timeLimit(.minutes(10))) struct SubscriptionShapeTests {
  @Test func aPresentersOwnMethodNamedLikeAnOperatorIsNoSubscription() throws {
    let source = """
      import RIBs
      protocol HomePresentable: Presentable {
        func bind(viewModel: HomeViewModel)
        func bind(_ sections: [Section])
      }
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        private let model: HomeModel
        override func didBecomeActive() {
          super.didBecomeActive()
          presenter.bind(viewModel: HomeViewModel(title: "Home"))
          self.presenter.bind(model.sections)
          model.bind(viewModel: HomeViewModel(title: "Home"))
          router?.observe(route: .home)
        }
      }
      """
    #expect(try lines(source, .unboundSubscription).isEmpty)
  }

  @Test func aReactiveReceiverOrCallShapeIsASubscription() throws {
    let source = """
      import RIBs
      import RxSwift
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        private let items = BehaviorRelay<[Item]>(value: [])
        private let dependency: HomeDependency
        override func didBecomeActive() {
          super.didBecomeActive()
          items.bind { [weak self] in self?.show($0) }
          dependency.userStream.subscribe(onNext: { [weak self] in self?.show($0) })
          items.map(\\.count).bind(to: presenter.countRelay)
          presenter.bind(viewModel: HomeViewModel(title: "Home"))
        }
        func show(_ value: Any) {}
      }
      """
    #expect(try lines(source, .unboundSubscription) == [8, 9, 10])
  }
}

@Suite(.timeLimit(.minutes(10))) struct EffectfulSuperTests {
  @Test func skippingUberRIBsEmptyHooksIsNoFinding() throws {
    let source = """
      import RIBs
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        override func didBecomeActive() { start() }
        override func willResignActive() { stop() }
      }
      final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable> {
        override func didLoad() { attach() }
      }
      """
    #expect(try lines(source, .missingSuperCall).isEmpty)
  }

  @Test func skippingAnAppBaseThatDoesWorkIsReported() throws {
    let files = [
      "Base/BaseInteractor.swift": """
      import RIBs
      class BaseInteractor<P>: PresentableInteractor<P> {
        let bag = DisposeBag()
        override func didBecomeActive() {
          super.didBecomeActive()
          startTracking()
        }
        override func willResignActive() { super.willResignActive() }
      }
      """,
      "Home/HomeInteractor.swift": """
      import RIBs
      final class HomeInteractor: BaseInteractor<HomePresentable> {
        override func didBecomeActive() { load() }
        override func willResignActive() { stop() }
      }
      """,
      "Ribcage/TripInteractor.swift": """
      import Ribcage
      final class TripInteractor: Interactor {
        override func didBecomeActive() { load() }
      }
      """,
    ]
    #expect(
      try places(files, .missingSuperCall).sorted() == [
        "Home/HomeInteractor.swift:3", "Ribcage/TripInteractor.swift:3",
      ])
  }
}

@Suite(.timeLimit(.minutes(10))) struct CompositionRootTests {
  static let services = """
    final class KeychainStore { static let shared = KeychainStore() }
    final class Analytics { static let shared = Analytics() }
    """

  @Test func aRootComponentBuiltWithAnEmptyDependencyWiresSingletons() throws {
    let files = [
      "Services/Services.swift": Self.services,
      "App/SceneDelegate.swift": """
      import RIBs
      final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        func scene() {
          let component = MainComponent(dependency: EmptyComponent())
          launchRouter = RootBuilder(dependency: component).build()
        }
      }
      """,
      "App/MainComponent.swift": """
      import RIBs
      final class MainComponent: Component<EmptyDependency>, RootDependency {
        var keychain: KeychainStore { KeychainStore.shared }
      }
      """,
      "Splash/SplashComponent.swift": """
      import RIBs
      final class SplashComponent: Component<EmptyDependency>, LoggedOutDependency {
        let analytics = Analytics.shared
      }
      """,
      "Home/HomeInteractor.swift": """
      import RIBs
      final class HomeInteractor: Interactor {
        func logout() { KeychainStore.shared.clear() }
      }
      """,
    ]
    #expect(
      try places(files, .globalState).sorted() == [
        "Home/HomeInteractor.swift:3", "Services/Services.swift:1",
      ])
  }

  @Test func aComponentNoBuilderIsGivenIsTheRoot() throws {
    let files = [
      "Services/Services.swift": Self.services,
      "App/AppRootComponent.swift": """
      import ModernRIBs
      final class AppRootComponent: Component<AppRootDependency>, MainDependency {
        let analytics = Analytics.shared
      }
      """,
      "App/AppDelegate.swift": """
      import ModernRIBs
      final class AppDelegate: UIResponder, UIApplicationDelegate {
        func start() {
          let component = AppRootComponent(dependency: AppRootDependencyImpl())
          router = MainBuilder(dependency: component).build()
        }
      }
      """,
      "Main/MainComponent.swift": """
      import ModernRIBs
      final class MainComponent: Component<MainDependency>, FeedDependency {
        var analytics: Analytics { Analytics.shared }
      }
      """,
    ]
    // MainComponent is given to builders by its parent: it is no root, and its use counts.
    #expect(
      try places(files, .globalState).sorted() == [
        "Main/MainComponent.swift:3", "Services/Services.swift:2",
      ])
  }
}

@Suite(.timeLimit(.minutes(10))) struct SharedStreamWriteTests {
  @Test func aChildWritingAStreamItsParentsComponentMakesIsReported() throws {
    let files = [
      "Parent/ParentComponent.swift": """
      import RIBs
      final class ParentComponent: Component<ParentDependency>, ChildDependency, SiblingDependency {
        let selectionStream = PublishSubject<Int>()
      }
      """,
      "Child/ChildBuilder.swift": """
      import RIBs
      protocol ChildDependency: Dependency { var selectionStream: PublishSubject<Int> { get } }
      final class ChildComponent: Component<ChildDependency> {
        let selectionStream: PublishSubject<Int>
        init(dependency: ChildDependency) {
          selectionStream = dependency.selectionStream
          super.init(dependency: dependency)
        }
      }
      """,
      "Child/ChildInteractor.swift": """
      import RIBs
      final class ChildInteractor: Interactor {
        private let dependency: ChildDependency
        func select(_ index: Int) { dependency.selectionStream.onNext(index) }
      }
      """,
      "Sibling/SiblingBuilder.swift": """
      import RIBs
      protocol SiblingDependency: Dependency { var selectionStream: PublishSubject<Int> { get } }
      """,
    ]
    #expect(try places(files, .streamWrittenOutsideService) == ["Child/ChildInteractor.swift:4"])
  }

  @Test func aSubjectTheRIBsOwnComponentMakesForItsViewAloneIsItsState() throws {
    let files = [
      "Child/ChildBuilder.swift": """
      import RIBs
      protocol ChildDependency: Dependency {}
      final class ChildComponent: Component<ChildDependency> {
        let titleSubject = PublishSubject<String>()
      }
      """,
      "Child/ChildInteractor.swift": """
      import RIBs
      final class ChildInteractor: Interactor {
        private let dependency: ChildComponent
        func rename(_ title: String) { dependency.titleSubject.onNext(title) }
      }
      """,
    ]
    #expect(try places(files, .streamWrittenOutsideService).isEmpty)
  }

  @Test func aStreamItsOwnBuilderMakesForItsOwnComponentIsItsState() throws {
    let files = [
      "Topup/TopupBuilder.swift": """
      import ModernRIBs
      protocol TopupDependency: Dependency {}
      final class TopupComponent: Component<TopupDependency>, TopupInteractorDependency, AmountDependency {
        let methodStream: CurrentValuePublisher<Method>
        var selectedMethod: ReadOnlyCurrentValuePublisher<Method> { methodStream }
        init(dependency: TopupDependency, methodStream: CurrentValuePublisher<Method>) {
          self.methodStream = methodStream
          super.init(dependency: dependency)
        }
      }
      """,
      "Topup/TopupInteractor.swift": """
      import ModernRIBs
      protocol TopupInteractorDependency { var methodStream: CurrentValuePublisher<Method> { get } }
      final class TopupInteractor: Interactor {
        private let dependency: TopupInteractorDependency
        func pick(_ method: Method) { dependency.methodStream.send(method) }
      }
      """,
    ]
    #expect(try places(files, .streamWrittenOutsideService).isEmpty)
  }

  @Test func aRelayItsOwnComponentMakesStoredPrivateFromTheDependencyIsItsOwn() throws {
    let files = [
      "Feed/FeedBuilder.swift": """
      import RIBs
      final class FeedComponent: Component<FeedDependency>, FeedInteractorDependency {
        let loadMore = PublishRelay<Void>()
      }
      """,
      "Feed/FeedInteractor.swift": """
      import RIBs
      import RxSwift
      final class FeedInteractor: PresentableInteractor<FeedPresentable> {
        private let loadMore: PublishRelay<Void>
        init(presenter: FeedPresentable, dependency: FeedInteractorDependency) {
          self.loadMore = dependency.loadMore
          super.init(presenter: presenter)
        }
        func scrolledToEnd() { loadMore.accept(()) }
      }
      """,
    ]
    #expect(try places(files, .streamWrittenOutsideService).isEmpty)
  }

  @Test func aRelayHandedDownAndStoredPrivateIsStillTheParents() throws {
    let source = """
      import RIBs
      import RxSwift
      final class TabInteractor: PresentableInteractor<TabPresentable> {
        private let _selected: PublishRelay<Int>
        private let _own = PublishRelay<Int>()
        init(presenter: TabPresentable, selected: PublishRelay<Int>) {
          self._selected = selected
          super.init(presenter: presenter)
        }
        func tap(_ index: Int) {
          _selected.accept(index)
          _own.accept(index)
        }
      }
      """
    #expect(try lines(source, .streamWrittenOutsideService) == [11])
  }
}

@Suite(.timeLimit(.minutes(10))) struct TaskWritesPropertyTests {
  @Test func aTaskWritingAPropertyWithoutSelfAfterAnAwaitIsReported() throws {
    let source = """
      import RIBs
      final class ListInteractor: PresentableInteractor<ListPresentable> {
        private var items: [String] = []
        private var count = 0
        private let repository: ListRepository
        func load() {
          Task {
            let loaded = try await repository.items()
            items = loaded
          }
          Task {
            let loaded = try await repository.items()
            print(loaded.count, count)
          }
          Task {
            let loaded = try await repository.items()
            viewModel.items = loaded
          }
        }
        private var viewModel = ListViewModel()
      }
      """
    #expect(try lines(source, .unboundSubscription) == [7, 15])
  }
}

@Suite(.timeLimit(.minutes(10))) struct BrokenCycleTests {
  @Test func aSubscriptionInABagEmptiedOnDeactivationIsNoLastingCycle() throws {
    let source = """
      import ModernRIBs
      import Combine
      final class WalletInteractor: PresentableInteractor<WalletPresentable> {
        private var cancellables: Set<AnyCancellable> = []
        private var kept: Set<AnyCancellable> = []
        override func didBecomeActive() {
          super.didBecomeActive()
          cards.sink { self.presenter.show($0) }.store(in: &cancellables)
          cards.sink { self.presenter.show($0) }.store(in: &kept)
        }
      }
      extension WalletInteractor {
        override func willResignActive() {
          super.willResignActive()
          self.cancellables.forEach { $0.cancel() }
          cancellables.removeAll()
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [9])
  }
}

@Suite(.timeLimit(.minutes(10))) struct SeverityIsAPromiseTests {
  @Test func onlyACycleInEveryReadingIsAnError() throws {
    let source = """
      import RIBs
      import RxSwift
      final class CartViewController: UIViewController, CartPresentable {
        private let disposeBag = DisposeBag()
        private var dataSource: CartDataSource?
        private var onRefresh: (() -> Void)?
        private let cell = CartCell()
        func bind(items: Observable<[Item]>, shared: SharedBag) {
          onRefresh = { self.reload() }
          items.subscribe(onNext: { _ in self.reload() }).disposed(by: disposeBag)
          items.subscribe(onNext: { _ in self.reload() }).disposed(by: shared.bag)
          dataSource = CartDataSource(provider: { _ in self.reload() })
          cell.onTap = { self.reload() }
        }
        func reload() {}
      }
      """
    let found = try findings(source, rule: .retainCycleClosure)
    #expect(found.map(\.line) == [9, 10, 11, 12, 13])
    #expect(found.map(\.severity) == [.error, .error, .warning, .warning, .warning])
    // A team that names the rule's severity gets what it asked for.
    let folder = SourceFolder([
      "Cart.swift": source, ".ribcage.yml": "rules:\n  retain-cycle-closure: error\n",
    ])
    let configured = try Linter(configuration: LintConfiguration()).lint(
      paths: [], workingDirectory: folder.path)
    #expect(configured.findings.filter { $0.rule == "retain-cycle-closure" }.count == 5)
  }
}
