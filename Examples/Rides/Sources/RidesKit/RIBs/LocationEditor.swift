import Ribcage

// LocationEditor — pickup and destination. Once both are set it attaches Confirm below itself
// (the business tree is deeper than the screens: Confirm shows beside the editor).

@MainActor
public protocol LocationEditorDependency: ConfirmDependency {}

@MainActor
protocol LocationEditorListener: AnyObject {
  func locationEditorDidCancel()
  func didRequestTrip(_ trip: StateStream<Trip>)
}

public struct LocationEditorViewModel: ScreenModel {
  public let pickup: String?
  public let destination: String?
  public let places: [String]

  public var screen: Screen {
    Screen(
      title: "Where to?",
      lines: [
        "Pickup:      \(pickup ?? "—")",
        "Destination: \(destination ?? "—")",
        "Places: " + places.joined(separator: ", "),
      ],
      actions: ["pickup <place>", "dropoff <place>", "cancel"])
  }
}

struct LocationEditorPresenter: Presenter {
  let places: [String]

  func present(_ draft: RequestDraft) -> LocationEditorViewModel {
    LocationEditorViewModel(
      pickup: draft.pickup?.name, destination: draft.destination?.name, places: places)
  }
}

@MainActor
public protocol LocationEditorViewListener: AnyObject {
  func didEnterPickup(_ name: String) throws(RequestError)
  func didEnterDestination(_ name: String) throws(RequestError)
  func didTapCancel()
}

/// LocationEditor's view, whatever draws it (text, SwiftUI, UIKit).
public typealias LocationEditorViewControllable = RidesView<
  LocationEditorViewModel, any LocationEditorViewListener
>

@MainActor
protocol LocationEditorRouting: Routing {
  func routeToConfirm()
}

@MainActor
public final class LocationEditorInteractor: PresentableInteractor<
  any LocationEditorViewControllable
>,
Interactable, LocationEditorViewListener, ConfirmListener
{
  weak var listener: (any LocationEditorListener)?
  weak var router: (any LocationEditorRouting)?
  private let requests: RequestService
  private let loop: RenderLoop<RequestDraft, LocationEditorViewModel>

  init(
    view: any LocationEditorViewControllable, requests: RequestService, places: [String],
    scheduler: any RenderScheduler
  ) {
    self.requests = requests
    loop = RenderLoop(
      state: requests.draft, presenter: LocationEditorPresenter(places: places), view: view,
      scheduler: scheduler)
    super.init(presenter: view)
    view.listener = self
    loop.start(self)
  }

  public override func didBecomeActive() {
    super.didBecomeActive()
    // The first time the draft has both ends, now or later.
    observe(requests.draft.filter(\.hasRoute).first()) { [weak self] _ in
      self?.router?.routeToConfirm()
    }
  }

  /// The rider went back from Confirm to the editor: the next edit that leaves both ends set
  /// shows Confirm again (the draft as it is now is what they went back from).
  func confirmWasDismissed() {
    requests.draft
      .scan((deliveries: 0, hasRoute: false)) { seen, draft in
        (seen.deliveries + 1, draft.hasRoute)
      }
      .filter { $0.deliveries > 1 && $0.hasRoute }  // the first is the draft as it is now
      .first()
      .observe { [weak self] _ in self?.router?.routeToConfirm() }
      .cancelOnDeactivate(interactor: self)
  }

  public func didEnterPickup(_ name: String) throws(RequestError) { try requests.setPickup(name) }
  public func didEnterDestination(_ name: String) throws(RequestError) {
    try requests.setDestination(name)
  }
  public func didTapCancel() { listener?.locationEditorDidCancel() }

  func didRequestTrip(_ trip: StateStream<Trip>) { listener?.didRequestTrip(trip) }
}

public final class LocationEditorRouter: ViewableRouter<
  LocationEditorInteractor, any LocationEditorViewControllable
>, LocationEditorRouting, ScreenDismissalHandling
{
  private let confirmBuilder: ConfirmBuilder
  private var confirm: ConfirmRouter?
  private let views: any RidesViews

  init(
    interactor: LocationEditorInteractor, view: any LocationEditorViewControllable,
    confirmBuilder: ConfirmBuilder, views: any RidesViews
  ) {
    self.confirmBuilder = confirmBuilder
    self.views = views
    super.init(interactor: interactor, viewController: view)
    interactor.router = self
  }

  func routeToConfirm() {
    guard confirm == nil else { return }
    let router = confirmBuilder.build(withListener: interactor)
    confirm = router
    // Confirm stays until the editor itself goes, or the rider goes back from it.
    // ribcage:disable:next attach-without-detach
    views.show(router, over: self, as: .pushed)
  }

  /// The rider went back from Confirm: it is detached already.
  public func didDismissByUser(_ child: RouterNode) {
    guard child === confirm else { return }
    confirm = nil
    interactor.confirmWasDismissed()
  }
}

@MainActor
final class LocationEditorBuilder: Builder<any LocationEditorDependency> {
  func build(withListener listener: any LocationEditorListener) -> LocationEditorRouter {
    let view = dependency.views.makeLocationEditorView()
    let interactor = LocationEditorInteractor(
      view: view, requests: dependency.requests, places: dependency.city.places.map(\.name),
      scheduler: dependency.renderScheduler)
    interactor.listener = listener
    return LocationEditorRouter(
      interactor: interactor, view: view, confirmBuilder: ConfirmBuilder(dependency: dependency),
      views: dependency.views)
  }
}
