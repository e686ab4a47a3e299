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
protocol RefinementViewListener: AnyObject {
  func didEnterSeats(_ text: String) throws(RequestError)
  func didEnterNote(_ note: String)
  func didTapRequest() throws(RequestError)
}

public final class RefinementView: ScreenView<RefinementViewModel> {
  weak var listener: (any RefinementViewListener)?

  public override func perform(_ command: Command) throws(CommandError) {
    try relay {
      switch command.verb {
      case "seats": try listener?.didEnterSeats(try command.single("n"))
      case "note": listener?.didEnterNote(command.text)
      case "request":
        guard command.arguments.isEmpty else { throw CommandError.usage("request") }
        try listener?.didTapRequest()
      default: try super.perform(command)
      }
    }
  }
}

@MainActor
public final class RefinementInteractor: PresentableInteractor<RefinementView>, Interactable,
  RefinementViewListener
{
  weak var listener: (any RefinementListener)?
  private let requests: RequestService
  private let loop: RenderLoop<RequestDraft, RefinementViewModel>

  init(view: RefinementView, requests: RequestService, scheduler: any RenderScheduler) {
    self.requests = requests
    loop = RenderLoop(
      state: requests.draft, presenter: RefinementPresenter(), view: view, scheduler: scheduler)
    super.init(presenter: view)
    view.listener = self
    loop.start(self)
  }

  func didEnterSeats(_ text: String) throws(RequestError) { try requests.setSeats(text) }
  func didEnterNote(_ note: String) { requests.setNote(note) }

  func didTapRequest() throws(RequestError) {
    let trip = try requests.submit()
    listener?.didRequestTrip(trip)
  }
}

public final class RefinementRouter: ViewableRouter<RefinementInteractor, RefinementView> {}

@MainActor
final class RefinementBuilder: Builder<any RefinementDependency> {
  func build(withListener listener: any RefinementListener) -> RefinementRouter {
    let view = RefinementView()
    let interactor = RefinementInteractor(
      view: view, requests: dependency.requests, scheduler: dependency.renderScheduler)
    interactor.listener = listener
    return RefinementRouter(interactor: interactor, viewController: view)
  }
}
