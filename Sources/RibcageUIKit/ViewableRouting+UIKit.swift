#if canImport(UIKit) && !os(watchOS)
  import Ribcage
  import UIKit

  /// The presentation code every uber-style app writes by hand in its routers, once. Attach the
  /// child first (so its interactor is active when its view shows), then show it; the helpers
  /// record what they show in the router's `screens`, so the tree and the screen never disagree:
  ///
  /// - the user removes a view (back button, edge swipe, pop to root, a sheet pulled down): the
  ///   child is detached, once, and the router or interactor hears it (`ScreenDismissalHandling`);
  /// - the app detaches a child whose view is still shown: its view is popped, dismissed or
  ///   unembedded.
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
    /// Presents `child`'s view modally over this router's view.
    public func present(
      _ child: any ViewableRouting, animated: Bool = true, completion: (() -> Void)? = nil
    ) {
      let controller = child.viewControllable.uiviewController
      viewControllable.uiviewController.present(
        controller, animated: animated, completion: completion)
      screens.didShow(child, as: .presented)
      UIKitScreenHost.installed(on: self)?.watchPresentation(of: child, controller: controller)
    }

    /// Dismisses `child`'s view if this router's view presented it; calls `completion` either way.
    /// Detaching `child` afterwards is up to the caller (detaching it alone dismisses it too).
    public func dismiss(
      _ child: any ViewableRouting, animated: Bool = true, completion: (() -> Void)? = nil
    ) {
      screens.appDidRemove(child)
      UIKitScreenHost.installed(on: self)?.stopWatchingPresentation(of: child)
      let presented = child.viewControllable.uiviewController
      guard presented.presentingViewController != nil else {
        completion?()
        return
      }
      presented.dismiss(animated: animated, completion: completion)
    }

    /// Pushes `child`'s view on the navigation controller this router's view is in (or is).
    /// Without a navigation controller, stops with a message: pushing would silently do nothing.
    public func push(
      _ child: any ViewableRouting, animated: Bool = true, completion: (() -> Void)? = nil
    ) {
      let navigation = navigationController
      let controller = child.viewControllable.uiviewController
      navigation.pushViewController(controller, animated: animated)
      screens.didShow(child, as: .pushed)
      _ = UIKitScreenHost.installed(on: self)
      if let delegate = NavigationScreenDelegate.following(navigation) {
        delegate.follow(child, controller: controller, tracker: screens)
      } else {
        context.diagnostics.report(
          TreeDiagnostic(
            kind: .screenSyncUnavailable, severity: .warning,
            message:
              "\(child.name) was pushed on a UINavigationController whose delegate is "
              + "\(type(of: navigation.delegate!)): a pop by the user will not detach it. Make "
              + "that delegate a subclass of NavigationScreenDelegate (calling super)."))
      }
      Self.whenTransitionEnds(of: navigation, animated: animated, completion)
    }

    /// Pops `child`'s view (and any view above it) off the navigation stack.
    public func pop(
      _ child: any ViewableRouting, animated: Bool = true, completion: (() -> Void)? = nil
    ) {
      let navigation = navigationController
      let childController = child.viewControllable.uiviewController
      screens.appDidRemove(child)
      guard let index = navigation.viewControllers.firstIndex(where: { $0 === childController }),
        index > 0
      else {
        completion?()
        return
      }
      NavigationScreenDelegate.forget(controllersFrom: index, in: navigation)
      navigation.popToViewController(navigation.viewControllers[index - 1], animated: animated)
      Self.whenTransitionEnds(of: navigation, animated: animated, completion)
    }

    /// Embeds `child`'s view in `container` (a view of this router's view controller), as a
    /// child view controller filling it.
    public func embed(_ child: any ViewableRouting, in container: UIView) {
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

    private static func whenTransitionEnds(
      of navigation: UINavigationController, animated: Bool, _ completion: (() -> Void)?
    ) {
      guard let completion else { return }
      guard animated, let coordinator = navigation.transitionCoordinator else {
        completion()
        return
      }
      _ = coordinator.animate(alongsideTransition: nil) { _ in completion() }
    }
  }
#endif
