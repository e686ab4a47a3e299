import Ribcage

// Confirm — the request summary. Core children: ProductSelection and Card; optional child: Coupon,
// a plugin behind the `coupons` flag (switching the flag off detaches it at once). `confirm`
// attaches Refinement, whose `request` sends the trip up the listener chain to Request.

@MainActor
public protocol ConfirmDependency: ProductSelectionDependency, CardDependency,
  CouponDependency, RefinementDependency
{
  var flags: FlagStore { get }
}

@MainActor
protocol ConfirmListener: AnyObject {
  func didRequestTrip(_ trip: StateStream<Trip>)
}

public struct ConfirmViewModel: ScreenModel {
  public let route: String
  public let product: String
  public let fare: String
  public let card: String
  public let coupon: String?

  public var screen: Screen {
    var lines = ["\(route) · \(product) · \(fare) · \(card)"]
    if let coupon { lines.append("Coupon \(coupon) applied") }
    return Screen(title: "Confirm", lines: lines, actions: ["confirm"])
  }
}

struct ConfirmPresenter: Presenter {
  let city: CityService

  func present(_ draft: RequestDraft) -> ConfirmViewModel {
    ConfirmViewModel(
      route: "\(draft.pickup?.name ?? "?") → \(draft.destination?.name ?? "?")",
      product: draft.product.name, fare: draft.fare(in: city).map(dollars) ?? "—",
      card: draft.card.label, coupon: draft.coupon?.code)
  }
}

@MainActor
protocol ConfirmViewListener: AnyObject {
  func didTapConfirm()
}

public final class ConfirmView: ScreenView<ConfirmViewModel> {
  weak var listener: (any ConfirmViewListener)?

  public override func perform(_ command: Command) throws(CommandError) {
    guard command.verb == "confirm" else { return try super.perform(command) }
    guard command.arguments.isEmpty else { throw .usage("confirm") }
    listener?.didTapConfirm()
  }
}

@MainActor
protocol ConfirmRouting: Routing {
  func routeToRefinement()
  func evaluatePlugins()
}

@MainActor
public final class ConfirmInteractor: PresentableInteractor<ConfirmView>, Interactable,
  ConfirmViewListener, RefinementListener
{
  weak var listener: (any ConfirmListener)?
  weak var router: (any ConfirmRouting)?
  private let flags: FlagStore
  private let loop: RenderLoop<RequestDraft, ConfirmViewModel>

  init(
    view: ConfirmView, requests: RequestService, city: CityService, flags: FlagStore,
    scheduler: any RenderScheduler
  ) {
    self.flags = flags
    loop = RenderLoop(
      state: requests.draft, presenter: ConfirmPresenter(city: city), view: view,
      scheduler: scheduler)
    super.init(presenter: view)
    view.listener = self
    loop.start(self)
  }

  public override func didBecomeActive() {
    super.didBecomeActive()
    // A flag switched on attaches its plugin now; switched off, the plugin point detaches it.
    observe(flags.changes) { [weak self] _ in self?.router?.evaluatePlugins() }
  }

  func didTapConfirm() { router?.routeToRefinement() }
  func didRequestTrip(_ trip: StateStream<Trip>) { listener?.didRequestTrip(trip) }
}

public final class ConfirmRouter: ViewableRouter<ConfirmInteractor, ConfirmView>, ConfirmRouting,
  ScreenDismissalHandling
{
  private let productSelectionBuilder: ProductSelectionBuilder
  private let cardBuilder: CardBuilder
  private let refinementBuilder: RefinementBuilder
  private var refinement: RefinementRouter?
  private let flags: FlagStore
  /// Optional children: the Coupon plugin.
  private(set) lazy var plugins = RIBPluginPoint<Void>("confirm", flags: flags, router: self)

  init(
    interactor: ConfirmInteractor, view: ConfirmView, flags: FlagStore,
    productSelectionBuilder: ProductSelectionBuilder, cardBuilder: CardBuilder,
    couponBuilder: CouponBuilder, refinementBuilder: RefinementBuilder
  ) {
    self.productSelectionBuilder = productSelectionBuilder
    self.cardBuilder = cardBuilder
    self.refinementBuilder = refinementBuilder
    self.flags = flags
    super.init(interactor: interactor, viewController: view)
    interactor.router = self
    plugins.register("coupon", gatedBy: RidesFlags.coupons) { _, _ in couponBuilder.build() }
  }

  public override func didLoad() {
    super.didLoad()
    attachChild(productSelectionBuilder.build())
    attachChild(cardBuilder.build())
    plugins.evaluate(())
  }

  func evaluatePlugins() {
    plugins.evaluate(())
  }

  func routeToRefinement() {
    guard refinement == nil else { return }
    let router = refinementBuilder.build(withListener: interactor)
    refinement = router
    attachPushed(router)
  }

  /// The rider went back from Refinement: it is detached already.
  public func didDismissByUser(_ child: RouterNode) {
    if child === refinement { refinement = nil }
  }
}

@MainActor
final class ConfirmBuilder: Builder<any ConfirmDependency> {
  func build(withListener listener: any ConfirmListener) -> ConfirmRouter {
    let view = ConfirmView()
    let interactor = ConfirmInteractor(
      view: view, requests: dependency.requests, city: dependency.city, flags: dependency.flags,
      scheduler: dependency.renderScheduler)
    interactor.listener = listener
    return ConfirmRouter(
      interactor: interactor, view: view, flags: dependency.flags,
      productSelectionBuilder: ProductSelectionBuilder(dependency: dependency),
      cardBuilder: CardBuilder(dependency: dependency),
      couponBuilder: CouponBuilder(dependency: dependency),
      refinementBuilder: RefinementBuilder(dependency: dependency))
  }
}
