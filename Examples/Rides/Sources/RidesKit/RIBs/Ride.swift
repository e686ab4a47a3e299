import Ribcage

// Ride — viewless, the example's RIB without a view: it only decides which child shows
// the trip, from the state the backend reports (Pending / Matched / OnTrip / DroppedOff). Its scope
// holds the trip non-optional. Optional child: the live activity plugin (`live_activity`), which
// is deliberately faulty and gets switched off while the ride goes on.

@MainActor
public protocol RideDependency: ScreenDependency {
  var flags: FlagStore { get }
  var trips: TripService { get }
  var carPhotos: PluginPoint<String, String> { get }
}

@MainActor
final class RideComponent: Component<any RideDependency>, TripScreenDependency {
  let trip: StateStream<Trip>

  init(dependency: any RideDependency, trip: StateStream<Trip>) {
    self.trip = trip
    super.init(dependency: dependency)
  }

  var renderScheduler: any RenderScheduler { dependency.renderScheduler }
  var views: any RidesViews { dependency.views }
  var trips: TripService { dependency.trips }
  var carPhotos: PluginPoint<String, String> { dependency.carPhotos }
}

@MainActor
protocol RideListener: AnyObject {
  func rideDidEnd()
}

/// The screens of a trip, one per backend state (a driver who arrived is still "Matched").
enum TripStage: Equatable {
  case pending, matched, onTrip, droppedOff, cancelled

  init(_ status: TripStatus) {
    switch status {
    case .pending: self = .pending
    case .matched, .driverArrived: self = .matched
    case .onTrip: self = .onTrip
    case .droppedOff: self = .droppedOff
    case .cancelled: self = .cancelled
    }
  }
}

@MainActor
protocol RideRouting: Routing {
  func routeToStage(_ stage: TripStage)
  func evaluatePlugins()
}

@MainActor
public final class RideInteractor: Interactor, Interactable, TripScreenListener {
  weak var listener: (any RideListener)?
  weak var router: (any RideRouting)?
  private let trip: StateStream<Trip>
  private let flags: FlagStore

  init(trip: StateStream<Trip>, flags: FlagStore) {
    self.trip = trip
    self.flags = flags
  }

  public override func didBecomeActive() {
    super.didBecomeActive()
    // Each stage once: a trip's state changes every simulated second, its stage rarely.
    observe(trip.map { TripStage($0.status) }.removeDuplicates()) { [weak self] stage in
      if stage == .cancelled {
        self?.listener?.rideDidEnd()
      } else {
        self?.router?.routeToStage(stage)
      }
    }
    observe(flags.changes) { [weak self] _ in self?.router?.evaluatePlugins() }
  }

  func tripScreenDidFinish() {
    listener?.rideDidEnd()
  }
}

public final class RideRouter: Router<RideInteractor>, RideRouting {
  private let builders: TripScreenBuilders
  private let flags: FlagStore
  private var screen: RouterNode?
  /// Optional children: the live activity.
  private(set) lazy var plugins = RIBPluginPoint<Void>("ride", flags: flags, router: self)

  init(
    interactor: RideInteractor, builders: TripScreenBuilders, flags: FlagStore,
    liveActivityBuilder: LiveActivityBuilder
  ) {
    self.builders = builders
    self.flags = flags
    super.init(interactor: interactor)
    interactor.router = self
    plugins.register("live_activity", gatedBy: RidesFlags.liveActivity) { _, health in
      liveActivityBuilder.build(health: health)
    }
  }

  public override func didLoad() {
    super.didLoad()
    plugins.evaluate(())
  }

  func evaluatePlugins() {
    plugins.evaluate(())
  }

  func routeToStage(_ stage: TripStage) {
    if let screen { detachChild(screen) }
    let next = builders.build(stage, listener: interactor)
    screen = next
    if let next { attachChild(next) }
  }
}

@MainActor
final class RideBuilder: Builder<any RideDependency> {
  func build(withListener listener: any RideListener, trip: StateStream<Trip>) -> RideRouter {
    let component = RideComponent(dependency: dependency, trip: trip)
    let interactor = RideInteractor(trip: trip, flags: dependency.flags)
    interactor.listener = listener
    return RideRouter(
      interactor: interactor, builders: TripScreenBuilders(dependency: component),
      flags: dependency.flags, liveActivityBuilder: LiveActivityBuilder(dependency: component))
  }
}
