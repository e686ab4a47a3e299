import RibcageLint
import Testing

/// A type's role comes from its code (what it inherits, who provides it), not from its name:
/// a RIB's own part under another name, a base class in another file, a class merely named
/// `Interactor`, a service whatever it is called.
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
    #expect(try findingPlaces(files, .childKnowsParent).isEmpty)
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
      try findingPlaces(files, .unboundSubscription) == [
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
    #expect(try findingPlaces(files, .childKnowsParent).isEmpty)
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
    #expect(
      try findingPlaces(files, .childKnowsParent) == ["Card/Details/CardDetailsInteractor.swift:3"])
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
    #expect(try findingPlaces(files, .viewHasLogic) == ["Home/HomeViewController.swift:3"])
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
    #expect(try findingPlaces(files, .strongListener) == ["Pay/PayInteractor.swift:4"])
  }
}
