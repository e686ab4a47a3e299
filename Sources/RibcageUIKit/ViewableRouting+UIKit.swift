#if canImport(UIKit) && !os(watchOS)
  import Ribcage
  import UIKit

  /// The presentation code every uber-style app writes by hand in its routers, once. Each helper
  /// only moves views: attach the child first (so its interactor is active when its view shows),
  /// detach it after dismissing.
  ///
  /// ```swift
  /// func routeToPayment() {
  ///   let payment = paymentBuilder.build(withListener: interactor)
  ///   attachChild(payment)
  ///   present(payment)
  /// }
  ///
  /// func dismissPayment(_ payment: any ViewableRouting) {
  ///   dismiss(payment) { [weak self] in self?.detachChild(payment) }
  /// }
  /// ```
  extension ViewableRouting {
    /// Presents `child`'s view modally over this router's view.
    public func present(
      _ child: any ViewableRouting, animated: Bool = true, completion: (() -> Void)? = nil
    ) {
      viewControllable.uiviewController.present(
        child.viewControllable.uiviewController, animated: animated, completion: completion)
    }

    /// Dismisses `child`'s view if this router's view presented it; calls `completion` either way.
    public func dismiss(
      _ child: any ViewableRouting, animated: Bool = true, completion: (() -> Void)? = nil
    ) {
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
      navigation.pushViewController(child.viewControllable.uiviewController, animated: animated)
      Self.whenTransitionEnds(of: navigation, animated: animated, completion)
    }

    /// Pops `child`'s view (and any view above it) off the navigation stack.
    public func pop(
      _ child: any ViewableRouting, animated: Bool = true, completion: (() -> Void)? = nil
    ) {
      let navigation = navigationController
      let childController = child.viewControllable.uiviewController
      guard let index = navigation.viewControllers.firstIndex(where: { $0 === childController }),
        index > 0
      else {
        completion?()
        return
      }
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
    }

    /// Removes an embedded `child`'s view from its container.
    public func unembed(_ child: any ViewableRouting) {
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
