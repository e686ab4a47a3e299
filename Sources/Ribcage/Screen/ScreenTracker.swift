/// Keeps a parent RIB's tree and the screen in agreement about its children: which of them have
/// their view on screen, how, and who shows it.
///
/// uber/RIBs leaves this to every app ("implement it yourself"), and apps get it wrong both ways:
/// the user swipes back and UIKit removes the view, but the RIB stays attached and keeps running;
/// or the app detaches a RIB whose view it forgot to remove. A parent's tracker —
/// ``RouterNode/screens`` — is told when a child's view is shown and when the user removed it, and
/// sees every detach:
///
/// - **The tree follows the screen.** ``userDidRemove(_:)`` detaches the child — exactly once,
///   whatever order the platform's callbacks come in, even when one arrives again from inside
///   the detach — and then tells the parent (``ScreenDismissalHandling``, ``userRemovals``). A
///   removal the user starts and abandons (an interactive swipe cancelled halfway) detaches
///   nothing.
/// - **The screen follows the tree.** Detaching any RIB — shown or not: a viewless `LoggedIn` —
///   removes every view its subtree shows, deepest first, each through the ``ScreenHost`` that
///   showed it, and nothing else (a sibling pushed above stays). A view the user is swiping away
///   right now is removed when the gesture ends, not under the user's finger. With no host (an
///   app that moves views by hand) a ``TreeDiagnostic/Kind/detachedWhileOnScreen`` diagnostic
///   names the RIB at once, instead of a leak report a second later. A root released while
///   active takes its subtree's views with it.
/// - **Nothing is silent.** A host that could not show or remove a view says so
///   (``didFailToShow(_:as:reason:)``, ``didFailToRemove(_:shownAs:reason:)``), and the tree's
///   diagnostics — and a session recorder — hear it.
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
  /// Where a shown child's view is in its life.
  private enum State {
    /// On screen.
    case shown
    /// The user is removing it (an interactive swipe, a sheet being dragged).
    case userGestureUnderway
    /// The user removed it; its child's detach is under way.
    case removedByUser
  }

  /// A child whose view is on screen.
  private struct Entry {
    let id: ObjectIdentifier
    weak var child: RouterNode?
    var presentation: ScreenPresentation
    /// The host that showed it; `nil`: the tracker's ``ScreenTracker/host``.
    var host: (any ScreenHost)?
    let detachHandler: UInt64
    var state = State.shown
  }

  /// A detach handler this tracker keeps on its parent or one of the parent's ancestors.
  private struct AncestorWatch {
    weak var node: RouterNode?
    let handler: UInt64
  }

  /// The parent whose children this tracker follows. Weak: the parent owns its tracker.
  private weak var parent: RouterNode?
  /// Shown children, in the order they were shown (the last is on top).
  private var entries: [Entry] = []
  /// Children the tree detached while the user was swiping their view away: their view is
  /// removed when the gesture is cancelled, forgotten when it completes. Held strongly until
  /// then — the only way the host can still be asked to remove the view — and released as the
  /// gesture ends (a gesture longer than the leak detector's grace period is reported).
  private var awaitingGestureEnd: [(child: RouterNode, entry: Entry)] = []
  /// Handlers on the parent and each of its ancestors, kept while a view is shown: detaching any
  /// of them (or releasing the root while active) takes this tracker's views off the screen.
  private var ancestorWatches: [AncestorWatch] = []
  private let userRemovalRelay = EventRelay<RouterNode>()

  /// Removes the view of a child the tree detached while it was shown, for children shown
  /// without a host of their own (``didShow(_:as:on:)``). `nil`: views are moved by hand, and
  /// such a detach is reported as a diagnostic. Held strongly (the glue that installs a host
  /// usually keeps no other reference to it), so a host refers to routers weakly.
  public var host: (any ScreenHost)?

  init(parent: RouterNode) {
    self.parent = parent
  }

  /// The parent is gone while the user is still swiping away the view of a child it had
  /// detached: nothing would hear the gesture end, so the view's host is asked now (a host that
  /// queues its transitions, as the platform glue does, removes it once the gesture is over).
  isolated deinit {
    for (child, entry) in awaitingGestureEnd { removeView(of: entry, child: child) }
  }

  /// Every child the user removed (after it was detached), in order.
  public var userRemovals: EventStream<RouterNode> { userRemovalRelay.stream }

  /// The children whose view is on screen, in the order they were shown (the last on top).
  public var shownChildren: [RouterNode] { entries.compactMap(\.child) }

  /// How `child`'s view is shown, or `nil` if it is not.
  public func presentation(of child: RouterNode) -> ScreenPresentation? {
    index(of: child).map { entries[$0].presentation }
  }

  /// Records that `child`'s view is now on screen, shown as `presentation` by `host` (by
  /// default the tracker's ``host``). `child` must be attached to this tracker's parent (attach
  /// first, then show: its interactor is active when its view appears); otherwise nothing is
  /// recorded and a warning says so — the view is shown, but the tree will not follow it.
  /// Showing a shown child again only updates how (and by whom).
  ///
  /// Give each host its own say: two tabs' navigation stacks, or a navigation model rebuilt
  /// for the same parent, each remove only the views they showed.
  public func didShow(
    _ child: RouterNode, as presentation: ScreenPresentation, on host: (any ScreenHost)? = nil
  ) {
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
      entries[index].presentation = presentation
      if let host { entries[index].host = host }
      return
    }
    let id = ObjectIdentifier(child)
    let handler = child.whenDetached { [weak self, weak child] in
      guard let self, let child else { return }
      self.childWasDetached(child, id: id)
    }
    entries.append(
      Entry(id: id, child: child, presentation: presentation, host: host, detachHandler: handler))
    watchAncestors(of: parent)
  }

  /// Whether the parent lets the user remove `child`'s view now (see
  /// ``ScreenDismissalHandling/shouldAllowUserDismissal(of:)``): its router is asked, then its
  /// interactor. `true` for a child that is not shown.
  public func shouldAllowUserRemoval(of child: RouterNode) -> Bool {
    guard index(of: child) != nil else { return true }
    return dismissalHandler?.shouldAllowUserDismissal(of: child) ?? true
  }

  /// Tells the hosts of this parent's shown children that the parent's answer to
  /// ``shouldAllowUserRemoval(of:)`` may have changed. Call it when the state it depends on
  /// changes: a host that cannot ask at the moment of the gesture (SwiftUI's
  /// `interactiveDismissDisabled`, read when a view is drawn) draws again.
  public func userDismissalPolicyDidChange() {
    guard let parent else { return }
    var told: [ObjectIdentifier] = []
    for entry in entries {
      guard let host = entry.host ?? host else { continue }
      let id = ObjectIdentifier(host)
      if told.contains(id) { continue }
      told.append(id)
      host.userDismissalPolicyDidChange(for: parent)
    }
  }

  /// The user started removing `child`'s view (an interactive swipe, a sheet being dragged);
  /// nothing is detached until ``userDidRemove(_:)``, and ``userCancelledRemoval(of:)``
  /// forgets it. A detach meanwhile leaves the view to the gesture until it ends.
  public func userBeganRemoval(of child: RouterNode) {
    if let index = index(of: child), entries[index].state == .shown {
      entries[index].state = .userGestureUnderway
    }
  }

  /// The user abandoned removing `child`'s view: it stays, and so does `child` — unless the tree
  /// detached `child` during the gesture: its view is removed now.
  public func userCancelledRemoval(of child: RouterNode) {
    if let index = awaitingGestureEnd.firstIndex(where: { $0.child === child }) {
      let entry = awaitingGestureEnd.remove(at: index).entry
      removeView(of: entry, child: child)
      return
    }
    if let index = index(of: child), entries[index].state == .userGestureUnderway {
      entries[index].state = .shown
    }
  }

  /// Whether the user is removing `child`'s view right now (begun, neither finished nor
  /// cancelled).
  public func isBeingRemovedByUser(_ child: RouterNode) -> Bool {
    if awaitingGestureEnd.contains(where: { $0.child === child }) { return true }
    return index(of: child).map { entries[$0].state == .userGestureUnderway } ?? false
  }

  /// The user removed `child`'s view: `child` is detached from the parent, then the parent is
  /// told. Called again for the same removal (platforms report some twice, some from inside the
  /// detach they caused), for a child that is not shown or no longer attached, or for one the
  /// app detached first, it does nothing more — there is exactly one detach, and the parent is
  /// told once, after it.
  public func userDidRemove(_ child: RouterNode) {
    if let index = awaitingGestureEnd.firstIndex(where: { $0.child === child }) {
      // The app detached it during the gesture; the gesture removed the view.
      awaitingGestureEnd.remove(at: index)
      return
    }
    guard let parent, let index = index(of: child), entries[index].state != .removedByUser
    else { return }
    guard child.parent === parent else {
      forget(child)
      return
    }
    entries[index].state = .removedByUser
    parent.detachChild(child)
    // A detach already under way (the app's) finishes on its own: the user did not cause it.
    guard child.parent !== parent else { return }
    forget(child)
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
    awaitingGestureEnd.removeAll { $0.child === child }
    forget(child)
  }

  // MARK: Failures

  /// The host could not show `child`'s view as `presentation` (UIKit refused a `present` while
  /// another transition ran, a push was dropped): the tracker stops following it, and a
  /// ``TreeDiagnostic/Kind/screenShowFailed`` warning says so. `child` stays attached — whether
  /// to try again or detach is the app's call — and the diagnostic says that too.
  public func didFailToShow(
    _ child: RouterNode, as presentation: ScreenPresentation, reason: String
  ) {
    forget(child)
    guard let parent else { return }
    parent.context.diagnostics.report(
      TreeDiagnostic(
        kind: .screenShowFailed, severity: .warning,
        message:
          "\(child.name)'s view could not be shown (\(presentation.rawValue)) by \(parent.name): "
          + "\(reason). \(child.name) is still attached, with no view: show it again or detach "
          + "it."))
  }

  /// The host could not remove `child`'s view, shown as `presentation`, after the tree detached
  /// `child` (UIKit ignored a `dismiss` during another transition, a controller was not where it
  /// was shown): a ``TreeDiagnostic/Kind/screenRemovalFailed`` warning names the view left on
  /// screen.
  public func didFailToRemove(
    _ child: RouterNode, shownAs presentation: ScreenPresentation, reason: String
  ) {
    let parentName = parent?.name ?? "its former parent"
    let diagnostics = (parent ?? child).context.diagnostics
    diagnostics.report(
      TreeDiagnostic(
        kind: .screenRemovalFailed, severity: .warning,
        message:
          "\(child.name)'s view (\(presentation.rawValue) by \(parentName)) could not be "
          + "removed: \(reason). \(child.name) is detached; its view is still on screen."))
  }

  // MARK: Detaches

  /// `child` was detached from the parent (by the app, by a hook, by the user's removal): the
  /// views its subtree shows go first, then its own.
  private func childWasDetached(_ child: RouterNode, id: ObjectIdentifier) {
    guard entries.contains(where: { $0.id == id }) else { return }
    Self.removeViews(shownIn: child)
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
    let entry = entries.remove(at: index)
    switch entry.state {
    case .removedByUser: break
    case .userGestureUnderway: awaitingGestureEnd.append((child, entry))
    case .shown: removeView(of: entry, child: child)
    }
    stopWatchingAncestorsIfIdle()
  }

  /// The parent or one of its ancestors was detached (or the root released while active): the
  /// views of the whole detached subtree go, deepest first.
  private func ancestorWasDetached() {
    guard let parent else {
      // The parent is gone (a root released while active): its children's subtrees are not.
      removeEveryView()
      return
    }
    var top = parent
    while let above = top.parent { top = above }
    Self.removeViews(shownIn: top)
  }

  /// Removes, deepest first, the views that `top`'s subtree shows (not `top`'s own).
  static func removeViews(shownIn top: RouterNode) {
    var order: [RouterNode] = []
    var pending = [top]
    while let node = pending.popLast() {
      order.append(node)
      pending.append(contentsOf: node.childNodes)
    }
    for node in order.reversed() {
      guard let tracker = node.extras?.screenTracker, !tracker.entries.isEmpty else { continue }
      tracker.removeEveryView()
    }
  }

  /// Removes every view this tracker follows, the topmost first, after the views their subtrees
  /// show.
  private func removeEveryView() {
    while let entry = entries.last {
      if let child = entry.child { Self.removeViews(shownIn: child) }
      guard let index = entries.lastIndex(where: { $0.id == entry.id }) else { continue }
      entries.remove(at: index)
      entry.child?.removeDetachHandler(entry.detachHandler)
      switch entry.state {
      case .removedByUser: break
      case .userGestureUnderway:
        if let child = entry.child { awaitingGestureEnd.append((child, entry)) }
      case .shown: if let child = entry.child { removeView(of: entry, child: child) }
      }
    }
    stopWatchingAncestorsIfIdle()
  }

  /// Asks `entry`'s host to remove `child`'s view, or reports that nothing will.
  private func removeView(of entry: Entry, child: RouterNode) {
    if let host = entry.host ?? host {
      host.removeView(of: child, shownAs: entry.presentation)
      return
    }
    let parentName = parent?.name ?? "its former parent"
    (parent ?? child).context.diagnostics.report(
      TreeDiagnostic(
        kind: .detachedWhileOnScreen, severity: .warning,
        message:
          "\(child.name) was detached from \(parentName) while its view is on screen "
          + "(\(entry.presentation.rawValue)). Remove the view too (pop, dismiss, unembed) and "
          + "call screens.appDidRemove(_:), or give \(parentName).screens a host that removes "
          + "it."))
  }

  // MARK: Watching ancestors

  /// Keeps a detach handler on `parent` and each ancestor, so that a detach anywhere above
  /// (a viewless RIB, the root released) reaches the views this tracker follows.
  private func watchAncestors(of parent: RouterNode) {
    var chain: [RouterNode] = []
    var node: RouterNode? = parent
    while let current = node {
      chain.append(current)
      node = current.parent
    }
    if chain.count == ancestorWatches.count,
      zip(chain, ancestorWatches).allSatisfy({ $0 === $1.node })
    {
      return
    }
    stopWatchingAncestors()
    ancestorWatches = chain.map { ancestor in
      AncestorWatch(
        node: ancestor,
        handler: ancestor.whenDetached { [weak self] in self?.ancestorWasDetached() })
    }
  }

  private func stopWatchingAncestorsIfIdle() {
    if entries.isEmpty { stopWatchingAncestors() }
  }

  private func stopWatchingAncestors() {
    for watch in ancestorWatches { watch.node?.removeDetachHandler(watch.handler) }
    ancestorWatches.removeAll()
  }

  private func forget(_ child: RouterNode) {
    guard let index = index(of: child) else { return }
    child.removeDetachHandler(entries[index].detachHandler)
    entries.remove(at: index)
    stopWatchingAncestorsIfIdle()
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
