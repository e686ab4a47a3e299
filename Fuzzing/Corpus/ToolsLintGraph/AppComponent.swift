import Ribcage

/// What every screen needs: the platform's views, and the scheduler its renders wait for (the
/// terminal renders once per command; the iPhone app at the end of each main-actor turn).
@MainActor
public protocol ScreenDependency: Dependency {
  var renderScheduler: any RenderScheduler { get }
  var views: any RidesViews { get }
}

/// The feature flags of Rides. Coupons and car photos are optional features; the live activity is
/// a deliberately faulty plugin that shows auto-disable.
public enum RidesFlags {
  public static let coupons = FeatureFlag("coupons", default: true)
  public static let carPhotos = FeatureFlag("car_photos", default: true)
  public static let liveActivity = FeatureFlag("live_activity", default: false)

  /// Every flag, for `flags` and `flag <key> ...`.
  public static let all = [coupons, carPhotos, liveActivity]
}

/// The app's root scope: the simulated backend's services, the flag store and the plugin points.
/// Built once per app run; its services are shared by the whole tree through DI.
@MainActor
public final class AppComponent: EmptyComponent, RootDependency {
  public let clock = SimulatedClock()
  public let sessions = SessionService()
  public let city: CityService
  public let trips: TripService
  public let payments = PaymentService()
  public let coupons = CouponService()
  public let flags = FlagStore()
  public let views: any RidesViews
  public let renderScheduler: any RenderScheduler
  /// Optional pictures of the car of a product or driver, behind `car_photos`.
  public let carPhotos: PluginPoint<String, String>

  /// The app's scope on a platform: its views, and when they render.
  public init(views: any RidesViews, renderScheduler: any RenderScheduler = .endOfTurn) {
    self.views = views
    self.renderScheduler = renderScheduler
    city = CityService(clock: clock)
    trips = TripService(city: city, clock: clock)
    for flag in RidesFlags.all { flags.register(flag) }
    carPhotos = PluginPoint("car-photos", flags: flags)
    carPhotos.register("car-photos", gatedBy: RidesFlags.carPhotos) { carModel, _ in
      "photo: " + carModel.lowercased().split(separator: " ").joined(separator: "-") + ".jpg"
    }
    super.init()
  }

}
