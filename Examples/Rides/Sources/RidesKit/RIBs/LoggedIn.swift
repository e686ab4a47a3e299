import Ribcage

// LoggedIn — viewless. Its scope holds the session: everything below it gets the user and token
// non-optional. It shows Home, or Request while the rider is requesting or riding, and resumes a
// trip in progress on sign-in.

@MainActor
public protocol LoggedInDependency: ScreenDependency {
  var sessions: SessionService { get }
  var city: CityService { get }
  var trips: TripService { get }
  var payments: PaymentService { get }
  var coupons: CouponService { get }
  var flags: FlagStore { get }
  var carPhotos: PluginPoint<String, String> { get }
}

/// The session scope: the parent's services plus the session, which cannot be missing here.
@MainActor
final class LoggedInComponent: Component<any LoggedInDependency>, HomeDependency,
  RequestDependency
{
  let session: Session

  init(dependency: any LoggedInDependency, session: Session) {
    self.session = session
    super.init(dependency: dependency)
  }

  var renderScheduler: any RenderScheduler { dependency.renderScheduler }
  var views: any RidesViews { dependency.views }
  var sessions: SessionService { dependency.sessions }
  var city: CityService { dependency.city }
  var trips: TripService { dependency.trips }
  var payments: PaymentService { dependency.payments }
  var coupons: CouponService { dependency.coupons }
  var flags: FlagStore { dependency.flags }
  var carPhotos: PluginPoint<String, String> { dependency.carPhotos }
}

/// What deep links and pushes can ask of the signed-in app.
@MainActor
public protocol LoggedInActionable: AnyObject {
  /// Shows trip `id` (in progress or finished) if it is the rider's.
  func showTrip(_ id: Int) throws -> String
  /// Holds the coupon `code` for the next request.
  func applyPromo(_ code: String) throws -> String
  /// A push: the driver of trip `id` is at the pickup.
  func driverArrived(tripID id: Int) throws -> String
}

/// Why a deep link could not be served.
public enum LinkError: Error, Equatable, CustomStringConvertible {
  case couponsOff
  /// A cancelled trip has no screen: showing it would leave the screen as it was.
  case tripCancelled(Int)

  public var description: String {
    switch self {
    case .couponsOff: "coupons are switched off (flag coupons)"
    case .tripCancelled(let id): "trip \(id) was cancelled: there is nothing to show"
    }
  }
}

@MainActor
protocol LoggedInRouting: Routing {
  func routeToHome()
  func routeToRequest(trip: StateStream<Trip>?)
  var shownTripID: Int? { get }
}

@MainActor
public final class LoggedInInteractor: Interactor, Interactable, LoggedInActionable,
  HomeListener, RequestListener
{
  weak var router: (any LoggedInRouting)?
  private let component: LoggedInComponent

  init(component: LoggedInComponent) {
    self.component = component
  }

  public override func didBecomeActive() {
    super.didBecomeActive()
    routeToStart()
  }

  /// Home, unless a trip is in progress: then that trip.
  private func routeToStart() {
    if let trip = component.trips.activeTrip(for: component.session.user.name) {
      router?.routeToRequest(trip: trip)
    } else {
      router?.routeToHome()
    }
  }

  // MARK: HomeListener

  func homeWantsRide() {
    router?.routeToRequest(trip: nil)
  }

  func homeWantsSignOut() {
    component.sessions.signOut()
  }

  // MARK: RequestListener

  func requestDidEnd() {
    routeToStart()
  }

  // MARK: LoggedInActionable

  public func showTrip(_ id: Int) throws -> String {
    let trip = try component.trips.trip(id, for: component.session.user.name)
    if trip.value.status == .cancelled { throw LinkError.tripCancelled(id) }
    if router?.shownTripID == id { return "trip \(id) is on screen" }
    router?.routeToRequest(trip: trip)
    return "showing trip \(id)"
  }

  public func applyPromo(_ code: String) throws -> String {
    guard component.flags.isEnabled(RidesFlags.coupons) else { throw LinkError.couponsOff }
    let coupon = try component.coupons.apply(code: code)
    return "coupon \(coupon.code) held: \(dollars(coupon.discount)) off the next ride"
  }

  public func driverArrived(tripID id: Int) throws -> String {
    _ = try component.trips.trip(id, for: component.session.user.name)
    try component.trips.driverArrived(id)
    return "push: the driver of trip \(id) has arrived"
  }
}

public final class LoggedInRouter: Router<LoggedInInteractor>, LoggedInRouting {
  private let homeBuilder: HomeBuilder
  private let requestBuilder: RequestBuilder
  private var home: HomeRouter?
  private var request: RequestRouter?

  init(interactor: LoggedInInteractor, homeBuilder: HomeBuilder, requestBuilder: RequestBuilder) {
    self.homeBuilder = homeBuilder
    self.requestBuilder = requestBuilder
    super.init(interactor: interactor)
    interactor.router = self
  }

  var shownTripID: Int? { request?.shownTripID }

  func routeToHome() {
    detachRequest()
    guard home == nil else { return }
    let router = homeBuilder.build(withListener: interactor)
    home = router
    attachChild(router)
  }

  func routeToRequest(trip: StateStream<Trip>?) {
    if let home {
      detachChild(home)
      self.home = nil
    }
    detachRequest()
    let router = requestBuilder.build(withListener: interactor, trip: trip)
    request = router
    attachChild(router)
  }

  private func detachRequest() {
    if let request {
      detachChild(request)
      self.request = nil
    }
  }
}

@MainActor
final class LoggedInBuilder: Builder<any LoggedInDependency> {
  func build(session: Session) -> LoggedInRouter {
    let component = LoggedInComponent(dependency: dependency, session: session)
    return LoggedInRouter(
      interactor: LoggedInInteractor(component: component),
      homeBuilder: HomeBuilder(dependency: component),
      requestBuilder: RequestBuilder(dependency: component))
  }
}
