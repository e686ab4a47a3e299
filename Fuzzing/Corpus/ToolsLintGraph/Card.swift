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
public protocol CardViewListener: AnyObject {
  func didSelectCard(_ id: String) throws(RequestError)
}

/// Card's view, whatever draws it (text, SwiftUI, UIKit).
public typealias CardViewControllable = RidesView<CardViewModel, any CardViewListener>

@MainActor
public final class CardInteractor: PresentableInteractor<any CardViewControllable>, Interactable,
  CardViewListener
{
  private let requests: RequestService
  private let loop: RenderLoop<RequestDraft, CardViewModel>

  init(
    view: any CardViewControllable, requests: RequestService, cards: [String],
    scheduler: any RenderScheduler
  ) {
    self.requests = requests
    loop = RenderLoop(
      state: requests.draft, presenter: CardPresenter(cards: cards), view: view,
      scheduler: scheduler)
    super.init(presenter: view)
    view.listener = self
    loop.start(self)
  }

  public func didSelectCard(_ id: String) throws(RequestError) {
    try requests.selectCard(id)
  }
}

public final class CardRouter: ViewableRouter<CardInteractor, any CardViewControllable> {}

@MainActor
final class CardBuilder: Builder<any CardDependency> {
  func build() -> CardRouter {
    let view = dependency.views.makeCardView()
    let interactor = CardInteractor(
      view: view, requests: dependency.requests, cards: dependency.payments.cards.map(\.id),
      scheduler: dependency.renderScheduler)
    return CardRouter(interactor: interactor, viewController: view)
  }
}
