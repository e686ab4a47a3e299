import Foundation
import RibcageLint
import Testing

// The patterns `ribcage lint` got wrong on public RIBs apps (docs/lint-evaluation.md), each as a
// minimal fixture of our own: false positives it must stay quiet on, faults it must report.

/// The findings of `rule` over several files (paths relative to a fresh folder), as
/// `path:line`.
private func places(_ files: [String: String], _ rule: Rule, includeTests: Bool = false) throws
  -> [String]
{
  let folder = SourceFolder(files)
  var configuration = LintConfiguration()
  configuration.includesTests = includeTests
  var linter = Linter(configuration: configuration)
  linter.onlyRules = [rule.id]
  return try linter.lint(paths: [], workingDirectory: folder.path).findings.map {
    "\($0.path):\($0.line)"
  }
}

private func messages(_ source: String, _ rule: Rule) throws -> [String] {
  try findings(source, rule: rule).map(\.message)
}

// MARK: 1. Roles from code, not names

@Suite(.timeLimit(.minutes(10))) struct RolesFromCodeTests {
  @Test func aRIBsOwnInteractorWithAnotherNameIsNotAnotherRIB() throws {
    let files = [
      "Card/CardRouter.swift": """
      import RIBs
      final class CardRouter: ViewableRouter<CardInteractable, CardViewControllable> {
        func interactorOf() -> CardRouterInteractor? { interactor as? CardRouterInteractor }
      }
      """,
      "Card/CardRouterInteractor.swift": """
      import RIBs
      final class CardRouterInteractor: PresentableInteractor<CardPresentable>, CardInteractable {}
      """,
      "Card/CardBuilder.swift": """
      import RIBs
      final class CardBuilder: Builder<CardDependency> {}
      """,
    ]
    #expect(try places(files, .childKnowsParent).isEmpty)
  }

  @Test func aRoleInheritedThroughABaseClassInAnotherFileCounts() throws {
    let files = [
      "Base/BaseInteractor.swift": """
      import RIBs
      class BaseInteractor<P>: PresentableInteractor<P> {}
      """,
      "Home/HomeReactor.swift": """
      import RxSwift
      final class HomeReactor: BaseInteractor<HomePresentable> {
        func start() { feed.subscribe(onNext: { [weak self] in self?.show($0) }) }
      }
      """,
      "Home/HomeReactor+Bind.swift": """
      import RxSwift
      extension HomeReactor {
        func bind() { items.subscribe(onNext: { [weak self] in self?.show($0) }) }
      }
      """,
    ]
    #expect(
      try places(files, .unboundSubscription) == [
        "Home/HomeReactor+Bind.swift:3", "Home/HomeReactor.swift:3",
      ])
  }

  @Test func aClassMerelyNamedInteractorIsNoRIB() throws {
    let files = [
      "Amount/AmountInteractor.swift": "final class AmountInteractor { }\n",
      "Price/PriceInteractor.swift": """
      import RIBs
      final class PriceInteractor: PresentableInteractor<PricePresentable> {
        let amount: AmountInteractor
      }
      """,
    ]
    #expect(try places(files, .childKnowsParent).isEmpty)
  }

  @Test func aChildHoldingItsParentsConcreteInteractorIsReported() throws {
    let files = [
      "Card/CardRouterInteractor.swift": """
      import RIBs
      final class CardRouterInteractor: Interactor, CardInteractable {}
      """,
      "Card/CardBuilder.swift": """
      import RIBs
      final class CardBuilder: Builder<CardDependency> { let details: CardDetailsBuildable }
      """,
      "Card/Details/CardDetailsInteractor.swift": """
      import RIBs
      final class CardDetailsInteractor: PresentableInteractor<CardDetailsPresentable> {
        private let routingInteractor: CardRouterInteractor
      }
      """,
      "Card/Details/CardDetailsBuilder.swift": """
      import RIBs
      final class CardDetailsBuilder: Builder<CardDetailsDependency>, CardDetailsBuildable {}
      """,
    ]
    #expect(try places(files, .childKnowsParent) == ["Card/Details/CardDetailsInteractor.swift:3"])
  }

  @Test func aDomainEnumNamedStoreAndTCAViewStoresAreNoServices() throws {
    let source = """
      import SwiftUI
      enum ConvenienceStore: String { case cu, gs25 }
      final class EventViewController: UIViewController {
        let store: ConvenienceStore = .cu
        let stores: [ConvenienceStore] = []
      }
      struct SwapView: View {
        let viewStore: ViewStore<SwapState, SwapAction>
        var body: some View { WithViewStore(store) { _ in EmptyView() } }
      }
      """
    #expect(try lines(source, .viewHasLogic).isEmpty)
  }

  @Test func aServiceAComponentProvidesIsAServiceWhateverItsName() throws {
    let files = [
      "Home/HomeComponent.swift": """
      import RIBs
      final class HomeComponent: Component<HomeDependency> {
        var payments: PaymentCenter { shared { PaymentCenter() } }
      }
      """,
      "Home/PaymentCenter.swift": "final class PaymentCenter {}\n",
      "Home/HomeViewController.swift": """
      import UIKit
      final class HomeViewController: UIViewController, HomePresentable {
        let payments: PaymentCenter
      }
      """,
    ]
    #expect(try places(files, .viewHasLogic) == ["Home/HomeViewController.swift:3"])
  }

  @Test func aServiceProtocolNamedDelegateIsNoListener() throws {
    let files = [
      "Pay/PaymentDelegate.swift": """
      protocol PaymentDelegate: AnyObject { func pay() }
      final class PaymentService: PaymentDelegate { func pay() {} }
      """,
      "Pay/PayInteractor.swift": """
      import RIBs
      final class PayInteractor: PresentableInteractor<PayPresentable> {
        let paymentDelegate: PaymentDelegate
        var listener: PayListener?
      }
      """,
    ]
    #expect(try places(files, .strongListener) == ["Pay/PayInteractor.swift:4"])
  }
}

// MARK: 2. A view's own UI-event relays

@Suite(.timeLimit(.minutes(10))) struct ViewEventRelayTests {
  @Test func aViewsOwnRelaysAreNeitherStateWritesNorLogic() throws {
    let source = """
      import RIBs
      import RxRelay
      final class AuthViewController: UIViewController, AuthPresentable {
        let viewWillAppear = PublishRelay<Void>()
        private let closeTap = PublishRelay<Void>()
        let reload: PublishSubject<Void> = PublishSubject()
        override func viewWillAppear(_ animated: Bool) {
          super.viewWillAppear(animated)
          viewWillAppear.accept(())
          closeTap.accept(())
          reload.onNext(())
        }
      }
      """
    #expect(try lines(source, .streamWrittenOutsideService).isEmpty)
    #expect(try lines(source, .viewHasLogic).isEmpty)
  }
}

@Suite(.timeLimit(.minutes(10))) struct ViewMisreadingTests {
  @Test func aWebViewLoadingAPageIsNoNetworkingAndReuseIdentifiersAreConstants() throws {
    let source = """
      import RIBs
      final class WebPlayerViewController: UIViewController, WebPlayerPresentable {
        func load(_ url: URL) { webView.load(URLRequest(url: url)) }
      }
      final class EmptyReusableView: UICollectionReusableView {
        static var elementKind = "empty"
      }
      """
    #expect(try lines(source, .viewHasLogic).isEmpty)
    #expect(try lines(source, .globalState).isEmpty)
  }
}

// MARK: 3. Scheduler operators are not subscriptions

@Suite(.timeLimit(.minutes(10))) struct SchedulerOperatorTests {
  @Test func observeOnAndSubscribeOnAreOperators() throws {
    let source = """
      import RIBs
      import RxSwift
      final class ListInteractor: PresentableInteractor<ListPresentable> {
        override func didBecomeActive() {
          super.didBecomeActive()
          movies.observe(on: MainScheduler.instance)
            .subscribe(onNext: { [weak self] in self?.show($0) })
            .disposeOnDeactivate(interactor: self)
          movies.subscribe(on: ConcurrentDispatchQueueScheduler(qos: .background))
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { [weak self] in self?.show($0) })
            .disposeOnDeactivate(interactor: self)
          movies.observe(on: MainScheduler.instance).subscribe(onNext: { _ in })
        }
      }
      """
    // Only the last chain's subscription is unbound, reported once.
    #expect(try lines(source, .unboundSubscription) == [13])
  }
}

// MARK: 4. Permanent children

@Suite(.timeLimit(.minutes(10))) struct PermanentChildrenTests {
  @Test func tabsAndChildrenAttachedAtLoadAreNotReported() throws {
    let source = """
      import RIBs
      final class TabBarRouter: ViewableRouter<TabBarInteractable, TabBarViewControllable> {
        override func didLoad() {
          super.didLoad()
          attachHome()
        }
        private func attachHome() { attachChild(home) }
        func attachTabs() {
          let tabs = [attachList(), attachSearch()]
          viewController.set(tabs)
        }
        private func attachList() -> ViewControllable { attachChild(list); return list.viewControllable }
        private func attachSearch() -> ViewControllable { attachChild(search); return search.viewControllable }
        func attachAll() { for child in children { attachChild(child) } }
      }
      """
    #expect(try lines(source, .attachWithoutDetach).isEmpty)
  }

  @Test func aChildAttachedOnARouteAndNeverDetachedIsReported() throws {
    let source = """
      import RIBs
      final class OffGameRouter: ViewableRouter<OffGameInteractable, OffGameViewControllable> {
        override func didLoad() { super.didLoad(); attachScoreBoard() }
        private func attachScoreBoard() { attachChild(scoreBoard) }
        func routeToDetail() { attachChild(detail) }
      }
      """
    #expect(try lines(source, .attachWithoutDetach) == [5])
  }
}

// MARK: 5. Capture analysis

@Suite(.timeLimit(.minutes(10))) struct CaptureTests {
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
}

// MARK: 6. Test code

@Suite(.timeLimit(.minutes(10))) struct TestCodeTests {
  private static let leaky = """
    import RIBs
    final class LoggedInInteractableMock: LoggedInInteractable {
      var listener: LoggedInListener?
    }
    """

  @Test func testCodeAndTestDoublesAreExcludedByDefault() throws {
    let files = [
      "App/Tests/HomeInteractorTests.swift": Self.leaky,
      "AppTests/Mocks.swift": Self.leaky,
      "App/HomeSpec/HomeTests.swift": Self.leaky,
      "App/Doubles.swift": Self.leaky,
    ]
    #expect(try places(files, .strongListener).isEmpty)
    #expect(try places(files, .strongListener, includeTests: true).count == 4)
  }

  @Test func testsIncludeIsAConfigurationKey() throws {
    let configuration = try LintConfiguration.parse("tests: include\n", file: ".ribcage.yml")
    #expect(configuration.includesTests)
    #expect(throws: ConfigurationError.self) {
      try LintConfiguration.parse("tests: sometimes\n", file: ".ribcage.yml")
    }
  }
}

// MARK: 7. Same-named types in two modules

@Suite(.timeLimit(.minutes(10))) struct ModuleIdentityTests {
  @Test func twoRoutersWithOneNameInTwoTargetsStayTwo() throws {
    let files = [
      "Modules/Feed/Sources/Feed/HomeRouter.swift": """
      import RIBs
      final class HomeRouter: Router<HomeInteractable> {
        func routeToPost() { attachChild(post) }
      }
      """,
      "Modules/Shop/Sources/Shop/HomeRouter.swift": """
      import RIBs
      final class HomeRouter: Router<HomeInteractable> {
        func routeToCart() { attachChild(cart) }
        func routeBack() { detachChild(cart) }
      }
      """,
    ]
    #expect(
      try places(files, .attachWithoutDetach) == ["Modules/Feed/Sources/Feed/HomeRouter.swift:3"])
  }
}

// MARK: 8. Advice

@Suite(.timeLimit(.minutes(10))) struct AdviceTests {
  @Test func aListenerWhoseProtocolIsNotClassBoundIsToldToMakeItSo() throws {
    let source = """
      import RIBs
      protocol HomeListener { func done() }
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        var listener: HomeListener?
      }
      final class RootInteractor: Interactor, HomeListener { func done() {} }
      """
    let found = try messages(source, .strongListener)
    #expect(found.count == 1)
    #expect(found[0].contains("make HomeListener class-bound (`protocol HomeListener: AnyObject`)"))
  }

  @Test func anOwningReferenceIsNotAListener() throws {
    let source = """
      import RIBs
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        var delegate = TableDelegate()
        let output = HomeOutput(channel: .main)
      }
      """
    #expect(try lines(source, .strongListener).isEmpty)
  }

  @Test func theRemedyIsTheFileFrameworks() throws {
    let uber = """
      import RIBs
      import RxSwift
      final class A: Interactor { func go() { stream.subscribe(onNext: { _ in }) } }
      """
    let modern = """
      import ModernRIBs
      import Combine
      final class A: Interactor { func go() { _ = relay.sink { _ in } } }
      """
    let uberMessage = try #require(try messages(uber, .unboundSubscription).first)
    #expect(uberMessage.contains(".disposeOnDeactivate(interactor: self)"))
    #expect(!uberMessage.contains("task {") && !uberMessage.contains("observe("))
    let modernMessage = try #require(try messages(modern, .unboundSubscription).first)
    #expect(modernMessage.contains(".cancelOnDeactivate(interactor: self)"))
    // A dropped AnyCancellable cancels at once: it does not outlive anything.
    #expect(modernMessage.contains("cancelled at once"))
    #expect(!modernMessage.contains("outlives"))
  }

  @Test func aOneShotTaskOutsideRibcageThatLeavesTheRIBAloneIsNoSubscription() throws {
    let source = """
      import RIBs
      final class A: Interactor {
        func go() {
          Task { let data = try await api.load(); print(data) }
          Task { for await value in values { self.show(value) } }
          Task { self.router?.routeToLoading() }
        }
      }
      """
    // Nothing of the RIB after the await; a loop over a sequence is a subscription; no await
    // at all runs to its end at once.
    #expect(try lines(source, .unboundSubscription) == [5])
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

// MARK: Missed faults

@Suite(.timeLimit(.minutes(10))) struct MissedFaultTests {
  @Test func aStrongDelegateInAHelperTheRIBOwnsIsReported() throws {
    let files = [
      "List/ListAdapter.swift": """
      import UIKit
      protocol ListAdapterDelegate: AnyObject { func didSelect(_ row: Int) }
      final class ListAdapter: NSObject {
        var delegate: ListAdapterDelegate?
      }
      final class OtherAdapter: NSObject {
        var delegate: OtherAdapterDelegate?
      }
      """,
      "List/ListInteractor.swift": """
      import RIBs
      final class ListInteractor: PresentableInteractor<ListPresentable>, ListAdapterDelegate {
        private let adapter = ListAdapter()
        func didSelect(_ row: Int) {}
      }
      """,
    ]
    #expect(try places(files, .strongListener) == ["List/ListAdapter.swift:4"])
  }

  @Test func singletonsUsedFromRIBCodeAreReportedWhateverTheirNames() throws {
    let files = [
      "Core/APIManager.swift": """
      final class APIManager { static let shared = APIManager() }
      final class AppConfig { static var shared = AppConfig() }
      final class Unused { static let shared = Unused() }
      """,
      "Home/HomeInteractor.swift": """
      import RIBs
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        func load() { APIManager.shared.fetch(); APIManager.shared.fetch() }
      }
      """,
      "Home/HomeViewController.swift": """
      import UIKit
      final class HomeViewController: UIViewController, HomePresentable {
        func tap() { if AppConfig.shared.debug { UIApplication.shared.open(url) } }
      }
      """,
    ]
    #expect(
      try places(files, .globalState) == [
        "Core/APIManager.swift:1", "Core/APIManager.swift:2", "Home/HomeInteractor.swift:3",
        "Home/HomeViewController.swift:3",
      ])
  }
}
