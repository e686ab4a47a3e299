/// Keeps a parent RIB's tree and the screen in agreement about its children: which of them have
/// their view on screen, and how.
///
/// uber/RIBs leaves this to every app ("implement it yourself"), and apps get it wrong both ways:
/// the user swipes back and UIKit removes the view, but the RIB stays attached and keeps running;
/// or the app detaches a RIB whose view it forgot to remove. A parent's tracker —
/// ``RouterNode/screens`` — is told when a child's view is shown and when the user removed it, and
/// sees every detach:
///
/// - **The tree follows the screen.** ``userDidRemove(_:)`` detaches the child — exactly once,
///   whatever order the platform's callbacks come in — and tells the parent
///   (``ScreenDismissalHandling``, ``userRemovals``). A removal the user starts and abandons
///   (an interactive swipe cancelled halfway) detaches nothing.
/// - **The screen follows the tree.** Detaching a child whose view is still shown asks the
///   ``host`` to remove the view; with no host (an app that moves views by hand) it reports a
///   ``TreeDiagnostic/Kind/detachedWhileOnScreen`` diagnostic at once, naming the RIB, instead of
///   a leak report a second later.
///
/// `RibcageUIKit`'s `push`/`present`/`embed` and `RibcageSwiftUI`'s navigation model drive the
/// tracker; a test drives it as a fake screen would:
///
/// ```swift
/// parent.attachChild(child)
/// parent.screens.didShow(child, as: .pushed)
/// parent.screens.userDidRemove(child)   // the user swiped back
/// #expect(parent.children.isEmpty)
/// ```
@MainActor
public final class ScreenTracker {
  /// A child whose view is on screen.
  private struct Entry {
    weak var child: RouterNode?
    var presentation: ScreenPresentation
    let detachHandler: UInt64
    var removalUnderway = false
  }

  /// The parent whose children this tracker follows. Weak: the parent owns its tracker.
  private weak var parent: RouterNode?
  /// Shown children, in the order they were shown (the last is on top).
  private var entries: [(id: ObjectIdentifier, entry: Entry)] = []
  /// Children being detached because the user removed their view: their view is gone already.
  private var removedByUser: Set<ObjectIdentifier> = []
  private let userRemovalRelay = EventRelay<RouterNode>()

  /// Removes the view of a child the tree detached while it was shown. `nil`: views are moved by
  /// hand, and such a detach is reported as a diagnostic. Held strongly (the glue that installs a
  /// host usually keeps no other reference to it), so a host refers to routers weakly.
  public var host: (any ScreenHost)?

  init(parent: RouterNode) {
    self.parent = parent
  }

  /// Every child the user removed (after it was detached), in order.
  public var userRemovals: EventStream<RouterNode> { userRemovalRelay.stream }

  /// The children whose view is on screen, in the order they were shown (the last on top).
  public var shownChildren: [RouterNode] { entries.compactMap { $0.entry.child } }

  /// How `child`'s view is shown, or `nil` if it is not.
  public func presentation(of child: RouterNode) -> ScreenPresentation? {
    index(of: child).map { entries[$0].entry.presentation }
  }

  /// Records that `child`'s view is now on screen, shown as `presentation`. `child` must be
  /// attached to this tracker's parent (attach first, then show: its interactor is active when
  /// its view appears); otherwise nothing is recorded and a warning says so — the view is shown,
  /// but the tree will not follow it. Showing a shown child again only updates how.
  public func didShow(_ child: RouterNode, as presentation: ScreenPresentation) {
    guard let parent else { return }
    guard child.parent === parent else {
      parent.context.diagnostics.report(
        TreeDiagnostic(
          kind: .shownWhileDetached, severity: .warning,
          message:
            "\(child.name)'s view was shown by \(parent.name) but \(child.name) is not attached "
            + "to it. Attach the child first, then show its view."))
      return
    }
    if let index = index(of: child) {
      entries[index].entry.presentation = presentation
      return
    }
    let id = ObjectIdentifier(child)
    let handler = child.whenDetached { [weak self, weak child] in
      guard let self, let child else { return }
      self.childWasDetached(child, id: id)
    }
    entries.append((id, Entry(child: child, presentation: presentation, detachHandler: handler)))
  }

  /// Whether the parent lets the user remove `child`'s view now (see
  /// ``ScreenDismissalHandling/shouldAllowUserDismissal(of:)``): its router is asked, then its
  /// interactor. `true` for a child that is not shown.
  public func shouldAllowUserRemoval(of child: RouterNode) -> Bool {
    guard index(of: child) != nil else { return true }
    return dismissalHandler?.shouldAllowUserDismissal(of: child) ?? true
  }

  /// The user started removing `child`'s view (an interactive swipe, a sheet being dragged);
  /// nothing is detached until ``userDidRemove(_:)``, and
  /// ``userCancelledRemoval(of:)`` forgets it.
  public func userBeganRemoval(of child: RouterNode) {
    if let index = index(of: child) { entries[index].entry.removalUnderway = true }
  }

  /// The user abandoned removing `child`'s view: it stays, and so does `child`.
  public func userCancelledRemoval(of child: RouterNode) {
    if let index = index(of: child) { entries[index].entry.removalUnderway = false }
  }

  /// Whether the user is removing `child`'s view right now (begun, neither finished nor
  /// cancelled).
  public func isBeingRemovedByUser(_ child: RouterNode) -> Bool {
    index(of: child).map { entries[$0].entry.removalUnderway } ?? false
  }

  /// The user removed `child`'s view: `child` is detached from the parent, then the parent is
  /// told. Called again for the same removal (platforms report some twice), for a child that is
  /// not shown or no longer attached, it does nothing — there is exactly one detach.
  public func userDidRemove(_ child: RouterNode) {
    guard let parent, index(of: child) != nil else { return }
    guard child.parent === parent else {
      forget(child)
      return
    }
    let id = ObjectIdentifier(child)
    removedByUser.insert(id)
    parent.detachChild(child)
    removedByUser.remove(id)
    forget(child)
    // The user removed this view; views its subtree still shows (a sheet it presented from a
    // hook while it was going) go with it.
    Self.removeViewsShown(below: child)
    dismissalHandler?.didDismissByUser(child)
    userRemovalRelay.send(child)
  }

  /// The user removed several views at once (a pop to the root, a long press on the back button,
  /// a SwiftUI path cut short): each child is detached, the topmost first, as ``userDidRemove(_:)``.
  public func userDidRemoveAll(_ children: [RouterNode]) {
    let order = entries.map(\.id)
    let sorted = children.sorted { first, second in
      (order.firstIndex(of: ObjectIdentifier(first)) ?? -1)
        > (order.firstIndex(of: ObjectIdentifier(second)) ?? -1)
    }
    for child in sorted { userDidRemove(child) }
  }

  /// The app removed `child`'s view itself (and will detach `child` or show it again): the
  /// tracker stops following it, so detaching it later is not reported.
  public func appDidRemove(_ child: RouterNode) {
    forget(child)
  }

  // MARK: Detaches

  /// `child` was detached from the parent (by the app, by a hook, by the user's removal).
  private func childWasDetached(_ child: RouterNode, id: ObjectIdentifier) {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
    let presentation = entries[index].entry.presentation
    entries.remove(at: index)
    if removedByUser.contains(id) { return }
    // Views the child's subtree shows (a sheet it presented, a stack it pushed on) go first.
    Self.removeViewsShown(below: child)
    if let host {
      host.removeView(of: child, shownAs: presentation)
    } else if let parent {
      parent.context.diagnostics.report(
        TreeDiagnostic(
          kind: .detachedWhileOnScreen, severity: .warning,
          message:
            "\(child.name) was detached from \(parent.name) while its view is on screen "
            + "(\(presentation.rawValue)). Remove the view too (pop, dismiss, unembed) and call "
            + "screens.appDidRemove(_:), or give \(parent.name).screens a host that removes it."))
    }
  }

  /// Removes, deepest first, the views that `router`'s detached subtree still shows.
  private static func removeViewsShown(below router: RouterNode) {
    guard let tracker = router.extras?.screenTracker else { return }
    for shown in tracker.shownChildren.reversed() {
      removeViewsShown(below: shown)
      guard let presentation = tracker.presentation(of: shown) else { continue }
      tracker.forget(shown)
      tracker.host?.removeView(of: shown, shownAs: presentation)
    }
  }

  private func forget(_ child: RouterNode) {
    guard let index = index(of: child) else { return }
    child.removeDetachHandler(entries[index].entry.detachHandler)
    entries.remove(at: index)
  }

  private func index(of child: RouterNode) -> Int? {
    let id = ObjectIdentifier(child)
    return entries.firstIndex { $0.id == id }
  }

  private var dismissalHandler: (any ScreenDismissalHandling)? {
    guard let parent else { return nil }
    return parent as? any ScreenDismissalHandling
      ?? parent.interactable as? any ScreenDismissalHandling
  }
}

extension RouterNode {
  /// This router's ``ScreenTracker``: which of its children have their view on screen, and how
  /// the tree and the screen stay in agreement. Created on first use.
  public final var screens: ScreenTracker {
    let extras = extrasCreatingIfNeeded
    if let tracker = extras.screenTracker { return tracker }
    let tracker = ScreenTracker(parent: self)
    extras.screenTracker = tracker
    return tracker
  }
}
