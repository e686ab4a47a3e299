import Ribcage

// Card — which card pays. Core: a request always has a card (the default one until changed).

@MainActor
public protocol CardDependency: ScreenDependency {
  var requests: RequestService { get }
  var payments: PaymentService { get }
}

public struct CardViewModel: ScreenModel {
  public let selected: String
  public let cards: [String]

  public var screen: Screen {
    Screen(
      title: "Payment",
      lines: ["Paying with \(selected)", "Cards: " + cards.joined(separator: ", ")],
      actions: ["card <id>"])
  }
}

struct CardPresenter: Presenter {
  let cards: [String]

  func present(_ draft: RequestDraft) -> CardViewModel {
    CardViewModel(selected: draft.card.label, cards: cards)
  }
}

@MainActor
protocol CardViewListener: AnyObject {
  func didSelectCard(_ id: String) throws(RequestError)
}

public final class CardView: ScreenView<CardViewModel> {
  weak var listener: (any CardViewListener)?

  public override func perform(_ command: Command) throws(CommandError) {
    guard command.verb == "card" else { return try super.perform(command) }
    let id = try command.single("id")
    try relay { try listener?.didSelectCard(id) }
  }
}

@MainActor
public final class CardInteractor: PresentableInteractor<CardView>, Interactable,
  CardViewListener
{
  private let requests: RequestService
  private let loop: RenderLoop<RequestDraft, CardViewModel>

  init(view: CardView, requests: RequestService, cards: [String], scheduler: any RenderScheduler) {
    self.requests = requests
    loop = RenderLoop(
      state: requests.draft, presenter: CardPresenter(cards: cards), view: view,
      scheduler: scheduler)
    super.init(presenter: view)
    view.listener = self
    loop.start(self)
  }

  func didSelectCard(_ id: String) throws(RequestError) {
    try requests.selectCard(id)
  }
}

public final class CardRouter: ViewableRouter<CardInteractor, CardView> {}

@MainActor
final class CardBuilder: Builder<any CardDependency> {
  func build() -> CardRouter {
    let view = CardView()
    let interactor = CardInteractor(
      view: view, requests: dependency.requests, cards: dependency.payments.cards.map(\.id),
      scheduler: dependency.renderScheduler)
    return CardRouter(interactor: interactor, viewController: view)
  }
}
