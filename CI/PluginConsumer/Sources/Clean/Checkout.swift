import Ribcage

/// How Checkout talks to its parent.
@MainActor
protocol CheckoutListener: AnyObject {
  func checkoutDidFinish()
}

/// Checkout's business logic.
@MainActor
final class CheckoutInteractor: Interactor {
  weak var listener: (any CheckoutListener)?

  func finish() {
    listener?.checkoutDidFinish()
  }
}

/// The parent: it owns Checkout and listens to it.
@MainActor
final class CartInteractor: Interactor, CheckoutListener {
  func checkoutDidFinish() {}
}

/// Global state, allowed in this package by its .ribcage.yml (`global-state: off`).
@MainActor var checkoutCount = 0
