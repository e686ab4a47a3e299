import Ribcage

/// How Checkout talks to its parent.
@MainActor
protocol CheckoutListener: AnyObject {
  func checkoutDidFinish()
}

/// Checkout's business logic.
@MainActor
final class CheckoutInteractor: Interactor {
  var listener: (any CheckoutListener)?  // planted: not weak

  func finish() {
    listener?.checkoutDidFinish()
  }
}

/// The parent: it owns Checkout and listens to it.
@MainActor
final class CartInteractor: Interactor, CheckoutListener {
  func checkoutDidFinish() {}
}
