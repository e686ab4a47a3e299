import RibcageLint
import Testing

/// The seven fault classes of docs/lint-evaluation.md ("Recall, part 2"), each as found in
/// public RIBs apps, in fixtures of our own: the fault, and the nearest shape that is not one.
private func places(_ files: [String: String], _ rule: Rule) throws -> [String] {
  let folder = SourceFolder(files)
  var linter = Linter(configuration: LintConfiguration())
  linter.onlyRules = [rule.id]
  return try linter.lint(paths: [], workingDirectory: folder.path).findings.map {
    "\($0.path):\($0.line)"
  }
}

@Suite(.timeLimit(.minutes(10))) struct OneShotTaskTests {
  @Test func aTaskTouchingTheRIBAfterAnAwaitIsReported() throws {
    let source = """
      import RIBs
      final class TodoInteractor: PresentableInteractor<TodoPresentable> {
        weak var router: TodoRouting?
        private let images = PublishSubject<Data>()
        private let repository: ImageRepository
        func load() {
          Task {
            let data = try await repository.image()
            images.onNext(data)
          }
        }
        func permission() {
          Task { [weak self] in
            guard await Permissions.camera() else { return }
            self?.router?.routeToCamera()
          }
        }
        func prefill() {
          Task(priority: .userInitiated) {
            let amount = try await repository.lastAmount()
            show(amount)
          }
        }
        func show(_ amount: Int) {}
      }
      """
    let found = try findings(source, rule: .unboundSubscription)
    #expect(found.map(\.line) == [7, 13, 19])
    #expect(found[0].message.contains("touches 'images' after its await on line 8"))
    // `[weak self]` does not help: the task still runs, and updates, after deactivation.
    #expect(found[1].message.contains("touches self after its await on line 14"))
    #expect(found[2].message.contains("touches 'show'"))
    #expect(found[0].message.contains("cancel it in willResignActive"))
  }

  @Test func aTaskKeptAndCancelledOrLeavingTheRIBAloneIsNot() throws {
    let source = """
      import ModernRIBs
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        weak var router: HomeRouting?
        private var loading: Task<Void, Never>?
        private var tasks: [Task<Void, Never>] = []
        private let app: AppProtocol
        func load() {
          loading = Task { await app.refresh(); router?.routeToList() }
          tasks.append(Task { await app.sync(); presenter.show() })
          Task { let value = await app.get(); app.post(value) }
          Task { router?.routeToList() }
        }
        override func willResignActive() {
          super.willResignActive()
          loading?.cancel()
          tasks.forEach { $0.cancel() }
        }
      }
      """
    #expect(try lines(source, .unboundSubscription).isEmpty)
  }

  @Test func aTaskKeptButNeverCancelledIsReported() throws {
    let source = """
      import RIBs
      final class HomeInteractor: Interactor {
        weak var listener: HomeListener?
        private var loading: Task<Void, Never>?
        func load() { loading = Task { await api.load(); listener?.didLoad() } }
      }
      """
    let found = try findings(source, rule: .unboundSubscription)
    #expect(found.map(\.line) == [5])
    #expect(found.first?.message.contains("kept in 'loading' but never cancelled") == true)
  }
}

@Suite(.timeLimit(.minutes(10))) struct GlobalMutableStateTests {
  @Test func aStaticVarWithASetterUsedFromRIBCodeIsReportedThereAndOnceWhereDeclared() throws {
    let files = [
      "Core/Settings.swift": """
      import Foundation
      enum Settings {
        static var hidesAmounts: Bool {
          get { UserDefaults.standard.bool(forKey: "hide") }
          set { UserDefaults.standard.set(newValue, forKey: "hide") }
        }
        static var version: String { "1.0" }
        static var unused: Int { get { 0 } set {} }
      }
      """,
      "Setting/SettingInteractor.swift": """
      import RIBs
      final class SettingInteractor: Interactor {
        func toggle() { Settings.hidesAmounts.toggle(); print(Settings.version) }
        func read() -> Bool { Settings.hidesAmounts }
      }
      """,
    ]
    #expect(
      try places(files, .globalState) == [
        "Core/Settings.swift:3", "Setting/SettingInteractor.swift:3",
        "Setting/SettingInteractor.swift:4",
      ])
  }

  @Test func singletonsPassedAsImplicitMembersAndSystemStoresAreUses() throws {
    let files = [
      "Service/KeyChainService.swift": """
      final class KeyChainService { static let shared = KeyChainService() }
      """,
      "Review/ReviewBuilder.swift": """
      import ModernRIBs
      final class ReviewComponent: Component<ReviewDependency> {
        var auth: AuthService { AuthService(keyChainService: .shared) }
        var session: URLSession { URLSession(configuration: .default) }
      }
      """,
      "Home/HomeInteractor.swift": """
      import ModernRIBs
      final class HomeInteractor: Interactor {
        var order: [String] { UserDefaults.standard.stringArray(forKey: "order") ?? [] }
      }
      """,
      "App/AppComponent.swift": """
      import ModernRIBs
      final class AppComponent: Component<EmptyDependency> {
        let keyChain = KeyChainService.shared
      }
      """,
    ]
    #expect(
      try places(files, .globalState) == [
        "Home/HomeInteractor.swift:3", "Review/ReviewBuilder.swift:3",
        "Service/KeyChainService.swift:1",
      ])
  }
}

@Suite(.timeLimit(.minutes(10))) struct ViewWritesListenerStreamTests {
  @Test func aViewWritingARelayItsListenerOwnsIsReported() throws {
    let source = """
      import RIBs
      protocol CardPresentableListener: AnyObject { var selection: PublishRelay<Int> { get } }
      final class CardViewController: UIViewController, CardPresentable {
        weak var listener: CardPresentableListener?
        let tapped = PublishRelay<Void>()
        func select(_ row: Int) { listener?.selection.accept(row) }
        func bind() {
          tableView.rx.itemSelected.map(\\.row).bind(to: listener!.selection).disposed(by: bag)
          button.rx.tap.bind(to: tapped).disposed(by: bag)
          button.rx.tap.map { .refresh }.bind(to: listener!.action).disposed(by: bag)
        }
      }
      final class CardDetailsInteractor: Interactor {
        weak var listener: CardDetailsListener?
        func back() { listener?.previousRelay.accept(()) }
      }
      """
    // Its own relay, and a ReactorKit reactor's `action` (its designed input), are not.
    #expect(try lines(source, .streamWrittenOutsideService) == [6, 8, 15])
  }

  @Test func aPresenterFeedingItsRIBInteractorsRelayIsReportedAComponentsIsNot() throws {
    let files = [
      "Billing/BillingInteractor.swift": """
      import RIBs
      final class BillingInteractor: Interactor { let addressRelay = BehaviorRelay<String?>(value: nil) }
      """,
      "Billing/BillingPresenter.swift": """
      import RIBs
      final class BillingPresenter: RibBridgePresenter {
        private let interactor: BillingInteractor
        func bind() { form.address.bind(to: interactor.addressRelay).disposed(by: bag) }
      }
      """,
      "Amount/AmountPresenter.swift": """
      import RIBs
      final class AmountInteractor { let tappedRelay = PublishRelay<Void>() }
      final class AmountPresenter {
        private let interactor: AmountInteractor
        func tap() { interactor.tappedRelay.accept(()) }
      }
      """,
    ]
    #expect(try places(files, .streamWrittenOutsideService) == ["Billing/BillingPresenter.swift:4"])
  }
}

@Suite(.timeLimit(.minutes(10))) struct HelperHoldsOwnerTests {
  @Test func anAdapterWhoseDelegateAndDataSourceTheInteractorSetsToItselfIsReported() throws {
    let files = [
      "Search/ResultAdapter.swift": """
      import UIKit
      protocol ResultAdapter: AnyObject, TableAdapter where Delegate == ResultAdapterDelegate {}
      final class ResultAdapterImp: NSObject, ResultAdapter {
        var delegate: Delegate?
        var dataSource: DataSource?
        var onSelect: ((Int) -> Void)?
      }
      final class WordAdapterImp: NSObject, WordAdapter {
        weak var delegate: Delegate?
        weak var dataSource: DataSource?
      }
      """,
      "Search/SearchInteractor.swift": """
      import ModernRIBs
      final class SearchInteractor: PresentableInteractor<SearchPresentable> {
        private var results: (any ResultAdapter)?
        private var words: (any WordAdapter)?
        override func didBecomeActive() {
          super.didBecomeActive()
          results?.delegate = self
          self.results?.dataSource = self
          words?.delegate = self
        }
      }
      """,
    ]
    #expect(
      try places(files, .strongListener) == [
        "Search/ResultAdapter.swift:4", "Search/ResultAdapter.swift:5",
      ])
  }

  @Test func aViewControllersOwnDataSourceIsNoBackReference() throws {
    let source = """
      import RIBs
      final class HomeViewController: UIViewController, HomePresentable {
        weak var listener: HomePresentableListener?
        var dataSource: UITableViewDiffableDataSource<Int, Item>?
      }
      """
    #expect(try lines(source, .strongListener).isEmpty)
  }
}

@Suite(.timeLimit(.minutes(10))) struct ViewHoldsBusinessObjectTests {
  @Test func viewsHoldingOrCallingBusinessObjectsAreReportedWhateverTheirNames() throws {
    let files = [
      "Data/ImageDownloader.swift": """
      import UIKit
      struct ImageDownloader {
        static func download(_ url: URL) async throws -> Data {
          try await URLSession.shared.data(from: url).0
        }
      }
      protocol ImageRepositoryProtocol { func image() async -> Data }
      final class ImageRepository: ImageRepositoryProtocol { func image() async -> Data { Data() } }
      final class UserInfoService { static let shared = UserInfoService(); var isGuest = true }
      final class AdMobManager { func load() {} }
      """,
      "Search/ResultCell.swift": """
      import UIKit
      final class ResultCell: UITableViewCell {
        private let ads = AdMobManager()
        func configure(_ url: URL) {
          Task { image = try await ImageDownloader.download(url) }
          likeButton.isHidden = UserInfoService.shared.isGuest
        }
      }
      """,
      "Profile/ProfileView.swift": """
      import SwiftUI
      struct ProfileView: View {
        let images: ImageRepositoryProtocol
        var body: some View { Text("") }
      }
      """,
    ]
    #expect(
      try places(files, .viewHasLogic) == [
        "Profile/ProfileView.swift:3", "Search/ResultCell.swift:5", "Search/ResultCell.swift:6",
      ])
  }
}

@Suite(.timeLimit(.minutes(10))) struct ComponentCycleTests {
  @Test func aComponentSubscribingToItsOwnSharedStreamAndKeepingItIsACycle() throws {
    let source = """
      import RIBs
      final class GameComponent: Component<GameDependency> {
        private let bag = DisposeBag()
        var scores: ScoreStream { shared { ScoreStreamImpl() } }
        override init(dependency: GameDependency) {
          super.init(dependency: dependency)
          scores.score.subscribe(onNext: { self.record($0) }).disposed(by: bag)
          scores.score.subscribe(onNext: { [weak self] in self?.record($0) }).disposed(by: bag)
        }
        var adapter: GameAdapter { shared { GameAdapter(dependency: self) } }
        func record(_ score: Int) {}
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [7])
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
      try places(files, .childKnowsParent) == ["Search/SearchList/SearchListInteractor.swift:3"])
  }
}

@Suite(.timeLimit(.minutes(10))) struct SingletonDefaultArgumentTests {
  @Test func buildingATypeWhoseInitializerDefaultsToASingletonUsesIt() throws {
    let files = [
      "Data/Storage.swift": """
      import CoreData
      final class PersistentStorage { static let shared = PersistentStorage() }
      final class AccountRepository {
        init(storage: PersistentStorage = .shared, limit: Int = 10) {}
      }
      """,
      "Main/MainBuilder.swift": """
      import ModernRIBs
      final class MainComponent: Component<MainDependency> {
        var accounts: AccountRepository { AccountRepository() }
        var injected: AccountRepository { AccountRepository(storage: dependency.storage) }
      }
      """,
    ]
    #expect(
      try places(files, .globalState) == ["Data/Storage.swift:2", "Main/MainBuilder.swift:3"])
  }
}

@Suite(.timeLimit(.minutes(10))) struct PermanentChildEvidenceTests {
  @Test func aRouteAskedForOnlyOnActivationOrGuardedByTheChildIsAttachedOnce() throws {
    let files = [
      "LoggedIn/LoggedInRouter.swift": """
      import RIBs
      final class LoggedInRouter: ViewableRouter<LoggedInInteractable, LoggedInViewControllable> {
        func attachMain() { attachChild(mainBuilder.build(withListener: interactor)) }
        func routeToList() {
          if listRouting != nil { return }
          let list = listBuilder.build(withListener: interactor)
          listRouting = list
          attachChild(list)
        }
      }
      """,
      "LoggedIn/LoggedInInteractor.swift": """
      import RIBs
      final class LoggedInInteractor: PresentableInteractor<LoggedInPresentable> {
        weak var router: LoggedInRouting?
        override func didBecomeActive() { super.didBecomeActive(); start() }
        private func start() { Task { [weak self] in await sync(); self?.router?.attachMain() } }
        func didTapList() { router?.routeToList() }
      }
      """,
      "Todo/TodoRouter.swift": """
      import RIBs
      final class TodoRouter: ViewableRouter<TodoInteractable, TodoViewControllable> {
        func attachDetail() { attachChild(detailBuilder.build(withListener: interactor)) }
      }
      """,
      "Todo/TodoInteractor.swift": """
      import RIBs
      final class TodoInteractor: PresentableInteractor<TodoPresentable> {
        weak var router: TodoRouting?
        override func didBecomeActive() { super.didBecomeActive(); router?.attachDetail() }
        func didTapCell() { router?.attachDetail() }
      }
      """,
    ]
    // The detail is asked for on activation and on every tap: it piles up.
    #expect(try places(files, .attachWithoutDetach) == ["Todo/TodoRouter.swift:3"])
  }
}

/// Cases a review of the rule-per-file port found (each was a regression or a false positive).
@Suite(.timeLimit(.minutes(10))) struct PortReviewTests {
  @Test func aRuleOffInOneFolderStillLearnsFromIt() throws {
    let folder = SourceFolder([
      "Sources/App/Home/HomeRouter.swift": """
      import RIBs
      final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable> {
        func routeToDetail() { attachChild(detailBuilder.build()) }
      }
      """,
      "Sources/App/Legacy/HomeRouter+Detach.swift": """
      import RIBs
      extension HomeRouter { func routeBack() { detachChild(detail) } }
      """,
      "Sources/App/Legacy/.ribcage.yml": "rules:\n  attach-without-detach: off\n",
    ])
    let report = try Linter().lint(paths: [], workingDirectory: folder.path)
    #expect(!report.findings.contains { $0.rule == Rule.attachWithoutDetach.id })
  }

  @Test func aViewsWeakInteractorIsStillItsInteractor() throws {
    let source = """
      import RIBs
      final class HomeViewController: UIViewController {
        weak var interactor: HomeInteractor?
      }
      """
    #expect(try lines(source, .viewHasLogic) == [3])
  }

  @Test func metatypesPositionalDefaultsAndWiringAreNoUses() throws {
    let files = [
      "Core/Storage.swift": """
      final class Storage { static let shared = Storage() }
      final class Repository { init(_ storage: Storage = .shared) {} }
      """,
      "Home/HomeBuilder.swift": """
      import RIBs
      final class HomeComponent: Component<HomeDependency> {
        var repository: Repository { Repository(dependency.storage) }
        var settings: SettingsService { SettingsService(defaults: UserDefaults.standard) }
        func resolve() -> Any { container.resolve(Storage.self) }
      }
      """,
    ]
    #expect(try places(files, .globalState).isEmpty)
  }

  @Test func aClosureStoredOnAPropertyFromAnExtensionIsACycleOnALocalIsNot() throws {
    let source = """
      import RIBs
      final class HomeViewController: UIViewController {
        let header = HeaderView()
      }
      extension HomeViewController {
        func setUp() { header.onTap = { self.reload() } }
        func cell(at row: Int) -> UITableViewCell {
          let cell = tableView.dequeue(row)
          cell.onTap = { self.open(row) }
          if let other = cell as? OtherCell { other.onTap = { self.open(row) } }
          return cell
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [6])
  }

  @Test func aWriteIntoAnInteractorTypedByItsProtocolIsReported() throws {
    let source = """
      import RIBs
      final class HomePresenter: Presenter<HomeViewControllable> {
        private let interactor: HomeInteractable
        func tap() { interactor.selectionRelay.accept(1) }
      }
      """
    #expect(try lines(source, .streamWrittenOutsideService) == [4])
  }
}
