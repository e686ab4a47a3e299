#if canImport(UIKit) && !os(watchOS)
  import Ribcage
  import UIKit

  /// The presentation code every uber-style app writes by hand in its routers, once. Attach the
  /// child first (so its interactor is active when its view shows), then show it; the helpers
  /// record what they show in the router's `screens`, so the tree and the screen never disagree:
  ///
  /// - the user removes a view (back button, edge swipe, pop to root, a sheet pulled down): the
  ///   child is detached, once, and the router or interactor hears it (`ScreenDismissalHandling`);
  /// - the app detaches a child whose view is still shown — or any RIB above it, viewless or
  ///   not: its view is removed (only its own: a sibling pushed above it stays), dismissed or
  ///   unembedded.
  ///
  /// Every push, present, pop and dismiss waits for the transition before it
  /// (`UIKitTransitionQueue`: UIKit refuses a second one), so a deep link may push three
  /// screens and a detach remove a subtree's views in one turn. Showing a RIB already shown (a
  /// double tap) does nothing more. What UIKit refuses anyway is reported as a
  /// `screenShowFailed` or `screenRemovalFailed` diagnostic, naming the RIB.
  ///
  /// ```swift
  /// func routeToPayment() {
  ///   let payment = paymentBuilder.build(withListener: interactor)
  ///   attachChild(payment)
  ///   present(payment)
  /// }
  ///
  /// func routeAwayFromPayment(_ payment: any ViewableRouting) {
  ///   detachChild(payment)  // its sheet is dismissed with it
  /// }
  /// ```
  extension ViewableRouting {
    /// Presents `child`'s view modally over this router's view, after the transitions queued
    /// before. If UIKit refuses (this view presents another already, or is not in a window), a
    /// `screenShowFailed` warning says so and `child` stays attached with no view.
    public func present(
      _ child: any ViewableRouting, animated: Bool = true, completion: (() -> Void)? = nil
    ) {
      guard screens.presentation(of: child) == nil else {
        completion?()  // shown already: a double tap
        return
      }
      let controller = child.viewControllable.uiviewController
      let presenter = viewControllable.uiviewController
      screens.didShow(child, as: .presented)
      let host = UIKitScreenHost.installed(on: self)
      UIKitTransitionQueue.shared.run { [weak self, weak child] done in
        // Detached before its turn: nothing to present.
        guard let self, let child, self.screens.presentation(of: child) != nil else {
          completion?()
          done()
          return
        }
        UIKitTransitionQueue.afterTransition(of: presenter) {
          presenter.present(controller, animated: animated) {
            completion?()
            done()
          }
          guard controller.presentingViewController != nil else {
            let reason =
              presenter.presentedViewController.map {
                "\(type(of: presenter)) presents \(type(of: $0)) already"
              } ?? "UIKit refused to present it from \(type(of: presenter))"
            self.screens.didFailToShow(child, as: .presented, reason: reason)
            completion?()
            done()
            return
          }
          host?.watchPresentation(of: child, controller: controller)
        }
      }
    }

    /// Dismisses `child`'s view (and whatever it presents) if it is presented; calls
    /// `completion` either way. Detaching `child` afterwards is up to the caller (detaching it
    /// alone dismisses it too).
    public func dismiss(
      _ child: any ViewableRouting, animated: Bool = true, completion: (() -> Void)? = nil
    ) {
      screens.appDidRemove(child)
      UIKitScreenHost.installed(on: self)?.stopWatchingPresentation(of: child)
      let presented = child.viewControllable.uiviewController
      UIKitTransitionQueue.shared.run { [weak self, weak child] done in
        UIKitScreenHost.dismiss(presented, animated: animated) { reason in
          if let reason, let self, let child {
            self.screens.didFailToRemove(child, shownAs: .presented, reason: reason)
          }
          completion?()
          done()
        }
      }
    }

    /// Pushes `child`'s view on the navigation controller this router's view is in (or is),
    /// after the transitions queued before — below the views `child`'s own subtree pushed
    /// meanwhile (a flow that pushes its first step while it activates). Without a navigation
    /// controller, stops with a message: pushing would silently do nothing.
    public func push(
      _ child: any ViewableRouting, animated: Bool = true, completion: (() -> Void)? = nil
    ) {
      guard screens.presentation(of: child) == nil else {
        completion?()  // shown already: a double tap
        return
      }
      let navigation = navigationController
      let controller = child.viewControllable.uiviewController
      screens.didShow(child, as: .pushed)
      _ = UIKitScreenHost.installed(on: self)
      let delegate = NavigationScreenDelegate.following(navigation)
      if delegate == nil {
        context.diagnostics.report(
          TreeDiagnostic(
            kind: .screenSyncUnavailable, severity: .warning,
            message:
              "\(child.name) was pushed on a UINavigationController whose delegate is "
              + "\(type(of: navigation.delegate!)): a pop by the user will not detach it. Make "
              + "that delegate a subclass of NavigationScreenDelegate (calling super)."))
      }
      UIKitTransitionQueue.shared.run { [weak self, weak child] done in
        guard let self, let child, self.screens.presentation(of: child) != nil else {
          completion?()
          done()
          return
        }
        UIKitTransitionQueue.afterTransition(of: navigation) {
          if let index = delegate?.insertionIndex(for: child, on: navigation) {
            var stack = navigation.viewControllers
            stack.insert(controller, at: index)
            navigation.setViewControllers(stack, animated: false)
          } else {
            navigation.pushViewController(controller, animated: animated)
          }
          // A push UIKit dropped is a failure, not the user going back.
          guard navigation.viewControllers.contains(where: { $0 === controller }) else {
            self.screens.didFailToShow(
              child, as: .pushed, reason: "UIKit did not push it on \(type(of: navigation))")
            completion?()
            done()
            return
          }
          delegate?.follow(child, controller: controller, pushedBy: self, on: navigation)
          UIKitScreenHost.whenTransitionEnds(of: navigation, animated: animated) {
            completion?()
            done()
          }
        }
      }
    }

    /// Removes `child`'s view from the navigation stack, after the transitions queued before;
    /// views above it stay (they belong to RIBs still attached; detach them to remove theirs).
    public func pop(
      _ child: any ViewableRouting, animated: Bool = true, completion: (() -> Void)? = nil
    ) {
      screens.appDidRemove(child)
      UIKitScreenHost.removeFromStack(
        child.viewControllable.uiviewController, animated: animated,
        failed: { [weak self, weak child] reason in
          guard let self, let child else { return }
          self.screens.didFailToRemove(child, shownAs: .pushed, reason: reason)
        }, completion: completion)
    }

    /// Embeds `child`'s view in `container` (a view of this router's view controller), as a
    /// child view controller filling it. Not a transition: done at once.
    public func embed(_ child: any ViewableRouting, in container: UIView) {
      guard screens.presentation(of: child) == nil else { return }
      let parent = viewControllable.uiviewController
      let childController = child.viewControllable.uiviewController
      parent.addChild(childController)
      childController.view.frame = container.bounds
      childController.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      container.addSubview(childController.view)
      childController.didMove(toParent: parent)
      screens.didShow(child, as: .embedded)
      _ = UIKitScreenHost.installed(on: self)
    }

    /// Removes an embedded `child`'s view from its container.
    public func unembed(_ child: any ViewableRouting) {
      screens.appDidRemove(child)
      let childController = child.viewControllable.uiviewController
      childController.willMove(toParent: nil)
      childController.view.removeFromSuperview()
      childController.removeFromParent()
    }

    private var navigationController: UINavigationController {
      let controller = viewControllable.uiviewController
      if let navigation = controller as? UINavigationController { return navigation }
      guard let navigation = controller.navigationController else {
        preconditionFailure(
          "\(type(of: controller)) is not in a UINavigationController, so nothing can be pushed "
            + "on it. Embed the router's view in a navigation controller first.")
      }
      return navigation
    }
  }
#endif
