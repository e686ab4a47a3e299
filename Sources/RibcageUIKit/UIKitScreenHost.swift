#if canImport(UIKit) && !os(watchOS)
  import Ribcage
  import UIKit

  /// The `ScreenHost` that `push`, `present` and `embed` install on a parent router's
  /// `screens`: it removes a child's view when the tree detached the child while it was shown,
  /// and holds the delegates that tell the parent's tracker when the user removed a view.
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

    /// Watches `child`'s presentation for a sheet pulled down.
    func watchPresentation(of child: RouterNode, controller: UIViewController) {
      guard let parent, let presentation = controller.presentationController else { return }
      let watcher = PresentationWatcher(tracker: parent.screens, child: child)
      presentation.delegate = watcher
      presentationWatchers[ObjectIdentifier(child)] = watcher
    }

    func stopWatchingPresentation(of child: RouterNode) {
      presentationWatchers.removeValue(forKey: ObjectIdentifier(child))
    }

    func removeView(of child: RouterNode, shownAs presentation: ScreenPresentation) {
      guard let child = child as? any ViewableRouting else { return }
      let controller = child.viewControllable.uiviewController
      switch presentation {
      case .pushed:
        guard let navigation = controller.navigationController,
          let index = navigation.viewControllers.firstIndex(where: { $0 === controller })
        else { return }
        NavigationScreenDelegate.forget(controllersFrom: index, in: navigation)
        if index > 0 {
          navigation.popToViewController(navigation.viewControllers[index - 1], animated: true)
        }
      case .presented:
        // The helpers the app would call: the tracker already forgot the child.
        (parent as? any ViewableRouting)?.dismiss(child)
      case .embedded:
        (parent as? any ViewableRouting)?.unembed(child)
      }
    }
  }

  /// A presented child's `UIAdaptivePresentationControllerDelegate`: a sheet pulled down detaches
  /// the child, unless its parent refuses (then UIKit keeps the sheet up).
  @MainActor
  final class PresentationWatcher: NSObject, UIAdaptivePresentationControllerDelegate {
    private weak var tracker: ScreenTracker?
    private weak var child: RouterNode?

    init(tracker: ScreenTracker, child: RouterNode) {
      self.tracker = tracker
      self.child = child
    }

    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
      -> Bool
    {
      guard let tracker, let child else { return true }
      return tracker.shouldAllowUserRemoval(of: child)
    }

    func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
      guard let tracker, let child else { return }
      tracker.userBeganRemoval(of: child)
    }

    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
      guard let tracker, let child else { return }
      tracker.userDidRemove(child)
    }
  }

  /// A navigation controller's delegate that notices views popped by the user — the back
  /// button, the edge swipe, a long press on the back button — and detaches each pushed child
  /// through its parent's `screens`. One per navigation controller, shared by every router that
  /// pushes on it.
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
      weak var controller: UIViewController?
    }

    /// The delegates `push` created (a navigation controller holds its delegate weakly).
    private static var created: [ObjectIdentifier: NavigationScreenDelegate] = [:]

    private var pushed: [Pushed] = []

    /// Creates a delegate; make it a navigation controller's delegate before pushing RIBs on it.
    public override init() {
      super.init()
    }

    /// The delegate that follows `navigation`'s pushed RIBs: its own if it is one, else a new
    /// one made its delegate; `nil` if it has a delegate of another kind.
    static func following(_ navigation: UINavigationController) -> NavigationScreenDelegate? {
      created = created.filter { $0.value.isInUse }
      if let delegate = navigation.delegate {
        return delegate as? NavigationScreenDelegate
      }
      let delegate = NavigationScreenDelegate()
      created[ObjectIdentifier(navigation)] = delegate
      navigation.delegate = delegate
      return delegate
    }

    private var isInUse: Bool { pushed.contains { $0.controller != nil } }

    /// Stops following the controllers at `index` and above (the app pops them itself).
    static func forget(controllersFrom index: Int, in navigation: UINavigationController) {
      guard let delegate = navigation.delegate as? NavigationScreenDelegate else { return }
      let leaving = Set(navigation.viewControllers[index...].map(ObjectIdentifier.init))
      for entry in delegate.pushed {
        guard let controller = entry.controller, leaving.contains(ObjectIdentifier(controller))
        else { continue }
        if let child = entry.child { entry.tracker?.appDidRemove(child) }
      }
      delegate.pushed.removeAll { entry in
        entry.controller.map { leaving.contains(ObjectIdentifier($0)) } ?? true
      }
    }

    func follow(_ child: RouterNode, controller: UIViewController, tracker: ScreenTracker) {
      pushed.append(Pushed(tracker: tracker, child: child, controller: controller))
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
        entry.controller.map { leaving.contains(ObjectIdentifier($0)) } ?? false
      }
      for entry in entries { entry.child.map { entry.tracker?.userBeganRemoval(of: $0) } }
      coordinator.notifyWhenInteractionChanges { context in
        guard context.isCancelled else { return }
        MainActor.assumeIsolated {
          for entry in entries { entry.child.map { entry.tracker?.userCancelledRemoval(of: $0) } }
        }
      }
    }

    /// Detaches, through their parents' `screens`, the pushed RIBs whose view is no longer on
    /// the stack: the user popped them (the app's own pops were forgotten before). The topmost
    /// first. Subclasses call `super`.
    open func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController,
      animated: Bool
    ) {
      let onStack = Set(navigationController.viewControllers.map(ObjectIdentifier.init))
      let gone = pushed.filter { entry in
        entry.controller.map { !onStack.contains(ObjectIdentifier($0)) } ?? true
      }
      pushed.removeAll { entry in
        entry.controller.map { !onStack.contains(ObjectIdentifier($0)) } ?? true
      }
      for entry in gone.reversed() {
        if let tracker = entry.tracker, let child = entry.child { tracker.userDidRemove(child) }
      }
    }
  }
#endif
