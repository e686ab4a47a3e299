import Ribcage
import RibcageTesting
import Testing

// SurfMVP's contracts, one by one, as a Ribcage RIB: a "Payment" module. docs/SurfMVP.md explains
// the mapping; this file is the example, compiled and tested.

// MARK: Configurator → Builder (+ Component)

/// SurfMVP: the Configurator assembles the module and injects dependencies.
/// Ribcage: the Builder creates every object of the RIB; the parent's component provides
/// `PaymentDependency` by conformance, so a missing dependency does not compile.
@MainActor
protocol PaymentDependency: Dependency {
  var paymentService: PaymentService { get }
}

@MainActor
protocol PaymentBuildable: Buildable {
  func build(withListener listener: PaymentListener) -> PaymentRouting
}

@MainActor
final class PaymentBuilder: Builder<any PaymentDependency>, PaymentBuildable {
  let scheduler: any RenderScheduler

  init(dependency: any PaymentDependency, scheduler: any RenderScheduler) {
    self.scheduler = scheduler
    super.init(dependency: dependency)
  }

  func build(withListener listener: PaymentListener) -> PaymentRouting {
    let view = PaymentView()
    let interactor = PaymentInteractor(
      view: view, service: dependency.paymentService, scheduler: scheduler)
    interactor.listener = listener
    return PaymentRouter(interactor: interactor, viewController: view)
  }
}

// MARK: ModuleOutput → listener

/// SurfMVP: ModuleOutput — what the module tells its caller.
/// Ribcage: the listener protocol, implemented by the parent's interactor and held weakly.
@MainActor
protocol PaymentListener: AnyObject {
  func paymentDidFinish(paid: Bool)
}

// MARK: ModuleInput → the interactable protocol

/// SurfMVP: ModuleInput — what others may ask of the module.
/// Ribcage: methods on the RIB's interactable protocol, called by the parent through the router.
@MainActor
protocol PaymentInteractable: Interactable {
  func prefill(amount: Int)
}

// MARK: RouterInput → routing protocol; ModuleTransitionable → ViewControllable

/// SurfMVP: RouterInput — navigation the presenter asks for.
/// Ribcage: the routing protocol the interactor calls (attach/detach children).
@MainActor
protocol PaymentRouting: ViewableRouting {
  func routeToReceipt()
}

/// SurfMVP: ModuleTransitionable — how a router presents the view.
/// Ribcage: `ViewControllable`, with no UI framework in it.
@MainActor
final class PaymentRouter: ViewableRouter<PaymentInteractor, PaymentView>, PaymentRouting {
  private(set) var showsReceipt = false
  func routeToReceipt() { showsReceipt = true }
}

// MARK: ViewInput → Rendering; ViewOutput → view listener

struct PaymentViewModel: Equatable, Codable {
  var amount: String
  var canPay: Bool
}

/// SurfMVP: ViewOutput — what the view reports (taps, appearance).
/// Ribcage: the view's listener protocol, implemented by the interactor.
@MainActor
protocol PaymentViewListener: AnyObject {
  func didTapPay()
}

/// SurfMVP: ViewInput — what the presenter tells the view.
/// Ribcage: `Rendering.render(_:)` with an immutable view model; the view keeps no logic.
@MainActor
final class PaymentView: Rendering, ViewControllable {
  weak var listener: PaymentViewListener?
  private(set) var screen = ""

  func render(_ viewModel: PaymentViewModel) {
    screen = "Pay \(viewModel.amount)" + (viewModel.canPay ? " [Pay]" : "")
  }

  func tapPay() { listener?.didTapPay() }
}

// MARK: Presenter → Interactor (logic) + stateless Presenter (mapping)

/// The state the service owns.
struct PaymentState: Equatable {
  var amountCents = 0
  var isPaid = false
}

@MainActor
final class PaymentService {
  private let store = MutableStateStream(PaymentState())
  var state: StateStream<PaymentState> { store.stream }
  func setAmount(_ cents: Int) { store.update { $0.amountCents = cents } }
  func pay() { store.update { $0.isPaid = true } }
}

/// SurfMVP's presenter did two jobs. The mapping half is a stateless Ribcage `Presenter`...
struct PaymentPresenter: Presenter {
  func present(_ state: PaymentState) -> PaymentViewModel {
    PaymentViewModel(
      amount: "$\(state.amountCents / 100)", canPay: state.amountCents > 0 && !state.isPaid)
  }
}

/// ...and the logic half is the interactor: it handles ViewOutput, serves ModuleInput, calls
/// RouterInput and reports ModuleOutput.
@MainActor
final class PaymentInteractor: PresentableInteractor<PaymentView>, PaymentInteractable,
  PaymentViewListener
{
  weak var listener: PaymentListener?
  weak var router: PaymentRouting?
  private let service: PaymentService
  private let loop: RenderLoop<PaymentState, PaymentViewModel>

  init(view: PaymentView, service: PaymentService, scheduler: any RenderScheduler) {
    self.service = service
    loop = RenderLoop(
      state: service.state, presenter: PaymentPresenter(), view: view, scheduler: scheduler)
    super.init(presenter: view)
    view.listener = self
    loop.start(self)
  }

  func prefill(amount: Int) { service.setAmount(amount) }

  func didTapPay() {
    service.pay()
    router?.routeToReceipt()
    listener?.paymentDidFinish(paid: true)
  }
}

// MARK: The test

@MainActor
final class CheckoutComponent: EmptyComponent, PaymentDependency {
  let paymentService = PaymentService()
}

@MainActor
final class CheckoutListener: PaymentListener {
  var finished: [Bool] = []
  func paymentDidFinish(paid: Bool) { finished.append(paid) }
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct SurfMVPMappingTests {
  @Test func everySurfMVPContractHasARibcageCounterpart() {
    let harness = RIBHarness()
    let scheduler = ManualRenderScheduler()
    let root = RootRouter()
    harness.activate(root)
    let listener = CheckoutListener()
    do {
      let router = PaymentBuilder(dependency: CheckoutComponent(), scheduler: scheduler)
        .build(withListener: listener)
      guard let payment = router as? PaymentRouter else {
        Issue.record("the builder returns a PaymentRouter")
        return
      }
      payment.interactor.router = payment
      root.attachChild(payment)
      payment.interactor.prefill(amount: 2_500)  // ModuleInput
      scheduler.flush()
      #expect(payment.viewController.screen == "Pay $25 [Pay]")  // ViewInput
      payment.viewController.tapPay()  // ViewOutput
      scheduler.flush()
      #expect(payment.viewController.screen == "Pay $25")
      #expect(payment.showsReceipt)  // RouterInput
      #expect(listener.finished == [true])  // ModuleOutput
      root.detachChild(payment)
    }
    harness.expectNoLeaks()
  }
}
