import Ribcage

// LiveActivity — an optional plugin of Ride behind `live_activity`, and deliberately faulty: once
// the rider is on board it reports itself unhealthy, so the flag store switches it off, the
// plugin point detaches it (the leak detector checks it) and Ride notes why — while the trip
// carries on to the drop-off.

public struct LiveActivityViewModel: ScreenModel {
  public let line: String

  public var screen: Screen { Screen(title: "Live activity", lines: [line]) }
}

struct LiveActivityPresenter: Presenter {
  func present(_ trip: Trip) -> LiveActivityViewModel {
    switch trip.status {
    case .pending: LiveActivityViewModel(line: "Finding your \(trip.product.name)")
    case .matched(let driver, let eta):
      LiveActivityViewModel(line: "\(driver.name) · \(minutes(eta))")
    case .driverArrived(let driver): LiveActivityViewModel(line: "\(driver.name) is here")
    default: LiveActivityViewModel(line: "Trip \(trip.id)")
    }
  }
}

/// LiveActivity's view, whatever draws it; it reports nothing.
public typealias LiveActivityViewControllable = RidesView<LiveActivityViewModel, Never>

@MainActor
public final class LiveActivityInteractor: PresentableInteractor<any LiveActivityViewControllable>,
  Interactable
{
  private let trip: StateStream<Trip>
  private let health: PluginHealth
  private let loop: RenderLoop<Trip, LiveActivityViewModel>

  init(
    view: any LiveActivityViewControllable, trip: StateStream<Trip>, health: PluginHealth,
    scheduler: any RenderScheduler
  ) {
    self.trip = trip
    self.health = health
    loop = RenderLoop(
      state: trip, presenter: LiveActivityPresenter(), view: view, scheduler: scheduler)
    super.init(presenter: view)
    loop.start(self)
  }

  public override func didBecomeActive() {
    super.didBecomeActive()
    // The fault this plugin exists to show: it cannot handle a trip that has started.
    observe(trip.filter { TripStage($0.status) == .onTrip }.first()) { [health] _ in
      health.reportUnhealthy("live activity overflowed its update buffer")
    }
  }
}

public final class LiveActivityRouter: ViewableRouter<
  LiveActivityInteractor, any LiveActivityViewControllable
>
{}

@MainActor
final class LiveActivityBuilder: Builder<any TripScreenDependency> {
  func build(health: PluginHealth) -> LiveActivityRouter {
    let view = dependency.views.makeLiveActivityView()
    let interactor = LiveActivityInteractor(
      view: view, trip: dependency.trip, health: health, scheduler: dependency.renderScheduler)
    return LiveActivityRouter(interactor: interactor, viewController: view)
  }
}
