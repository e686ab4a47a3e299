#if canImport(UIKit) && !os(watchOS)
  import Ribcage
  import UIKit

  /// A RIB's view as UIKit sees it: the view controller behind it.
  extension ViewControllable {
    /// The view controller behind this view — the most common line in uber-style router code:
    ///
    /// ```swift
    /// viewController.uiviewController.present(
    ///   child.viewControllable.uiviewController, animated: true)
    /// ```
    ///
    /// Every `ViewControllable` on UIKit platforms is expected to be a `UIViewController` (or a
    /// `HostingViewController` from `RibcageSwiftUI`); anything else stops with a message that
    /// says so.
    public var uiviewController: UIViewController {
      guard let viewController = self as? UIViewController else {
        preconditionFailure(
          "\(type(of: self)) is a ViewControllable but not a UIViewController, so it cannot be "
            + "shown on UIKit. Make the RIB's view controller a UIViewController subclass (or "
            + "host a SwiftUI view in a HostingViewController).")
      }
      return viewController
    }
  }
#endif
