/// A parent RIB that wants a say when the user removes one of its children's views — the back
/// button, an edge swipe, a sheet pulled down, a SwiftUI stack shortened by the system. The
/// parent's router or its interactor adopts it; its ``ScreenTracker`` asks the router first, then
/// the interactor.
///
/// ```swift
/// extension CheckoutInteractor: ScreenDismissalHandling {
///   func shouldAllowUserDismissal(of child: RouterNode) -> Bool { !payment.isSubmitting }
///   func didDismissByUser(_ child: RouterNode) { draft.cancelPayment() }
/// }
/// ```
@MainActor
public protocol ScreenDismissalHandling: AnyObject {
  /// Whether the user may remove `child`'s view now. Asked where the platform lets an app refuse
  /// (a sheet pulled down: UIKit's `presentationControllerShouldDismiss`, `isModalInPresentation`);
  /// a navigation pop cannot be refused. `true` by default.
  func shouldAllowUserDismissal(of child: RouterNode) -> Bool

  /// `child` was detached because the user removed its view; it is detached already (its
  /// `willResignActive` has run). Nothing by default.
  func didDismissByUser(_ child: RouterNode)
}

extension ScreenDismissalHandling {
  /// Allows every dismissal.
  public func shouldAllowUserDismissal(of child: RouterNode) -> Bool { true }

  /// Does nothing.
  public func didDismissByUser(_ child: RouterNode) {}
}
