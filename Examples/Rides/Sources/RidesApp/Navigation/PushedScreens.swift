import Ribcage

// How Rides shows a screen over another one: attached, and recorded in the parent's `screens` as
// pushed, so the user's back gesture (`back` in the terminal) detaches it — the terminal draws the
// attached RIBs, so the tree and the screen cannot disagree.

extension RouterNode {
  /// Attaches `child` and shows its screen over this router's, as a navigation push would.
  func attachPushed(_ child: RouterNode) {
    attachChild(child)
    if screens.host == nil { screens.host = TerminalScreens() }
    screens.didShow(child, as: .pushed)
  }
}

/// The screen host of Rides' terminal. The terminal redraws every attached RIB's screen after each
/// turn, so a detached RIB's screen is gone at the next redraw: there is nothing to remove here.
@MainActor
final class TerminalScreens: ScreenHost {
  func removeView(of child: RouterNode, shownAs presentation: ScreenPresentation) {}
}
