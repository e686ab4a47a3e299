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
protocol TripScreenViewListener: AnyObject {
  func didTapCancel()
  func didTapDone()
}

/// A trip screen's view: renders its view model, forwards `cancel` and `done`.
public final class TripScreenView<ViewModel: ScreenModel>: ScreenView<ViewModel> {
  weak var listener: (any TripScreenViewListener)?

  public override func perform(_ command: Command) throws(CommandError) {
    guard screen?.verbs.contains(command.verb) == true, command.arguments.isEmpty else {
      return try super.perform(command)
    }
    switch command.verb {
    case "cancel": listener?.didTapCancel()
    case "done": listener?.didTapDone()
    default: try super.perform(command)
    }
  }
}

/// A trip screen's interactor: renders the trip through its presenter while active.
@MainActor
public class TripScreenInteractor<P: Presenter & Sendable>: PresentableInteractor<
  TripScreenView<P.ViewModel>
>, Interactable, TripScreenViewListener
where P.State == Trip, P.ViewModel: ScreenModel {
  weak var listener: (any TripScreenListener)?
  private let trip: StateStream<Trip>
  private let trips: TripService
  private let loop: RenderLoop<Trip, P.ViewModel>

  init(presenter: P, dependency: any TripScreenDependency) {
    let view = TripScreenView<P.ViewModel>()
    trip = dependency.trip
    trips = dependency.trips
    loop = RenderLoop(
      state: dependency.trip, presenter: presenter, view: view,
      scheduler: dependency.renderScheduler)
    super.init(presenter: view)
    view.listener = self
    loop.start(self)
  }

  func didTapCancel() { trips.cancel(trip.value.id) }
  func didTapDone() { listener?.tripScreenDidFinish() }
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
