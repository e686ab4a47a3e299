import Ribcage

// Refinement — last details (seats, a note for the driver), then `request` sends the trip.

@MainActor
public protocol RefinementDependency: ScreenDependency {
  var requests: RequestService { get }
}

@MainActor
protocol RefinementListener: AnyObject {
  func didRequestTrip(_ trip: StateStream<Trip>)
}

public struct RefinementViewModel: ScreenModel {
  public let seats: Int
  public let maxSeats: Int
  public let note: String

  public var screen: Screen {
    Screen(
      title: "Details",
      lines: [
        "Seats: \(seats) of \(maxSeats)",
        "Note for the driver: \(note.isEmpty ? "—" : note)",
      ],
      actions: ["seats <n>", "note <text>", "request"])
  }
}

struct RefinementPresenter: Presenter {
  func present(_ draft: RequestDraft) -> RefinementViewModel {
    RefinementViewModel(seats: draft.seats, maxSeats: draft.product.seats, note: draft.note)
  }
}

@MainActor
public protocol RefinementViewListener: AnyObject {
  func didEnterSeats(_ text: String) throws(RequestError)
  func didEnterNote(_ note: String)
  func didTapRequest() throws(RequestError)
}

/// Refinement's view, whatever draws it (text, SwiftUI, UIKit).
public typealias RefinementViewControllable = RidesView<
  RefinementViewModel, any RefinementViewListener
>

@MainActor
public final class RefinementInteractor: PresentableInteractor<any RefinementViewControllable>,
  Interactable,
  RefinementViewListener
{
  weak var listener: (any RefinementListener)?
  private let requests: RequestService
  private let loop: RenderLoop<RequestDraft, RefinementViewModel>

  init(
    view: any RefinementViewControllable, requests: RequestService, scheduler: any RenderScheduler
  ) {
    self.requests = requests
    loop = RenderLoop(
      state: requests.draft, presenter: RefinementPresenter(), view: view, scheduler: scheduler)
    super.init(presenter: view)
    view.listener = self
    loop.start(self)
  }

  public func didEnterSeats(_ text: String) throws(RequestError) { try requests.setSeats(text) }
  public func didEnterNote(_ note: String) { requests.setNote(note) }

  public func didTapRequest() throws(RequestError) {
    let trip = try requests.submit()
    listener?.didRequestTrip(trip)
  }
}

public final class RefinementRouter: ViewableRouter<
  RefinementInteractor, any RefinementViewControllable
>
{}

@MainActor
final class RefinementBuilder: Builder<any RefinementDependency> {
  func build(withListener listener: any RefinementListener) -> RefinementRouter {
    let view = dependency.views.makeRefinementView()
    let interactor = RefinementInteractor(
      view: view, requests: dependency.requests, scheduler: dependency.renderScheduler)
    interactor.listener = listener
    return RefinementRouter(interactor: interactor, viewController: view)
  }
}
