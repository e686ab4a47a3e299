import Ribcage

// Request — viewless. Its scope owns the request's draft (RequestService): LocationEditor and
// everything below it edit the draft; once the backend has the trip, Request swaps the editor for
// Ride, which gets the trip non-optional.

@MainActor
public protocol RequestDependency: ScreenDependency {
  var session: Session { get }
  var city: CityService { get }
  var trips: TripService { get }
  var payments: PaymentService { get }
  var coupons: CouponService { get }
  var flags: FlagStore { get }
  var carPhotos: PluginPoint<String, String> { get }
}

@MainActor
final class RequestComponent: Component<any RequestDependency>, LocationEditorDependency,
  RideDependency
{
  var renderScheduler: any RenderScheduler { dependency.renderScheduler }
  var views: any RidesViews { dependency.views }
  var city: CityService { dependency.city }
  var trips: TripService { dependency.trips }
  var payments: PaymentService { dependency.payments }
  var coupons: CouponService { dependency.coupons }
  var flags: FlagStore { dependency.flags }
  var carPhotos: PluginPoint<String, String> { dependency.carPhotos }

  /// The draft of this request: one per Request scope.
  var requests: RequestService {
    shared {
      RequestService(
        session: dependency.session, city: dependency.city, payments: dependency.payments,
        trips: dependency.trips, coupons: dependency.coupons)
    }
  }
}

@MainActor
protocol RequestListener: AnyObject {
  func requestDidEnd()
}

@MainActor
protocol RequestRouting: Routing {
  func routeToRide(_ trip: StateStream<Trip>)
}

@MainActor
public final class RequestInteractor: Interactor, Interactable, LocationEditorListener,
  RideListener, ScreenDismissalHandling
{
  weak var listener: (any RequestListener)?
  weak var router: (any RequestRouting)?

  func locationEditorDidCancel() {
    listener?.requestDidEnd()
  }

  func didRequestTrip(_ trip: StateStream<Trip>) {
    router?.routeToRide(trip)
  }

  func rideDidEnd() {
    listener?.requestDidEnd()
  }

  /// The rider went back from the location editor (pushed over Home): the request ends, as
  /// with `cancel`.
  public func didDismissByUser(_ child: RouterNode) {
    listener?.requestDidEnd()
  }
}

public final class RequestRouter: Router<RequestInteractor>, RequestRouting {
  private let locationEditorBuilder: LocationEditorBuilder
  private let rideBuilder: RideBuilder
  private let initialTrip: StateStream<Trip>?
  private var current: RouterNode?
  private(set) var shownTripID: Int?
  private let views: any RidesViews

  init(
    interactor: RequestInteractor, locationEditorBuilder: LocationEditorBuilder,
    rideBuilder: RideBuilder, trip: StateStream<Trip>?, views: any RidesViews
  ) {
    self.views = views
    self.locationEditorBuilder = locationEditorBuilder
    self.rideBuilder = rideBuilder
    self.initialTrip = trip
    super.init(interactor: interactor)
    interactor.router = self
  }

  public override func didLoad() {
    super.didLoad()
    if let initialTrip {
      routeToRide(initialTrip)
    } else {
      // The editor is pushed over Home: the back gesture ends the request. The ride is not:
      // there is no going back from a trip the backend has.
      show(locationEditorBuilder.build(withListener: interactor), pushed: true)
    }
  }

  func routeToRide(_ trip: StateStream<Trip>) {
    shownTripID = trip.value.id
    show(rideBuilder.build(withListener: interactor, trip: trip), pushed: false)
  }

  private func show(_ child: RouterNode, pushed: Bool) {
    if let current { detachChild(current) }
    current = child
    if pushed { views.show(child, over: self, as: .pushed) } else { attachChild(child) }
  }
}

@MainActor
final class RequestBuilder: Builder<any RequestDependency> {
  func build(withListener listener: any RequestListener, trip: StateStream<Trip>?)
    -> RequestRouter
  {
    let component = RequestComponent(dependency: dependency)
    let interactor = RequestInteractor()
    interactor.listener = listener
    return RequestRouter(
      interactor: interactor, locationEditorBuilder: LocationEditorBuilder(dependency: component),
      rideBuilder: RideBuilder(dependency: component), trip: trip, views: dependency.views)
  }
}
