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
@MainActor
public protocol ScreenHost: AnyObject {
  /// Removes `child`'s view, shown as `presentation`: the tree has detached `child` and its view
  /// must not stay on screen. Not called for a view the user removed, nor for one the app said it
  /// removed (``ScreenTracker/appDidRemove(_:)``).
  func removeView(of child: RouterNode, shownAs presentation: ScreenPresentation)
}
