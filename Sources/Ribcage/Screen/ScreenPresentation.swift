/// How a child RIB's view is on screen, as its parent showed it: what the user can do to remove
/// it, and what removing it means.
public enum ScreenPresentation: String, Sendable, Equatable, CaseIterable {
  /// Pushed on a navigation stack (UIKit `pushViewController`, a SwiftUI `NavigationStack` path):
  /// the back button, the edge swipe and a pop to the root remove it.
  case pushed
  /// Presented modally (UIKit `present`, a SwiftUI `.sheet`): a sheet pulled down removes it,
  /// unless the parent refuses.
  case presented
  /// Embedded as a child view controller in a container of the parent's view: the user cannot
  /// remove it on their own.
  case embedded
}
