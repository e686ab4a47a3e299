/// A view a router can hold, present and dismiss — with no UI framework in it, so business logic
/// and routing are testable anywhere.
///
/// On Apple platforms a `UIViewController` (or an `NSViewController`, or a SwiftUI host) conforms;
/// in tests and terminal apps, any class does.
///
/// ```swift
/// final class ConfirmViewController: UIViewController, ConfirmPresentable, ConfirmViewControllable {}
/// final class ConfirmTerminalView: ConfirmPresentable, ConfirmViewControllable {}
/// ```
@MainActor
public protocol ViewControllable: AnyObject {}

/// Where a launch router installs the root view: a window, a scene, a terminal screen.
@MainActor
public protocol LaunchHost: AnyObject {
  /// Makes `rootView` the visible root.
  func install(rootView: any ViewControllable)
}

#if canImport(UIKit) && !os(watchOS)
  import UIKit

  extension ViewControllable where Self: UIViewController {
    /// The view controller, for presenting from a router.
    public var uiviewController: UIViewController { self }
  }

  extension UIWindow: LaunchHost {
    /// Sets `rootView` (a `UIViewController`) as the root view controller and shows the window.
    public func install(rootView: any ViewControllable) {
      rootViewController = rootView as? UIViewController
      makeKeyAndVisible()
    }
  }
#endif
