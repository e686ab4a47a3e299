#if canImport(AppKit) && !canImport(UIKit)
  import AppKit
  import Ribcage

  /// A RIB's view as AppKit sees it: the view controller behind it.
  extension ViewControllable {
    /// The view controller behind this view on macOS; anything that is not an
    /// `NSViewController` stops with a message that says so.
    public var nsviewController: NSViewController {
      guard let viewController = self as? NSViewController else {
        preconditionFailure(
          "\(type(of: self)) is a ViewControllable but not an NSViewController, so it cannot be "
            + "shown on AppKit. Make the RIB's view controller an NSViewController subclass (or "
            + "host a SwiftUI view in a HostingViewController).")
      }
      return viewController
    }
  }

  /// A window is where a ``LaunchRouter`` installs the root view on macOS.
  // Qualified: the conformance of an AppKit type to a Ribcage protocol is declared here, by the
  // protocol's owner.
  extension NSWindow: Ribcage.LaunchHost {
    /// Sets `rootView` as the content view controller and shows the window.
    public func install(rootView: any ViewControllable) {
      contentViewController = requireRootView(rootView, as: NSViewController.self)
      makeKeyAndOrderFront(nil)
    }
  }

  /// What the helpers below record in a router's `screens`: a child detached while its sheet or
  /// embedded view is shown has its view removed too.
  extension ViewableRouting {
    /// Presents `child`'s view as a sheet over this router's view.
    public func presentAsSheet(_ child: any ViewableRouting) {
      viewControllable.nsviewController.presentAsSheet(child.viewControllable.nsviewController)
      screens.didShow(child, as: .presented)
      AppKitScreenHost.install(on: self)
    }

    /// Dismisses `child`'s view if it is presented.
    public func dismiss(_ child: any ViewableRouting) {
      screens.appDidRemove(child)
      let presented = child.viewControllable.nsviewController
      guard presented.presentingViewController != nil else { return }
      presented.dismiss(nil)
    }

    /// Embeds `child`'s view in `container`, as a child view controller filling it.
    public func embed(_ child: any ViewableRouting, in container: NSView) {
      let parent = viewControllable.nsviewController
      let childController = child.viewControllable.nsviewController
      parent.addChild(childController)
      childController.view.frame = container.bounds
      childController.view.autoresizingMask = [.width, .height]
      container.addSubview(childController.view)
      screens.didShow(child, as: .embedded)
      AppKitScreenHost.install(on: self)
    }

    /// Removes an embedded `child`'s view from its container.
    public func unembed(_ child: any ViewableRouting) {
      screens.appDidRemove(child)
      let childController = child.viewControllable.nsviewController
      childController.view.removeFromSuperview()
      childController.removeFromParent()
    }
  }

  /// The `ScreenHost` the AppKit helpers install: removes the sheet or embedded view of a child
  /// the tree detached.
  @MainActor
  final class AppKitScreenHost: ScreenHost {
    static func install(on router: RouterNode) {
      if router.screens.host == nil { router.screens.host = AppKitScreenHost() }
    }

    func removeView(of child: RouterNode, shownAs presentation: ScreenPresentation) {
      guard let child = child as? any ViewableRouting else { return }
      let controller = child.viewControllable.nsviewController
      switch presentation {
      case .presented:
        if controller.presentingViewController != nil { controller.dismiss(nil) }
      case .embedded, .pushed:
        controller.view.removeFromSuperview()
        controller.removeFromParent()
      }
    }
  }
#endif
