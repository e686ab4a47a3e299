import RibcageLint
import Testing

// `retain-cycle-closure` (Sources/RibcageLint/Rules/RetainCycleClosure.swift): code that must fire and code
// that must not, Ribcage and uber/RIBs / ModernRIBs code alike, and the faults of its class
// found in public RIBs apps (docs/lint-evaluation.md).

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

  /// A card made by a method that returns it, its handler capturing the view controller, and
  /// the card kept by a presenter the controller keeps (`lazy var sheet = Sheet(root:
  /// makeCard())`): controller → sheet → card → handler → controller. A card the method only
  /// shows, or returns to a caller that keeps nothing, holds nothing.
  @Test func anOperatorClosureUpstreamOfAKeptSubscriptionIsKeptByIt() throws {
    let source = """
      import RIBs
      import RxSwift
      final class MainViewController: UIViewController, MainPresentable {
        private let disposeBag = DisposeBag()
        private var currentTab = 0
        func bind() {
          rx.didSelect.asDriver()
            .filter { self.currentTab != $0.tag }
            .map { [weak self] in self?.title(for: $0) }
            .drive(with: self, onNext: { owner, title in owner.title = title })
            .disposed(by: disposeBag)
          Observable.just(1).map { self.currentTab + $0 }.subscribe(onNext: { _ in })
            .disposed(by: disposeBag)
          items.map { self.row($0) }.forEach { print($0) }
        }
      }
      final class MainInteractor: PresentableInteractor<MainPresentable> {
        override func didBecomeActive() {
          super.didBecomeActive()
          tabs.filter { self.isReady($0) }.subscribe(onNext: { [weak self] in self?.show($0) })
            .disposeOnDeactivate(interactor: self)
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [8])
  }

  @Test func anOperatorClosureRunOnceOnAFiniteSourceOrBeforeASchedulerIsNoCycle() throws {
    let source = """
      import RIBs
      import RxSwift
      final class MapViewController: UIViewController, MapPresentable {
        private let disposeBag = DisposeBag()
        func bind() {
          Observable<Void>.create { observer in self.locate(); return Disposables.create() }
            .subscribe(with: self) { owner, _ in owner.start() }.disposed(by: disposeBag)
          Observable.deferred { self.repository.load() }.subscribe(onNext: { [weak self] in self?.show($0) })
            .disposed(by: disposeBag)
          Driver.just(sections).map { self.rows($0) }.drive(onNext: { [weak self] in self?.show($0) })
            .disposed(by: disposeBag)
          Observable<Void>.just(()).map { self.next }.bind(to: relay).disposed(by: disposeBag)
          Observable<Int>.timer(.seconds(2), scheduler: MainScheduler.instance).map { _ in self.page }
            .bind(to: pageRelay).disposed(by: disposeBag)
          source.do(onSubscribe: { self.isLoading = true }).subscribe(onNext: { [weak self] in self?.show($0) })
            .disposed(by: disposeBag)
        }
        func titles() -> Observable<String> { relay.map { self.title(for: $0) }.observe(on: MainScheduler.instance) }
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }

  @Test func aClosureParameterNamedSelfShadowsTheObject() throws {
    let source = """
      import RIBs
      import RxSwift
      final class EditingViewController: UIViewController, EditingPresentable {
        private let disposeBag = DisposeBag()
        func bind() {
          doneButton.rx.tap.withUnretained(self)
            .subscribe(onNext: { `self`, _ in self.listener?.save() })
            .disposed(by: disposeBag)
          titleField.rx.text.subscribe(onNext: { _ in self.listener?.edit() })
            .disposed(by: disposeBag)
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [9])
  }

  @Test func aHandlerOnACardTheMethodReturnsIntoAPropertyIsACycle() throws {
    let source = """
      import RIBs
      import UIKit
      final class WelcomeViewController: UIViewController, WelcomePresentable {
        lazy var sheet: CardSheet = CardSheet(root: makeCard())
        private func makeCard() -> Card {
          let card = Card(title: "Hi")
          card.onClose = { _ in Flags.seen = true }
          card.onAction = { _ in self.sheet.dismiss() }
          return card
        }
        private func makeToast() -> Card {
          let toast = Card(title: "Bye")
          toast.onAction = { _ in self.view.endEditing(true) }
          return toast
        }
        func showTip() {
          let tip = Card(title: "Tip")
          tip.onAction = { _ in self.dismiss(animated: true) }
          tip.show()
        }
        func bye() { makeToast().show() }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [8])
    let messages = try findings(source, rule: .retainCycleClosure).map(\.message)
    #expect(messages.first?.contains("returns into 'sheet'") == true, "\(messages)")
  }

  /// Only a property that keeps the card itself keeps the handler: one storing a value read off
  /// the card (`makeCard().title`), or what an overload of the same name returns, or a closure
  /// that calls the method later, keeps no card.
  @Test func aPropertyKeepingSomethingElseThanTheReturnedCardIsNoCycle() throws {
    let source = """
      import UIKit
      final class WelcomeViewController: UIViewController {
        lazy var cardTitle: String = makeCard().title
        lazy var banner: Card = makeCard(for: "banner")
        lazy var showLater: () -> Void = { [unowned self] in self.present(self.makeCard()) }
        lazy var sheet = CardSheet(root: try! makeCard(named: "x"))
        private func makeCard() -> Card {
          let card = Card(title: "Hi")
          card.onAction = { _ in self.dismiss(animated: true) }
          return card
        }
        private func makeCard(for name: String) -> Card { Card(title: name) }
        private func makeCard(named name: String) throws -> Card {
          let card = Card(title: name)
          card.onAction = { _ in self.sheet.dismiss() }
          return card
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [15])
  }

  /// The card kept through a closure the property is initialized with (`lazy var manager = {
  /// let root = makeCard(); return Manager(rootItem: root) }()`), or through an assignment in
  /// one of the type's methods (`manager = Manager(rootItem: makeCard())`).
  @Test func aCardKeptThroughAClosureInitializerOrAnAssignmentIsACycle() throws {
    let source = """
      import UIKit
      final class StatusViewController: UIViewController {
        lazy var manager: Manager = {
          let root: Item = makeCard()
          return Manager(rootItem: root)
        }()
        private func makeCard() -> Item {
          let page = Page(title: "Oops")
          page.actionHandler = { _ in self.manager.dismiss() }
          return page
        }
      }
      final class ErrorViewController: UIViewController {
        var manager: Manager?
        func show() { manager = Manager(rootItem: makeCard()) }
        private func makeCard() -> Item {
          let page = Page(title: "Oops")
          page.actionHandler = { _ in self.manager?.dismiss() }
          return page
        }
      }
      final class TipViewController: UIViewController {
        lazy var title: String = {
          let root = makeCard()
          return root.title
        }()
        private func makeCard() -> Item {
          let page = Page(title: "Tip")
          page.actionHandler = { _ in self.dismiss(animated: true) }
          return page
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [9, 18])
  }

  /// The card reaches the property through an operator (`isNew ? makeWelcome() : makeBack()`,
  /// `saved ?? makeCard()`, `as!`), a local the property's closure configures and returns
  /// (`tabs.viewControllers = [makeHome()]`), a closure run at once (`items.map { makeCard(for:
  /// $0) }`, `.then { }`), a trailing-closure argument or variadic arguments.
  @Test func aCardKeptThroughOperatorsConfiguredLocalsAndClosuresRunAtOnceIsACycle() throws {
    let source = """
      import UIKit
      final class CardsViewController: UIViewController {
        var isNew = false
        var saved: Card?
        lazy var first = Sheet(root: isNew ? makeWelcome() : Card())
        lazy var second = Sheet(root: saved ?? makeBack())
        lazy var third = Navigation(root: makeScreen() as! UIViewController)
        lazy var tabs: UITabBarController = {
          let tabs = UITabBarController()
          tabs.viewControllers = [makeHome()]
          return tabs
        }()
        lazy var pages = items.map { makePage(for: $0) }
        lazy var nav = Navigation(root: makeChild { print("shown") }).then { $0.isHidden = false }
        lazy var lines = Sheet(root: makeLines("a", "b"))
        private func makeWelcome() -> Card {
          let card = Card()
          card.onAction = { self.done() }
          return card
        }
        private func makeBack() -> Card {
          let card = Card()
          card.onAction = { self.done() }
          return card
        }
        private func makeScreen() -> Screen {
          let screen = Screen()
          screen.onClose = { self.done() }
          return screen
        }
        private func makeHome() -> Screen {
          let screen = Screen()
          screen.onClose = { self.done() }
          return screen
        }
        private func makePage(for item: Item) -> Card {
          let card = Card()
          card.onAction = { self.done() }
          return card
        }
        private func makeChild(onShow: @escaping () -> Void) -> Screen {
          let screen = Screen()
          screen.onClose = { self.done() }
          return screen
        }
        private func makeLines(_ lines: String...) -> Card {
          let card = Card()
          card.onAction = { self.done() }
          return card
        }
        func done() {}
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [18, 23, 28, 33, 38, 43, 48])
  }

  /// Nothing of the type keeps the card: a `weak` property, a nested type's own property, a
  /// parameter or local function named like the method, a closure the property's value keeps
  /// to call later (a data source's cell provider; `unowned` here: capturing `self` strongly,
  /// it would be a cycle of its own).
  @Test func aCardNoPropertyOfTheTypeKeepsIsNoCycle() throws {
    let source = """
      import UIKit
      final class CheckoutViewController: UIViewController {
        private weak var activeSheet: UIViewController?
        var manager: Manager?
        lazy var dataSource: DataSource = {
          let source = DataSource(collectionView: collectionView) { [unowned self] view, path, item in
            return self.makeCell(view, path, item)
          }
          return source
        }()
        func show() { activeSheet = makeSheet() }
        func start(makePage: () -> Card) { manager = Manager(rootItem: makePage()) }
        func tip() {
          func makePage() -> Card {
            let card = Card()
            card.onAction = { self.done() }
            return card
          }
          Manager(rootItem: makePage()).show()
        }
        private func makeSheet() -> UIViewController {
          let sheet = UIViewController()
          sheet.onClose = { self.done() }
          return sheet
        }
        private func makePage() -> Card {
          let card = Card()
          card.onAction = { self.done() }
          return card
        }
        private func makeCell(_ view: UIView, _ path: IndexPath, _ item: Item) -> Cell {
          let cell = Cell()
          cell.onTap = { self.done() }
          return cell
        }
        final class TipPresenter {
          var manager: Manager?
          func show() { manager = Manager(rootItem: makePage()) }
          private func makePage() -> Card { Card() }
        }
        func done() {}
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }

  /// A card the property's value only looks at (compared, printed, filtered by, dropped), or
  /// makes per event of a stream, keeps no card; one made in a branch of an `if` or `switch`
  /// expression is kept.
  @Test func aCardOnlyLookedAtOrMadePerEventIsNoCycle() throws {
    let source = """
      import UIKit
      final class CardsViewController: UIViewController {
        var current: Card?
        lazy var isFresh: Bool = { current == makeCard() }()
        lazy var shown: Bool = {
          _ = makeCard()
          print(makeCard())
          return true
        }()
        lazy var visible = items.filter { isVisible(makeCard()) }
        lazy var cardStream = relay.map { [unowned self] _ in self.makeCard() }
        var cancellable: AnyCancellable?
        func bind(items: AnyPublisher<Item, Never>) {
          cancellable = items.map { [unowned self] _ in self.makeCard() }.sink { print($0) }
        }
        lazy var chosen: Card = if isNew { makeNewCard() } else { Card() }
        private func makeCard() -> Card {
          let card = Card()
          card.onAction = { self.done() }
          return card
        }
        private func makeNewCard() -> Card {
          let card = Card()
          card.onAction = { self.done() }
          return card
        }
        func done() {}
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [24])
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

  /// A regression the review of the rules' port to one file each found.
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

/// What a closure captures and what keeps it: a capture weak by API, a subscription ended on
/// deactivation and a metatype are no cycle; a view controller keeping its own subscriptions
/// is one, reported once per position.
@Suite(.timeLimit(.minutes(10))) struct CaptureAnalysisTests {
  @Test func weakByAPIBoundOnDeactivationAndMetatypesAreNoCycles() throws {
    let source = """
      import RIBs
      import RxSwift
      final class ScoreInteractor: PresentableInteractor<ScorePresentable> {
        override func didBecomeActive() {
          super.didBecomeActive()
          score.subscribe(with: self, onNext: { owner, score in owner.show(score) })
            .disposed(by: disposeBag)
          score.drive(with: self) { owner, score in owner.show(score) }.disposed(by: disposeBag)
          score.drive(weak: self) { (self, score) in self.show(score) }.disposed(by: disposeBag)
          score.subscribe(onNext: { self.show($0) }).disposeOnDeactivate(interactor: self)
          score.sink { self.show($0) }.cancelOnDeactivate(interactor: self)
          score.subscribe(onNext: { _ in print(ScoreInteractor.self) }).disposed(by: disposeBag)
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }

  @Test func aPresenterViewControllerKeepingItsSubscriptionsIsReported() throws {
    let source = """
      import RIBs
      import RxSwift
      final class AuthViewController: UIViewController, AuthPresentable, AuthViewControllable {
        weak var listener: AuthPresentableListener?
        private let disposeBag = DisposeBag()
        private var dataSource: DataSource?
        func bind() {
          loginButton.rx.tap.subscribe(onNext: {
            self.listener?.didTapLogin()
          })
          .disposed(by: disposeBag)
          dataSource = DataSource(collectionView: collectionView) { view, path, item in
            self.cell(for: item, at: path)
          }
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [8, 12])
  }

  @Test func oneFindingPerPosition() throws {
    let source = """
      final class PaymentCoordinator {
        func start(child: PaymentCoordinator) { child.finishFlow = { self.remove(child) } }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [2])
  }
}

/// A weak capture is no cycle whatever the closure's body reads; a strong capture of what
/// keeps the closure still is.
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

/// A subscription kept in a bag that deactivation empties lasts no longer than the RIB's
/// activity.
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

/// An error is a promise: only a cycle in every reading of the code is one. A cycle that may
/// end (a request that completes, a closure the type sets back to nil, a bag kept elsewhere)
/// is a warning.
@Suite(.timeLimit(.minutes(10))) struct CycleSeverityTests {
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

  @Test func aStrongClosureOnARequestThatEndsIsAtMostAWarningAndOnAnEndlessStreamAnError() throws {
    let source = """
      import RIBs
      import RxSwift
      final class QuoteInteractor: PresentableInteractor<QuotePresentable> {
        private let quotes: QuoteFetching
        private let refresh = PublishRelay<Void>()
        private let disposeBag = DisposeBag()
        func load() {
          quotes.fetchLatest(limit: 10).subscribe(
            onNext: { [weak self] list in self?.presenter.show(list) },
            onDisposed: { self.presenter.hideSpinner() }
          ).disposed(by: disposeBag)
          quotes.fetchLatest(limit: 5).map { $0.count }.observe(on: MainScheduler.instance)
            .subscribe(onNext: { self.presenter.count($0) }).disposed(by: disposeBag)
          refresh.asObservable().subscribe(
            onNext: { [weak self] in self?.load() },
            onDisposed: { self.presenter.hideSpinner() }
          ).disposed(by: disposeBag)
        }
      }
      final class QuoteViewController: UIViewController, QuotePresentable {
        private let disposeBag = DisposeBag()
        private let picker = UISegmentedControl()
        func bind() {
          picker.rx.selectedSegmentIndex.subscribe(onNext: { _ in self.reload() })
            .disposed(by: disposeBag)
          NotificationCenter.default.rx.notification(.refresh).subscribe(onNext: { _ in
            self.reload()
          }).disposed(by: disposeBag)
        }
        func reload() {}
      }
      """
    let found = try findings(source, rule: .retainCycleClosure)
    // The request's `onDisposed:` runs (and is released) when the request ends: no finding; its
    // `onNext:` keeps the interactor until then: a warning. Relays and control events never end.
    #expect(found.map(\.line) == [13, 16, 24, 26])
    #expect(found.map(\.severity) == [.warning, .error, .error, .error])
  }

  @Test func aClosureOnSelfTheTypeSetsBackToNilIsAWarning() throws {
    let source = """
      import RIBs
      final class UploadInteractor: PresentableInteractor<UploadPresentable> {
        private var onDone: (() -> Void)?
        private var onFail: (() -> Void)?
        func start() {
          onDone = { self.finish() }
          onFail = { self.finish() }
        }
        private func finish() {
          onDone = nil
        }
      }
      """
    let found = try findings(source, rule: .retainCycleClosure)
    #expect(found.map(\.line) == [6, 7])
    #expect(found.map(\.severity) == [.warning, .error])
  }

  /// An `Operation` clears its own `completionBlock` once it runs (Foundation documents it), so
  /// a completion block using the operation is no lasting cycle when the code shows the
  /// operation enqueued or started. Not shown running, it stays kept until it runs: a warning.
  /// A closure stored on an object under another name is still a cycle in every reading.
  @Test func anOperationsCompletionBlockUsingItIsBrokenWhenItRuns() throws {
    let source = """
      import Foundation
      final class TileSortingService {
        private let queue = OperationQueue()
        var onSorted: (([Tile]) -> Void)?
        func sort(_ tiles: [Tile]) {
          let job = SortTilesOperation(tiles: tiles)
          queue.addOperation(job)
          job.completionBlock = { [weak self] in
            self?.onSorted?(job.sorted ?? [])
          }
        }
        func sortNow(_ tiles: [Tile]) {
          let job = SortTilesOperation(tiles: tiles)
          job.completionBlock = { print(job.sorted ?? []) }
          job.start()
        }
        func prepare(_ tiles: [Tile]) -> SortTilesOperation {
          let job = SortTilesOperation(tiles: tiles)
          job.completionBlock = { print(job.sorted ?? []) }
          return job
        }
        func remember(_ tiles: [Tile]) {
          let job = SortTilesOperation(tiles: tiles)
          queue.addOperation(job)
          job.whenSorted = { print(job.sorted ?? []) }
        }
      }
      """
    let found = try findings(source, rule: .retainCycleClosure)
    #expect(found.map(\.line) == [19, 25])
    #expect(found.map(\.severity) == [.warning, .error])
  }
}

// A closure kept by an object (an alert's action, a view's bag) that uses that object strongly.
/// A closure kept by an object it uses strongly, whoever writes it: an alert keeps the actions
/// added to it, a view keeps the subscriptions in its own bag.
@Suite(.timeLimit(.minutes(10))) struct ObjectKeepsItsOwnClosureTests {
  @Test func anAlertActionUsingItsAlertIsACycle() throws {
    let source = """
      import RIBs
      final class RenameViewController: UIViewController, RenamePresentable {
        func askName(done: @escaping (String) -> Void) {
          let prompt = UIAlertController(title: "Rename", message: nil, preferredStyle: .alert)
          prompt.addTextField()
          prompt.addAction(UIAlertAction(title: "OK", style: .default) { _ in
            done(prompt.textFields?.first?.text ?? "")
          })
          let keep = UIAlertAction(title: "Keep", style: .default, handler: { _ in
            done(prompt.message ?? "")
          })
          prompt.addAction(keep)
          present(prompt, animated: true)
        }
      }
      """
    let found = try findings(source, rule: .retainCycleClosure)
    // prompt → action → handler → prompt: every prompt shown leaks. Reached through an API that
    // keeps the action: a warning.
    #expect(found.map(\.line) == [6, 9])
    #expect(found.map(\.severity) == [.warning, .warning])
  }

  @Test func anAlertActionNotUsingItsAlertStronglyIsNoCycle() throws {
    let source = """
      import RIBs
      final class RenameViewController: UIViewController, RenamePresentable {
        func askName(done: @escaping (String) -> Void) {
          let prompt = UIAlertController(title: "Rename", message: nil, preferredStyle: .alert)
          prompt.addAction(UIAlertAction(title: "OK", style: .default) { [weak prompt] _ in
            done(prompt?.textFields?.first?.text ?? "")
          })
          let other = UIAlertController(title: "Other", message: nil, preferredStyle: .alert)
          prompt.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in
            other.dismiss(animated: true)
          })
          let cancel = UIAlertAction(title: "Cancel", style: .cancel) { _ in done(prompt.title ?? "") }
          other.addAction(cancel)
          present(prompt, animated: true)
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }

  @Test func aSubscriptionKeptInTheBagOfTheObjectItUsesIsACycle() throws {
    let source = """
      import RIBs
      import RxSwift
      final class ShelfViewController: UIViewController, ShelfPresentable {
        private let disposeBag = DisposeBag()
        func header(at path: IndexPath) -> ShelfHeader {
          let header = collection.dequeueHeader(at: path)
          header.tap.rx.event.bind { _ in
            header.wiggle()
          }.disposed(by: header.disposeBag)
          return header
        }
      }
      final class ShelfPanel: UIView {
        private let disposeBag = DisposeBag()
        func bind(_ rows: Observable<[Row]>) {
          rows.withUnretained(self).subscribe(onNext: { panel, rows in
            panel.picker.done.subscribe(onNext: { choice in
              panel.choose(choice, in: rows)
            }).disposed(by: panel.disposeBag)
          }).disposed(by: disposeBag)
        }
      }
      """
    let found = try findings(source, rule: .retainCycleClosure)
    // header → bag → subscription → closure → header, one more each time the header is dequeued;
    // the panel keeps the inner subscription that keeps the panel. Warnings: the object may
    // empty its bag (on reuse) somewhere this file does not show.
    #expect(found.map(\.line) == [7, 17])
    #expect(found.map(\.severity) == [.warning, .warning])
  }

  @Test func aSubscriptionInAnotherObjectsBagOrWeakIsNoCycle() throws {
    let source = """
      import RIBs
      import RxSwift
      final class ShelfViewController: UIViewController, ShelfPresentable {
        private let disposeBag = DisposeBag()
        func header(at path: IndexPath) -> ShelfHeader {
          let header = collection.dequeueHeader(at: path)
          header.tap.rx.event.bind { [weak header] _ in
            header?.wiggle()
          }.disposed(by: header.disposeBag)
          header.tap.rx.event.bind(with: header) { header, _ in
            header.wiggle()
          }.disposed(by: header.disposeBag)
          let footer = collection.dequeueFooter(at: path)
          footer.tap.rx.event.bind { _ in
            header.wiggle()
          }.disposed(by: footer.disposeBag)
          return header
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }

  /// A closure handed to an initializer whose object reaches a property through the locals of
  /// the property's closure or of a method: the section provider of a layout the kept
  /// collection view holds, a cell registration the kept data source's cell provider captures,
  /// an outer closure holding `self` strongly to make a nested `[weak self]` one, an action a
  /// kept button holds. Nested types' initializers (`UICollectionView.CellRegistration<…>`)
  /// and `UIAlertAction.init` are initializers too.
  @Test func aClosureKeptThroughTheLocalsOfAPropertysClosureOrAMethodIsACycle() throws {
    let source = """
      import UIKit
      final class ShelfViewController: UIViewController {
        private lazy var list: UICollectionView = {
          let layout = UICollectionViewCompositionalLayout { index, environment in
            self.section(index)
          }
          return UICollectionView(frame: .zero, collectionViewLayout: layout)
        }()
        private lazy var grid: UICollectionView = {
          let layout = UICollectionViewCompositionalLayout { _, environment in
            var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
            configuration.trailingSwipeActionsConfigurationProvider = { path in
              UISwipeActionsConfiguration(actions: [UIContextualAction(style: .normal, title: nil) { [weak self] _, _, done in self?.remove(path) }])
            }
            return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
          }
          return UICollectionView(frame: .zero, collectionViewLayout: layout)
        }()
        private lazy var dataSource: UICollectionViewDiffableDataSource<Int, String> = {
          let registration = UICollectionView.CellRegistration<BookCell, String> { cell, _, item in
            cell.delegate = self
          }
          let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: list) { view, path, item in
            view.dequeueConfiguredReusableCell(using: registration, for: path, item: item)
          }
          return dataSource
        }()
        var toggle = UIButton(type: .custom)
        var table: UITableView?
        func configure() {
          toggle = UIButton.init(primaryAction: UIAction { _ in self.flip() })
          let layout = TableLayout(rowHeight: { self.height() })
          table = UITableView(frame: .zero, layout: layout)
        }
        func section(_ index: Int) -> NSCollectionLayoutSection { fatalError() }
        func remove(_ path: IndexPath) {}
        func flip() {}
        func height() -> CGFloat { 44 }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [4, 10, 20, 31, 32])
  }

  /// What the property's closure or the method only uses, or makes in a closure it keeps to
  /// run later, keeps no closure: a layout a computed property makes per read, a registration
  /// only a loop run at once uses, a layout handed to a free function, a closure capturing
  /// `self` weakly, a local no kept value uses. Nor is an action added to a menu the type sets
  /// back to `nil` (released where the type chose to) reported.
  @Test func aClosureOnlyUsedOnTheWayToAPropertyIsNoCycle() throws {
    let source = """
      import UIKit
      final class ShelfViewController: UIViewController {
        private var layout: UICollectionViewLayout {
          UICollectionViewCompositionalLayout { index, _ in self.section(index) }
        }
        private lazy var count: Int = {
          let registration = UICollectionView.CellRegistration<BookCell, String> { cell, _, _ in
            cell.delegate = self
          }
          [1, 2].forEach { _ in use(registration) }
          return 2
        }()
        private lazy var list: UICollectionView = { [weak self] in
          let layout = UICollectionViewCompositionalLayout { index, _ in
            self?.section(index) ?? .empty
          }
          return UICollectionView(frame: .zero, collectionViewLayout: layout)
        }()
        private lazy var sized: CGFloat = {
          let layout = UICollectionViewCompositionalLayout { index, _ in self.section(index) }
          return measure(layout)
        }()
        var table: UITableView?
        private var menu: UIAlertController!
        func configure() {
          let layout = TableLayout(rowHeight: { self.height() })
          show(layout)
          table = UITableView(frame: .zero)
          menu = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
          let share = UIAlertAction(title: "Share", style: .default) { _ in self.share() }
          menu.addAction(share)
        }
        func share() {}
        func section(_ index: Int) -> NSCollectionLayoutSection { fatalError() }
        func height() -> CGFloat { 44 }
      }
      extension ShelfViewController {
        func close() { menu = nil }
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }

  /// The type's own method passed as a closure holds `self` strongly, as a closure using `self`
  /// does: subscribed and kept in the type's bag, given to an action a kept button holds,
  /// stored in a configuration a kept collection view's layout holds, stored on `self`.
  @Test func aMethodPassedAsAClosureIsCheckedAsAClosureUsingSelf() throws {
    let source = """
      import Combine
      import RxSwift
      import UIKit
      final class StartViewController: UIViewController {
        private let disposeBag = DisposeBag()
        private var cancellables = Set<AnyCancellable>()
        var onRefresh: (() -> Void)?
        var button = UIButton(type: .custom)
        private lazy var list: UICollectionView = {
          var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
          configuration.trailingSwipeActionsConfigurationProvider = swipeActions
          let layout = UICollectionViewCompositionalLayout.list(using: configuration)
          return UICollectionView(frame: .zero, collectionViewLayout: layout)
        }()
        func bind(tap: Observable<Void>, scores: AnyPublisher<Int, Never>) {
          tap.bind(onNext: start).disposed(by: disposeBag)
          scores.sink(receiveValue: self.show).store(in: &cancellables)
          button = UIButton(primaryAction: UIAction(handler: toggle))
          onRefresh = reload
        }
        func start() {}
        func show(_ score: Int) {}
        func toggle(_ action: UIAction) {}
        func reload() {}
        func swipeActions(_ path: IndexPath) -> UISwipeActionsConfiguration? { nil }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [11, 16, 17, 18, 19])
    let messages = try findings(source, rule: .retainCycleClosure).map(\.message)
    #expect(messages[1].hasPrefix("method 'start' passed as a closure in StartViewController"))
    #expect(messages[1].contains("{ [weak self] in self?.start(…) }"))
  }

  /// A name that is the type's method only by coincidence — a local, a parameter, a property
  /// also declared — or a method a call uses at once (`map`), a static method, a subscription
  /// ended on deactivation: no bound method kept.
  @Test func aMethodNameThatIsNoBoundMethodKeptIsNoCycle() throws {
    let source = """
      import RIBs
      import RxSwift
      import UIKit
      final class ShelfInteractor: PresentableInteractor<ShelfPresentable> {
        private let disposeBag = DisposeBag()
        var transition: Transition?
        var titles: [String] = []
        var label = UILabel()
        private lazy var list: UICollectionView = {
          let layout = UICollectionViewFlowLayout()
          return UICollectionView(frame: .zero, collectionViewLayout: layout)
        }()
        func bind(tap: Observable<Void>, picker: UIPickerView, items: [Int]) {
          tap.subscribe(onNext: refresh).disposeOnDeactivate(interactor: self)
          titles = items.map(format)
          let transition = Transition()
          self.transition = transition
          label.inputView = picker
          Observable.just(1).subscribe(onNext: Self.log).disposed(by: disposeBag)
        }
        func layout() {}
        func transition(_ done: Bool) {}
        func picker() {}
        func refresh() {}
        func format(_ item: Int) -> String { "" }
        static func log(_ value: Int) {}
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }

  /// A card a method makes (its handler using the controller) and the controller keeps by
  /// adding it to, or writing it into, what a property holds: appended, `+=`, stored under a
  /// key, set as a tab, added to a stack. Looked up (`contains`) or added to a local, it is
  /// not kept.
  @Test func aCardAddedToOrWrittenIntoWhatAPropertyHoldsIsACycle() throws {
    let keeping = [
      "cards.append(makeCard())", "cards += [makeCard()]", "cache[1] = makeCard()",
      "tabs.viewControllers = [makeCard()]", "self.stack.addArrangedSubview(makeCard())",
    ]
    let notKeeping = [
      "_ = cards.contains(makeCard())", "var cards: [Card] = []; cards.append(makeCard())",
    ]
    func controller(_ index: Int, _ statement: String) -> String {
      """
      final class Deck\(index)ViewController: UIViewController {
        private var cards: [Card] = []
        private var cache: [Int: Card] = [:]
        private let tabs = UITabBarController()
        private let stack = UIStackView()
        override func viewDidLoad() {
          super.viewDidLoad()
          \(statement)
        }
        private func makeCard() -> Card {
          let card = Card()
          card.onAction = { self.done() }
          return card
        }
        func done() {}
      }
      """
    }
    let source =
      "import UIKit\n"
      + (keeping + notKeeping).enumerated().map { controller($0.offset, $0.element) }
      .joined(separator: "\n")
    // Each controller is 16 lines after the import; the handler is its 12th.
    let expected = keeping.indices.map { 1 + $0 * 16 + 12 }
    #expect(try lines(source, .retainCycleClosure) == expected)
  }

  /// A name the type's UIKit superclass or the type itself gives a property is a value, not a
  /// method, whatever method shares its base name: `title` and `view` beside `title(for:)` and
  /// `view(for:)`, `tableView` beside the delegate's `tableView(_:didSelectRowAt:)` (in the
  /// class or an extension in another file). Delegate callbacks named after their first
  /// parameter are never taken as methods passed as closures.
  @Test func aNameTheTypeOrItsSuperclassGivesAPropertyIsNoMethodPassed() throws {
    let controller = """
      import UIKit
      final class ProfileViewController: UITableViewController {
        private var savedTitle: String?
        private var hostView: UIView?
        private var dataSource: UITableViewDiffableDataSource<Int, String>!
        override func viewDidLoad() {
          super.viewDidLoad()
          savedTitle = title
          hostView = view
          dataSource = UITableViewDiffableDataSource<Int, String>(tableView: tableView) { table, path, item in
            table.dequeueReusableCell(withIdentifier: "cell", for: path)
          }
        }
        func title(for section: Int) -> String { "" }
        func view(for item: Int) -> UIView { UIView() }
        override func tableView(_ tableView: UITableView, didSelectRowAt path: IndexPath) {}
      }
      """
    let feed = """
      import UIKit
      final class FeedViewController: UIViewController {
        let tableView = UITableView()
        var header: UIView?
      }
      """
    let feedTable = """
      import UIKit
      extension FeedViewController: UITableViewDelegate {
        func configure() { self.header = tableView }
        func tableView(_ tableView: UITableView, didSelectRowAt path: IndexPath) {}
      }
      """
    let found = try findingPlaces(
      ["Profile.swift": controller, "Feed.swift": feed, "Feed+Table.swift": feedTable],
      .retainCycleClosure)
    #expect(found.isEmpty, "\(found)")
  }

  /// A name the member binds is not the type's method of that name: a pattern in a `case`,
  /// a tuple, `while let`, an accessor's or a subscript's parameter, a local `var` — which
  /// also is no stored property when a closure is assigned to it.
  @Test func aNameTheMemberBindsIsNoMethodPassed() throws {
    let source = """
      import UIKit
      enum RefreshMode { case standard; case custom(() -> Void) }
      final class SearchViewController: UIViewController {
        private var onRefresh: (() -> Void)?
        private var onSubmit: ((String) -> Void)?
        private var onCancel: (() -> Void)?
        private var completion: (() -> Void)?
        init(mode: RefreshMode, handlers: (submit: (String) -> Void, cancel: () -> Void)) {
          super.init(nibName: nil, bundle: nil)
          switch mode {
          case .custom(let refresh): onRefresh = refresh
          case .standard: break
          }
          let (submit, cancel) = handlers
          onSubmit = submit
          onCancel = cancel
        }
        required init?(coder: NSCoder) { fatalError() }
        var submitHandler: ((String) -> Void)? {
          get { onSubmit }
          set(submit) { onSubmit = submit }
        }
        var queue: [() -> Void] = [] {
          didSet {
            var copy = queue
            while let refresh = copy.popLast() { onRefresh = refresh }
          }
        }
        subscript(cancel: @escaping () -> Void) -> Int {
          onCancel = cancel
          return 0
        }
        func dismissSheet(animated: Bool) {
          var completion: () -> Void = {}
          if animated { completion = finish }
          if animated { completion = { self.finish() } }
          UIView.animate(withDuration: 0.3, animations: {}, completion: { _ in completion() })
        }
        func refresh() {}
        func submit(_ text: String) {}
        func cancel() {}
        func finish() {}
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }

  /// Two nested types of the same name keep their own methods: `Home.ViewController`'s
  /// `header(for:)` is no method of `Settings.ViewController`, whose `header` a protocol
  /// extension (elsewhere) gives it.
  @Test func sameNamedNestedTypesKeepTheirOwnMethods() throws {
    let source = """
      import UIKit
      enum Home {
        final class ViewController: UIViewController {
          func header(for section: Int) -> UIView { UIView() }
        }
      }
      enum Settings {
        final class ViewController: UIViewController, HeaderProviding {
          private var saved: UIView?
          func bind() { saved = header }
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }

  /// What keeps nothing: a standard-library value's initializer running its closure at once
  /// (`Dictionary(grouping:by:)`), a sequence's publisher (it completes), an `unowned`
  /// property, a struct's `self` (a copy).
  @Test func closuresRunAtOnceOrKeptByNothingAreNoCycle() throws {
    let source = """
      import Combine
      import UIKit
      final class ContactsViewController: UIViewController {
        private var contacts: [Contact] = []
        private var sections: [String: [Contact]] = [:]
        private var cancellables = Set<AnyCancellable>()
        unowned let host: HostViewController
        func reload() {
          sections = Dictionary(grouping: contacts, by: initial)
          sections = Dictionary(grouping: contacts) { self.initial(of: $0) }
          [1, 2].publisher.sink(receiveValue: show).store(in: &cancellables)
          host.onClose = close
          host.onClose = { self.close() }
        }
        func initial(of contact: Contact) -> String { "" }
        func show(_ value: Int) {}
        func close() {}
      }
      struct PricingWorker {
        var onUpdate: ((Int) -> Void)?
        mutating func start() {
          onUpdate = log
          onUpdate = { price in self.log(price) }
        }
        func log(_ price: Int) {}
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }

  /// The second review's false errors and warnings: a `catch`'s implicit `error` beside an
  /// `error(_:)` method; UIKit properties (`toolbarItems`, `contentConfiguration`) beside
  /// methods of their base names; a struct's `self` in its extension; a bag a view controller
  /// empties when it disappears; `Empty()`; an operation queue's operations;
  /// `UITraitCollection { }`; a local in an initializer shadowing a property.
  @Test func theSecondReviewsFalseFindingsAreGone() throws {
    let source = """
      import Combine
      import RxSwift
      import UIKit
      final class LoginPresenter: Presenter {
        private var lastError: Error?
        func submit() async {
          do { try await send() } catch {
            lastError = error
          }
        }
        func error(_ message: String) {}
        private func send() async throws {}
      }
      final class EditorViewController: UIViewController {
        private var saved: [UIBarButtonItem]?
        private var configuration: UIContentConfiguration?
        private var cancellables = Set<AnyCancellable>()
        private var disposeBag = DisposeBag()
        private let queue = OperationQueue()
        private let detail = UIViewController()
        override func viewWillAppear(_ animated: Bool) {
          super.viewWillAppear(animated)
          saved = toolbarItems
          names.sink(receiveValue: render).store(in: &cancellables)
          taps.bind(onNext: { self.render("") }).disposed(by: disposeBag)
          Empty<String, Never>().sink(receiveValue: render).store(in: &cancellables)
          queue.addOperation(BlockOperation { self.render("") })
          detail.setOverrideTraitCollection(UITraitCollection { $0.userInterfaceStyle = self.style }, forChild: detail)
        }
        override func viewDidDisappear(_ animated: Bool) {
          super.viewDidDisappear(animated)
          cancellables.removeAll()
          disposeBag = DisposeBag()
        }
        func toolbarItems(for mode: Int) -> [UIBarButtonItem] { [] }
        func render(_ name: String) {}
      }
      struct PricingService {
        let prices: Observable<Int>
        let disposeBag = DisposeBag()
        func log(_ price: Int) {}
      }
      extension PricingService {
        func start() {
          prices.subscribe(onNext: log).disposed(by: disposeBag)
          prices.subscribe(onNext: { self.log($0) }).disposed(by: disposeBag)
        }
      }
      final class FooterView: UIView {
        private var buttons: [UIButton] = []
        init(actions: [String]) {
          super.init(frame: .zero)
          var buttons: [UIButton] = []
          for title in actions {
            buttons.append(UIButton(primaryAction: UIAction(title: title) { _ in self.log(title) }))
          }
          print(buttons.count)
        }
        required init?(coder: NSCoder) { fatalError() }
        private func log(_ title: String) {}
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }

  /// A method passed as a closure is read by its name, which an inherited property may share:
  /// a warning, never an error; so is a closure property set back to nothing other than `nil`
  /// (`{}`, `.none`).
  @Test func methodsPassedAndPropertiesSetBackToNothingAreWarnings() throws {
    let source = """
      import UIKit
      final class PlayerCoordinator: Coordinator {
        private var onFinish: () -> Void = {}
        private var onProgress: ((Double) -> Void)?
        private var onClose: (() -> Void)?
        func start() {
          onFinish = finish
          onProgress = { self.report($0) }
          onClose = close
        }
        func stop() {
          onFinish = {}
          onProgress = .none
        }
        private func finish() {}
        private func close() {}
        private func report(_ progress: Double) {}
      }
      """
    let found = try findings(source, rule: .retainCycleClosure)
    #expect(found.map(\.line) == [7, 8, 9])
    #expect(found.allSatisfy { $0.severity == .warning }, "\(found.map(\.severity))")
  }
}
