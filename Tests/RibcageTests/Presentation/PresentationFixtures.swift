import Ribcage
import RibcageTesting

// A Confirm RIB built the Ziggurat way: view event → interactor → service → state → presenter →
// view model → view.

struct RequestState: Equatable {
  var product = "uberX"
  var price: Int?
  var isConfirmed = false
  /// Changes nothing the presenter shows (e.g. a server-side revision).
  var revision = 0
}

/// The only place request state changes; its writer is private and noncopyable.
@MainActor
final class RequestService {
  private let store = MutableStateStream(RequestState())
  var state: StateStream<RequestState> { store.stream }

  func select(_ product: String) { store.update { $0.product = product } }
  func quote(_ price: Int) { store.update { $0.price = price } }
  func confirm() { store.update { $0.isConfirmed = true } }
  func touch() { store.update { $0.revision += 1 } }
}

struct ConfirmViewModel: Equatable, Codable {
  var title: String
  var price: String
  var canConfirm: Bool
  var banner: String?
}

struct ConfirmPresenter: Presenter {
  func present(_ state: RequestState) -> ConfirmViewModel {
    ConfirmViewModel(
      title: "Confirm \(state.product)",
      price: state.price.map { "$\($0)" } ?? "…",
      canConfirm: state.price != nil && !state.isConfirmed,
      banner: state.isConfirmed ? "Requested" : nil)
  }
}

@MainActor
protocol ConfirmViewListener: AnyObject {
  func didTapConfirm()
}

/// A view with no logic: it renders view models into text and reports taps.
@MainActor
final class ConfirmView: Rendering, ViewControllable {
  weak var listener: ConfirmViewListener?
  private(set) var text = ""
  private(set) var log: [String] = []
  var onRender: ((ConfirmViewModel) -> Void)?

  func render(_ viewModel: ConfirmViewModel) {
    log.append("begin \(viewModel.title)")
    text =
      "\(viewModel.title) \(viewModel.price)"
      + (viewModel.canConfirm ? " [Confirm]" : "") + (viewModel.banner.map { " — \($0)" } ?? "")
    onRender?(viewModel)
    log.append("end \(viewModel.title)")
  }

  func tapConfirm() { listener?.didTapConfirm() }
}

@MainActor
final class ConfirmInteractor: PresentableInteractor<ConfirmView>, Interactable, ConfirmViewListener
{
  private let requests: RequestService
  let loop: RenderLoop<RequestState, ConfirmViewModel>

  init(view: ConfirmView, requests: RequestService, scheduler: any RenderScheduler) {
    self.requests = requests
    loop = RenderLoop(
      state: requests.state, presenter: ConfirmPresenter(), view: view, scheduler: scheduler)
    super.init(presenter: view)
    view.listener = self
    loop.start(self)
  }

  func didTapConfirm() { requests.confirm() }
}

@MainActor
final class ConfirmRouter: ViewableRouter<ConfirmInteractor, ConfirmView> {}

@MainActor
func makeConfirm(
  requests: RequestService, scheduler: any RenderScheduler, view: ConfirmView = ConfirmView()
) -> ConfirmRouter {
  ConfirmRouter(
    interactor: ConfirmInteractor(view: view, requests: requests, scheduler: scheduler),
    viewController: view)
}
