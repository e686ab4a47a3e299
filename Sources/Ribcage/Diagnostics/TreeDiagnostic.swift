/// Something the tree was asked to do that it refused or could only do partly, with a message that
/// says what to change.
///
/// Misuse of the tree (attaching a router twice, detaching a router that is not a child, ...)
/// leaves the tree exactly as it was and reports a diagnostic to the tree's
/// ``DiagnosticsHandler``. In debug builds the standard handler stops at an assertion, the way a
/// precondition would; in release builds it does nothing. Tests install a recording handler and
/// assert on the reports.
public struct TreeDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    /// `attachChild` was called with a router that is already a child of this router.
    case alreadyAttached
    /// `attachChild` was called with a router that is attached to another parent.
    case attachedToAnotherParent
    /// `attachChild` would make a router its own ancestor.
    case attachCreatesCycle
    /// `detachChild` was called with a router that is not a child of this router.
    case detachedNonChild
    /// `launch` was called on a launch router that is already launched.
    case launchedTwice
    /// Work was bound to an interactor that is not active; it was cancelled at once.
    case boundToInactiveInteractor
    /// A componentized builder's component factory returned a component it had returned before.
    case componentReused
    /// A plugin failed to build or reported itself unhealthy, and was switched off.
    case pluginAutoDisabled
    /// A child was detached while its view was on screen and nothing removed the view (its
    /// parent's ``ScreenTracker`` has no host).
    case detachedWhileOnScreen
    /// A parent's ``ScreenTracker`` was told a child's view is shown, but the child is not
    /// attached to that parent.
    case shownWhileDetached
    /// A view was shown where the platform cannot tell the tree that the user removed it (a
    /// UIKit navigation controller whose delegate is the app's own): RIBs shown there are not
    /// detached when the user removes their view.
    case screenSyncUnavailable
    /// A screen host could not show a child's view (the platform refused the transition): the
    /// child is attached with no view. See ``ScreenTracker/didFailToShow(_:as:reason:)``.
    case screenShowFailed
    /// A screen host could not remove the view of a child the tree detached: the view is still
    /// on screen. See ``ScreenTracker/didFailToRemove(_:shownAs:reason:)``.
    case screenRemovalFailed
  }

  /// How serious a diagnostic is.
  public enum Severity: String, Sendable, Equatable {
    /// A programming error: the call was refused and the tree left unchanged.
    case misuse
    /// Allowed, but almost certainly not what was meant.
    case warning
  }

  /// What went wrong.
  public let kind: Kind
  /// How serious it is.
  public let severity: Severity
  /// A sentence that names the objects involved and says what to do instead.
  public let message: String

  /// Creates a diagnostic.
  public init(kind: Kind, severity: Severity, message: String) {
    self.kind = kind
    self.severity = severity
    self.message = message
  }

  public var description: String { "Ribcage \(severity.rawValue) [\(kind.rawValue)]: \(message)" }
}
