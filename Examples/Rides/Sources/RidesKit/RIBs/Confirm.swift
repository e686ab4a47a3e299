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
public protocol ConfirmViewListener: AnyObject {
  func didTapConfirm()
}

/// Confirm's view, whatever draws it (text, SwiftUI, UIKit).
public typealias ConfirmViewControllable = RidesView<ConfirmViewModel, any ConfirmViewListener>

@MainActor
protocol ConfirmRouting: Routing {
  func routeToRefinement()
  func evaluatePlugins()
}

@MainActor
public final class ConfirmInteractor: PresentableInteractor<any ConfirmViewControllable>,
  Interactable,
  ConfirmViewListener, RefinementListener
{
  weak var listener: (any ConfirmListener)?
  weak var router: (any ConfirmRouting)?
  private let flags: FlagStore
  private let loop: RenderLoop<RequestDraft, ConfirmViewModel>

  init(
    view: any ConfirmViewControllable, requests: RequestService, city: CityService,
    flags: FlagStore,
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

  public func didTapConfirm() { router?.routeToRefinement() }
  func didRequestTrip(_ trip: StateStream<Trip>) { listener?.didRequestTrip(trip) }
}

public final class ConfirmRouter: ViewableRouter<ConfirmInteractor, any ConfirmViewControllable>,
  ConfirmRouting,
  ScreenDismissalHandling
{
  private let productSelectionBuilder: ProductSelectionBuilder
  private let cardBuilder: CardBuilder
  private let refinementBuilder: RefinementBuilder
  private var refinement: RefinementRouter?
  private let flags: FlagStore
  private let views: any RidesViews
  /// Optional children: the Coupon plugin.
  private(set) lazy var plugins = RIBPluginPoint<Void>("confirm", flags: flags, router: self)

  init(
    interactor: ConfirmInteractor, view: any ConfirmViewControllable, flags: FlagStore,
    productSelectionBuilder: ProductSelectionBuilder, cardBuilder: CardBuilder,
    couponBuilder: CouponBuilder, refinementBuilder: RefinementBuilder, views: any RidesViews
  ) {
    self.views = views
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
    // Presented: a sheet on the iPhone, a screen over Confirm in the terminal.
    views.show(router, over: self, as: .presented)
  }

  /// The rider went back from Refinement: it is detached already.
  public func didDismissByUser(_ child: RouterNode) {
    if child === refinement { refinement = nil }
  }
}

@MainActor
final class ConfirmBuilder: Builder<any ConfirmDependency> {
  func build(withListener listener: any ConfirmListener) -> ConfirmRouter {
    let view = dependency.views.makeConfirmView()
    let interactor = ConfirmInteractor(
      view: view, requests: dependency.requests, city: dependency.city, flags: dependency.flags,
      scheduler: dependency.renderScheduler)
    interactor.listener = listener
    return ConfirmRouter(
      interactor: interactor, view: view, flags: dependency.flags,
      productSelectionBuilder: ProductSelectionBuilder(dependency: dependency),
      cardBuilder: CardBuilder(dependency: dependency),
      couponBuilder: CouponBuilder(dependency: dependency),
      refinementBuilder: RefinementBuilder(dependency: dependency), views: dependency.views)
  }
}
