import Ribcage
import RidesKit
import UIKit

/// The payment screen in UIKit — a RIB's view needs no SwiftUI: a view controller that renders
/// `CardViewModel` and tells its listener which card the rider picked. Drawn inside Confirm's
/// SwiftUI screen like any other RIB view.
final class CardViewController: UIViewController, RidesView {
  weak var listener: (any CardViewListener)?
  private let summary = UILabel(frame: .zero)
  private let cards = UIStackView(frame: .zero)
  private let stack = UIStackView(frame: .zero)

  init() {
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("Rides builds its screens in code") }

  override func loadView() {
    stack.axis = .vertical
    stack.spacing = 8
    cards.axis = .vertical
    stack.addArrangedSubview(summary)
    stack.addArrangedSubview(cards)
    view = stack
  }

  func render(_ viewModel: CardViewModel) {
    title = "Payment"
    summary.text = "Paying with \(viewModel.selected)"
    for button in cards.arrangedSubviews {
      cards.removeArrangedSubview(button)
      button.removeFromSuperview()
    }
    for card in viewModel.cards {
      let pick = UIAction(title: card) { [weak self] _ in
        try? self?.listener?.didSelectCard(card)  // the buttons are the rider's own cards
      }
      cards.addArrangedSubview(UIButton(type: .system, primaryAction: pick))
    }
  }
}
