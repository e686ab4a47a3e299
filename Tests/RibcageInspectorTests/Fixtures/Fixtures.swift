import Ribcage
import RibcageInspector
import RibcageTesting

/// An interactor whose hooks can run code (to attach or detach from inside them).
@MainActor
class HookInteractor: Interactor, Interactable {
  var onDidBecomeActive: ((HookInteractor) -> Void)?
  var onWillResignActive: ((HookInteractor) -> Void)?

  override func didBecomeActive() {
    super.didBecomeActive()
    onDidBecomeActive?(self)
  }

  override func willResignActive() {
    super.willResignActive()
    onWillResignActive?(self)
  }
}

/// A viewless router for recorder tests.
@MainActor
class PlainRouter: Router<HookInteractor> {
  convenience init() {
    self.init(interactor: HookInteractor())
  }
}

@MainActor final class AppRootRouter: PlainRouter {}
@MainActor final class SignedInRouter: PlainRouter {}
@MainActor final class FeedRouter: PlainRouter {}
@MainActor final class CartRouter: PlainRouter {}
@MainActor final class CheckoutRouter: PlainRouter {}

/// A view model that can be recorded.
struct CartViewModel: Equatable, Codable {
  var title: String
  var items: [String]
  var total: Int
}

/// A view model that cannot (not `Encodable`).
struct OpaqueViewModel: Equatable {
  var count: Int
}

/// Cart state owned by a service.
@MainActor
final class CartService {
  let store = MutableStateStream(CartState(items: []))
  func add(_ item: String, price: Int) {
    store.value.items.append((item, price))
  }
}

struct CartState {
  var items: [(name: String, price: Int)]
}

struct CartPresenter: Presenter, Sendable {
  func present(_ state: CartState) -> CartViewModel {
    CartViewModel(
      title: "Cart (\(state.items.count))", items: state.items.map(\.name),
      total: state.items.reduce(0) { $0 + $1.price })
  }
}

/// A view that keeps what it rendered.
@MainActor
final class CartView: Rendering, ViewControllable {
  var rendered: [CartViewModel] = []
  func render(_ viewModel: CartViewModel) { rendered.append(viewModel) }
}

/// A RIB with a view and a render loop.
@MainActor
final class CartInteractor: PresentableInteractor<CartView>, Interactable {
  let loop: RenderLoop<CartState, CartViewModel>

  init(view: CartView, service: CartService, scheduler: any RenderScheduler) {
    loop = RenderLoop(
      state: service.store.stream, presenter: CartPresenter(), view: view, scheduler: scheduler)
    super.init(presenter: view)
    loop.start(self)
  }
}

@MainActor
final class CartViewRouter: ViewableRouter<CartInteractor, CartView> {
  convenience init(service: CartService, scheduler: any RenderScheduler) {
    let view = CartView()
    self.init(
      interactor: CartInteractor(view: view, service: service, scheduler: scheduler),
      viewController: view)
  }
}

/// A launched root with a manual-sweep leak detector; leak reports and diagnostics are kept.
@MainActor
final class RecordedApp {
  let root = AppRootRouter()
  let detector: LeakDetector
  private let box = ReportBox()

  init() {
    let box = box
    detector = LeakDetector(gracePeriod: .zero, sweepsAutomatically: false) {
      box.leaks.append($0)
    }
    root.context = TreeContext(
      diagnostics: DiagnosticsHandler { box.diagnostics.append($0) }, leakDetector: detector)
  }

  func launch() {
    root.interactor.activate()
    root.load()
  }

  var leaks: [LeakReport] { box.leaks }
  var diagnostics: [TreeDiagnostic] { box.diagnostics }
}

@MainActor
final class ReportBox {
  var leaks: [LeakReport] = []
  var diagnostics: [TreeDiagnostic] = []
}

/// The live tree as the timeline prints it.
@MainActor
func liveTreeText(_ root: RouterNode) -> String {
  root.snapshot().textRendering()
}
