import Ribcage

/// The rider's cards and which one pays by default.
@MainActor
public final class PaymentService {
  /// The cards on file.
  public let cards: [Card] = [
    Card(id: "visa", label: "Visa ····4242"),
    Card(id: "amex", label: "Amex ····1005"),
  ]

  public init() {}

  /// The card used unless the rider picks another.
  public var defaultCard: Card { cards[0] }

  /// The card whose id is `id` (case-insensitive).
  public func card(id: String) -> Card? {
    cards.first { $0.id == id.lowercased() }
  }
}
