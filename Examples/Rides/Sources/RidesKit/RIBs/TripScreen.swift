import Ribcage

// What Pending, Matched, OnTrip and DroppedOff share: their scope (the trip, non-optional), a
// view whose actions are `cancel` or `done`, and an interactor that asks the trip service.

@MainActor
public protocol TripScreenDependency: ScreenDependency {
  var trip: StateStream<Trip> { get }
  var trips: TripService { get }
  var carPhotos: PluginPoint<String, String> { get }
}

@MainActor
protocol TripScreenListener: AnyObject {
  func tripScreenDidFinish()
}

@MainActor
public protocol TripScreenViewListener: AnyObject {
  func didTapCancel()
  func didTapDone()
}

/// A trip stage's view, whatever draws it: it renders the stage's view model and reports `cancel`
/// and `done`.
public typealias TripScreenViewControllable<ViewModel> = RidesView<
  ViewModel, any TripScreenViewListener
>

/// A trip screen's interactor: renders the trip through its presenter while active.
@MainActor
public class TripScreenInteractor<P: Presenter & Sendable>: PresentableInteractor<
  any TripScreenViewControllable<P.ViewModel>
>, Interactable, TripScreenViewListener
where P.State == Trip, P.ViewModel: ScreenModel {
  weak var listener: (any TripScreenListener)?
  private let trip: StateStream<Trip>
  private let trips: TripService
  private let loop: RenderLoop<Trip, P.ViewModel>

  init(presenter: P, dependency: any TripScreenDependency) {
    let view = dependency.views.makeTripScreenView(P.ViewModel.self)
    trip = dependency.trip
    trips = dependency.trips
    loop = RenderLoop(
      state: dependency.trip, presenter: presenter, view: view,
      scheduler: dependency.renderScheduler)
    super.init(presenter: view)
    view.listener = self
    loop.start(self)
  }

  public func didTapCancel() { trips.cancel(trip.value.id) }
  public func didTapDone() { listener?.tripScreenDidFinish() }
}

/// Builds the screen for each stage of the trip.
@MainActor
final class TripScreenBuilders: Builder<any TripScreenDependency> {
  func build(_ stage: TripStage, listener: any TripScreenListener) -> RouterNode? {
    switch stage {
    case .pending:
      let interactor = PendingInteractor(presenter: PendingPresenter(), dependency: dependency)
      return PendingRouter(interactor: interactor, viewController: interactor.presenter)
    case .matched:
      let interactor = MatchedInteractor(
        presenter: MatchedPresenter(carPhotos: dependency.carPhotos), dependency: dependency)
      return MatchedRouter(interactor: interactor, viewController: interactor.presenter)
    case .onTrip:
      let interactor = OnTripInteractor(presenter: OnTripPresenter(), dependency: dependency)
      return OnTripRouter(interactor: interactor, viewController: interactor.presenter)
    case .droppedOff:
      let interactor = DroppedOffInteractor(
        presenter: DroppedOffPresenter(), dependency: dependency)
      interactor.listener = listener
      return DroppedOffRouter(interactor: interactor, viewController: interactor.presenter)
    case .cancelled:
      return nil
    }
  }
}
