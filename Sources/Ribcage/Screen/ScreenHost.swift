/// What shows the views of a parent's children — UIKit's navigation and presentation (in
/// `RibcageUIKit`), a SwiftUI navigation model (in `RibcageSwiftUI`), a terminal, a test's fake
/// screen — as its ``ScreenTracker`` needs it: to remove a child's view when the tree detached the
/// child while its view was still shown.
///
/// ```swift
/// final class TerminalScreens: ScreenHost {
///   var shown: [RouterNode] = []
///   func removeView(of child: RouterNode, shownAs presentation: ScreenPresentation) {
///     shown.removeAll { $0 === child }
///   }
/// }
/// ```
///
/// A host removes exactly the view it is asked to: the tracker asks for every view of a detached
/// subtree, deepest first, and a view above it that belongs to a RIB still attached (a sibling
/// pushed later) must stay. A host that cannot do what it is asked — the platform refused a
/// transition, a controller is no longer where it was shown — says so through the tracker
/// (``ScreenTracker/didFailToRemove(_:shownAs:reason:)``,
/// ``ScreenTracker/didFailToShow(_:as:reason:)``): nothing fails silently.
@MainActor
public protocol ScreenHost: AnyObject {
  /// Removes `child`'s view, shown as `presentation`: the tree has detached `child` and its view
  /// must not stay on screen. Not called for a view the user removed, nor for one the app said it
  /// removed (``ScreenTracker/appDidRemove(_:)``), nor while the user is swiping it away (it is
  /// called when the gesture is cancelled).
  func removeView(of child: RouterNode, shownAs presentation: ScreenPresentation)

  /// `parent`'s answer to ``ScreenTracker/shouldAllowUserRemoval(of:)`` may have changed (see
  /// ``ScreenTracker/userDismissalPolicyDidChange()``). A host that asks at the moment of the
  /// gesture (UIKit's `presentationControllerShouldDismiss`) has nothing to do; one that reads
  /// the answer ahead (SwiftUI's `interactiveDismissDisabled`) reads it again. Nothing by
  /// default.
  func userDismissalPolicyDidChange(for parent: RouterNode)
}

extension ScreenHost {
  /// Does nothing: the host asks at the moment of the gesture.
  public func userDismissalPolicyDidChange(for parent: RouterNode) {}
}
