import Ribcage

// Coupon — an optional plugin of Confirm, behind the `coupons` flag. While attached it applies
// the rider's coupon to the draft; detached (flag off, core-only), the draft goes back to full
// price and the request flow carries on without it.

@MainActor
public protocol CouponDependency: ScreenDependency {
  var requests: RequestService { get }
  var coupons: CouponService { get }
}

public struct CouponViewModel: ScreenModel {
  public let coupon: String?

  public var screen: Screen {
    Screen(
      title: "Coupon",
      lines: [coupon.map { "Using \($0)" } ?? "No coupon"],
      actions: ["coupon <code>"])
  }
}

struct CouponPresenter: Presenter {
  func present(_ coupon: Coupon?) -> CouponViewModel {
    CouponViewModel(coupon: coupon.map { "\($0.code) (\(dollars($0.discount)) off)" })
  }
}

@MainActor
public protocol CouponViewListener: AnyObject {
  func didEnterCoupon(_ code: String) throws(CouponError)
}

/// Coupon's view, whatever draws it (text, SwiftUI, UIKit).
public typealias CouponViewControllable = RidesView<CouponViewModel, any CouponViewListener>

@MainActor
public final class CouponInteractor: PresentableInteractor<any CouponViewControllable>,
  Interactable,
  CouponViewListener
{
  private let requests: RequestService
  private let coupons: CouponService
  private let loop: RenderLoop<Coupon?, CouponViewModel>

  init(
    view: any CouponViewControllable, requests: RequestService, coupons: CouponService,
    scheduler: any RenderScheduler
  ) {
    self.requests = requests
    self.coupons = coupons
    loop = RenderLoop(
      state: coupons.coupon, presenter: CouponPresenter(), view: view, scheduler: scheduler)
    super.init(presenter: view)
    view.listener = self
    loop.start(self)
  }

  public override func didBecomeActive() {
    super.didBecomeActive()
    observe(coupons.coupon) { [weak self] coupon in self?.requests.setCoupon(coupon) }
  }

  public override func willResignActive() {
    super.willResignActive()
    requests.setCoupon(nil)
  }

  public func didEnterCoupon(_ code: String) throws(CouponError) {
    try coupons.apply(code: code)
  }
}

public final class CouponRouter: ViewableRouter<CouponInteractor, any CouponViewControllable> {}

@MainActor
final class CouponBuilder: Builder<any CouponDependency> {
  func build() -> CouponRouter {
    let view = dependency.views.makeCouponView()
    let interactor = CouponInteractor(
      view: view, requests: dependency.requests, coupons: dependency.coupons,
      scheduler: dependency.renderScheduler)
    return CouponRouter(interactor: interactor, viewController: view)
  }
}
