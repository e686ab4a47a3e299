#if canImport(UIKit) && !os(watchOS)
  import Ribcage
  import UIKit

  /// The `ScreenHost` that `push`, `present` and `embed` install on a parent router's
  /// `screens`: it removes a child's view when the tree detached the child while it was shown —
  /// that view only, through the `UIKitTransitionQueue` — and holds the delegates that tell the
  /// parent's tracker when the user removed a view. What UIKit refuses is reported through the
  /// tracker, never dropped.
  @MainActor
  final class UIKitScreenHost: ScreenHost {
    /// The parent router. Weak: the router owns its tracker, which owns this host.
    private weak var parent: RouterNode?
    /// Each presented child's presentation-controller delegate (UIKit holds it weakly).
    private var presentationWatchers: [ObjectIdentifier: PresentationWatcher] = [:]

    private init(parent: RouterNode) {
      self.parent = parent
    }

    /// The host of `router`'s tracker, installed on first use. An app that gave the tracker a
    /// host of its own keeps it; the helpers then only record what they show.
    static func installed(on router: RouterNode) -> UIKitScreenHost? {
      let tracker = router.screens
      if let host = tracker.host { return host as? UIKitScreenHost }
      let host = UIKitScreenHost(parent: router)
      tracker.host = host
      return host
    }

    /// Watches `child`'s presentation for a sheet pulled down. A presentation controller whose
    /// delegate is the app's keeps it, and a `screenSyncUnavailable` warning says the sheet
    /// pulled down will not detach `child`.
    func watchPresentation(of child: RouterNode, controller: UIViewController) {
      guard let parent, let presentation = controller.presentationController else { return }
      if let existing = presentation.delegate, !(existing is PresentationWatcher) {
        parent.context.diagnostics.report(
          TreeDiagnostic(
            kind: .screenSyncUnavailable, severity: .warning,
            message:
              "\(child.name) was presented by \(parent.name) with a presentation controller "
              + "whose delegate is \(type(of: existing)): a sheet pulled down will not detach it. "
              + "Leave that delegate to Ribcage, or call screens.userDidRemove(_:) from yours."))
        return
      }
      presentationWatchers = presentationWatchers.filter { $0.value.isWatching }
      let watcher = PresentationWatcher(tracker: parent.screens, child: child, host: self)
      presentation.delegate = watcher
      presentationWatchers[ObjectIdentifier(child)] = watcher
    }

    func stopWatchingPresentation(of child: RouterNode) {
      let id = ObjectIdentifier(child)
      if presentationWatchers[id]?.isWatching(child) == true {
        presentationWatchers.removeValue(forKey: id)
      }
    }

    /// Whether the watcher of `child` is still the delegate of `controller`'s presentation (an
    /// app that set its own delegate afterwards replaced it).
    func isWatching(_ child: RouterNode, controller: UIViewController) -> Bool {
      guard let watcher = presentationWatchers[ObjectIdentifier(child)], watcher.isWatching(child)
      else { return false }
      return controller.presentationController?.delegate === watcher
    }

    func removeView(of child: RouterNode, shownAs presentation: ScreenPresentation) {
      guard let viewable = child as? any ViewableRouting else { return }
      let controller = viewable.viewControllable.uiviewController
      switch presentation {
      case .pushed:
        Self.removeFromStack(controller) { [weak self] reason in
          self?.parent?.screens.didFailToRemove(child, shownAs: .pushed, reason: reason)
        }
      case .presented:
        if let parent, !isWatching(child, controller: controller),
          controller.presentingViewController != nil
        {
          parent.context.diagnostics.report(
            TreeDiagnostic(
              kind: .screenSyncUnavailable, severity: .warning,
              message:
                "\(child.name)'s presentation controller delegate was replaced after "
                + "\(parent.name) presented it: a sheet pulled down would not have detached it."))
        }
        stopWatchingPresentation(of: child)
        UIKitTransitionQueue.shared.run { [weak self] done in
          Self.dismiss(controller) { reason in
            if let reason {
              self?.parent?.screens.didFailToRemove(child, shownAs: .presented, reason: reason)
            }
            done()
          }
        }
      case .embedded:
        (parent as? any ViewableRouting)?.unembed(viewable)
      }
    }

    /// Removes `controller` — and only it — from the navigation stack it is on (views above it
    /// stay: they belong to RIBs still attached), after the transitions queued before.
    /// `failed` hears why it could not be removed.
    static func removeFromStack(
      _ controller: UIViewController, animated: Bool = true,
      failed: @escaping @MainActor (String) -> Void, completion: (() -> Void)? = nil
    ) {
      UIKitTransitionQueue.shared.run { done in
        guard let navigation = controller.navigationController else {
          // Not on a stack any more: nothing shows it.
          completion?()
          done()
          return
        }
        UIKitTransitionQueue.afterTransition(of: navigation) {
          var stack = navigation.viewControllers
          guard let index = stack.firstIndex(where: { $0 === controller }) else {
            completion?()
            done()
            return
          }
          guard stack.count > 1 else {
            failed("it is the root of \(type(of: navigation)), which cannot be emptied")
            completion?()
            done()
            return
          }
          NavigationScreenDelegate.forget(controller, in: navigation)
          stack.remove(at: index)
          navigation.setViewControllers(stack, animated: animated && index == stack.count)
          if navigation.viewControllers.contains(where: { $0 === controller }) {
            failed("UIKit kept it on \(type(of: navigation)) (another transition ran)")
          }
          whenTransitionEnds(of: navigation, animated: animated) {
            completion?()
            done()
          }
        }
      }
    }

    /// Dismisses `controller` — through the controller that presents it, since `dismiss` sent
    /// to a controller that itself presents one removes only that one — with whatever it
    /// presents. `finished` gets a reason when UIKit refused.
    static func dismiss(
      _ controller: UIViewController, animated: Bool = true,
      finished: @escaping @MainActor (String?) -> Void
    ) {
      guard let presenting = controller.presentingViewController else {
        finished(nil)  // not presented any more
        return
      }
      UIKitTransitionQueue.afterTransition(of: controller) {
        var called = false
        presenting.dismiss(animated: animated) {
          called = true
          finished(nil)
        }
        if !called, !controller.isBeingDismissed, controller.presentingViewController != nil {
          finished("UIKit did not dismiss it (another transition ran)")
        }
      }
    }

    /// Calls `completion` once `navigation`'s transition has ended.
    static func whenTransitionEnds(
      of navigation: UINavigationController, animated: Bool,
      _ completion: @escaping @MainActor () -> Void
    ) {
      guard animated, let coordinator = navigation.transitionCoordinator else {
        completion()
        return
      }
      _ = coordinator.animate(alongsideTransition: nil) { _ in
        MainActor.assumeIsolated { completion() }
      }
    }
  }

  /// A presented child's `UIAdaptivePresentationControllerDelegate`: a sheet pulled down detaches
  /// the child, unless its parent refuses (then UIKit keeps the sheet up); a drag the user
  /// abandons is reported as such, so the child is not left "being removed".
  @MainActor
  final class PresentationWatcher: NSObject, UIAdaptivePresentationControllerDelegate {
    private weak var tracker: ScreenTracker?
    private weak var child: RouterNode?
    private weak var host: UIKitScreenHost?

    init(tracker: ScreenTracker, child: RouterNode, host: UIKitScreenHost) {
      self.tracker = tracker
      self.child = child
      self.host = host
    }

    /// Whether the child it watches is still alive.
    var isWatching: Bool { child != nil }

    func isWatching(_ candidate: RouterNode) -> Bool { child === candidate }

    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
      -> Bool
    {
      guard let tracker, let child else { return true }
      return tracker.shouldAllowUserRemoval(of: child)
    }

    func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
      guard let tracker, let child else { return }
      tracker.userBeganRemoval(of: child)
      // A drag let go halfway ends with no didDismiss: hear the cancellation from the
      // transition.
      guard let coordinator = presentationController.presentedViewController.transitionCoordinator
      else { return }
      coordinator.notifyWhenInteractionChanges { [weak tracker, weak child] context in
        guard context.isCancelled else { return }
        MainActor.assumeIsolated {
          if let tracker, let child { tracker.userCancelledRemoval(of: child) }
        }
      }
    }

    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
      guard let tracker, let child else { return }
      host?.stopWatchingPresentation(of: child)
      tracker.userDidRemove(child)
    }
  }

  /// A navigation controller's delegate that notices views popped by the user — the back
  /// button, the edge swipe, a long press on the back button — and detaches each pushed child
  /// through its parent's `screens`. It follows only the controllers pushed on the navigation
  /// controller that calls it, so one delegate may serve several (tabs).
  ///
  /// `push` makes one the delegate of a navigation controller that has none. An app that needs a
  /// navigation delegate of its own (custom transitions, appearance) subclasses this class and
  /// calls `super` in the two methods below; a navigation controller whose delegate is anything
  /// else keeps it, and `push` reports a `screenSyncUnavailable`
  /// warning: pops by the user would not detach anything there.
  ///
  /// ```swift
  /// final class AppNavigationDelegate: NavigationScreenDelegate {
  ///   func navigationController(
  ///     _ navigationController: UINavigationController,
  ///     animationControllerFor operation: UINavigationController.Operation,
  ///     from fromVC: UIViewController, to toVC: UIViewController
  ///   ) -> (any UIViewControllerAnimatedTransitioning)? { FadeTransition() }
  /// }
  /// ```
  @MainActor
  open class NavigationScreenDelegate: NSObject, UINavigationControllerDelegate {
    private struct Pushed {
      weak var tracker: ScreenTracker?
      weak var child: RouterNode?
      weak var pusher: RouterNode?
      weak var controller: UIViewController?
      weak var navigation: UINavigationController?
    }

    private var pushed: [Pushed] = []
    /// Itself, while it follows a pushed controller: UIKit holds a navigation controller's
    /// delegate weakly, and the one `push` made has no other owner. No registry outlives the
    /// pushes it serves; an app's own delegate is owned by the app as well.
    private var keptWhileFollowing: NavigationScreenDelegate?

    /// Creates a delegate; make it a navigation controller's delegate before pushing RIBs on it.
    public override init() {
      super.init()
    }

    /// The delegate that follows `navigation`'s pushed RIBs: its own if it is one, else a new
    /// one made its delegate; `nil` if it has a delegate of another kind.
    static func following(_ navigation: UINavigationController) -> NavigationScreenDelegate? {
      if let delegate = navigation.delegate {
        return delegate as? NavigationScreenDelegate
      }
      let delegate = NavigationScreenDelegate()
      navigation.delegate = delegate
      return delegate
    }

    /// Drops what no longer needs following (controllers and navigation controllers gone) and
    /// lets itself go when nothing is left.
    private func prune() {
      pushed.removeAll { $0.controller == nil || $0.navigation == nil }
      keptWhileFollowing = pushed.isEmpty ? nil : self
    }

    /// Stops following `controller` (the glue removes it itself).
    static func forget(_ controller: UIViewController, in navigation: UINavigationController) {
      guard let delegate = navigation.delegate as? NavigationScreenDelegate else { return }
      delegate.pushed.removeAll { $0.controller === controller }
      delegate.prune()
    }

    func follow(
      _ child: RouterNode, controller: UIViewController, pushedBy pusher: RouterNode,
      on navigation: UINavigationController
    ) {
      pushed.append(
        Pushed(
          tracker: pusher.screens, child: child, pusher: pusher, controller: controller,
          navigation: navigation))
      prune()
    }

    /// Where on `navigation` a controller for `child` goes so that it is below the screens its
    /// own subtree pushed already (a flow that pushed its first step while it activated); `nil`
    /// when there are none: on top.
    func insertionIndex(for child: RouterNode, on navigation: UINavigationController) -> Int? {
      var subtree: Set<ObjectIdentifier> = []
      var pending = [child]
      while let node = pending.popLast() {
        subtree.insert(ObjectIdentifier(node))
        pending.append(contentsOf: node.children)
      }
      let stack = navigation.viewControllers
      return
        pushed
        .filter { entry in
          entry.navigation === navigation
            && entry.pusher.map { subtree.contains(ObjectIdentifier($0)) } == true
        }
        .compactMap { entry in stack.firstIndex { $0 === entry.controller } }
        .min()
    }

    /// Marks the RIBs an interactive pop may remove; if the user lets go halfway they stay.
    /// Subclasses call `super`.
    open func navigationController(
      _ navigationController: UINavigationController, willShow viewController: UIViewController,
      animated: Bool
    ) {
      guard let coordinator = navigationController.transitionCoordinator,
        coordinator.isInteractive,
        let index = navigationController.viewControllers.firstIndex(where: {
          $0 === viewController
        })
      else { return }
      let leaving = Set(
        navigationController.viewControllers[(index + 1)...].map(ObjectIdentifier.init))
      let entries = pushed.filter { entry in
        entry.navigation === navigationController
          && entry.controller.map { leaving.contains(ObjectIdentifier($0)) } ?? false
      }
      for entry in entries { entry.child.map { entry.tracker?.userBeganRemoval(of: $0) } }
      coordinator.notifyWhenInteractionChanges { context in
        guard context.isCancelled else { return }
        MainActor.assumeIsolated {
          for entry in entries { entry.child.map { entry.tracker?.userCancelledRemoval(of: $0) } }
        }
      }
    }

    /// Detaches, through their parents' `screens`, the RIBs pushed on this navigation controller
    /// whose view is no longer on its stack: the user popped them (the glue forgets what it
    /// removes itself). The topmost first. Subclasses call `super`.
    open func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController,
      animated: Bool
    ) {
      let onStack = Set(navigationController.viewControllers.map(ObjectIdentifier.init))
      let isGone: (Pushed) -> Bool = { entry in
        entry.controller.map { !onStack.contains(ObjectIdentifier($0)) } ?? true
      }
      let gone = pushed.filter { $0.navigation === navigationController && isGone($0) }
      pushed.removeAll {
        ($0.navigation === navigationController && isGone($0)) || $0.navigation == nil
      }
      for entry in gone.reversed() {
        if let tracker = entry.tracker, let child = entry.child { tracker.userDidRemove(child) }
      }
      prune()
    }
  }
#endif
