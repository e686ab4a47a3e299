import Ribcage

// How Rides shows a screen over another one: attached, and recorded in the parent's `screens` as
// pushed, so the user's back gesture (`back` in the terminal) detaches it — the terminal draws the
// attached RIBs, so the tree and the screen cannot disagree.

extension RouterNode {
  /// Attaches `child` and shows its screen over this router's, as a navigation push would.
  func attachPushed(_ child: RouterNode) {
    attachChild(child)
    screens.host = TerminalScreens.shared
    screens.didShow(child, as: .pushed)
  }
}

/// The screen host of Rides' terminal. The terminal redraws every attached RIB's screen after each
/// turn, so removing a detached RIB's screen is the next redraw: nothing to do here but count.
@MainActor
final class TerminalScreens: ScreenHost {
  static let shared = TerminalScreens()

  /// Screens removed because the app detached their RIB (not by the back gesture).
  private(set) var removedByTheApp = 0

  func removeView(of child: RouterNode, shownAs presentation: ScreenPresentation) {
    removedByTheApp += 1
  }
}
