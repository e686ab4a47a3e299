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
    /// `HostingViewController` from `RibcageSwiftUI`), or a ``WrappingViewControllable`` that
    /// names the view controller it wraps; anything else stops with a message that says so.
    public var uiviewController: UIViewController {
      if let wrapper = self as? any WrappingViewControllable {
        return wrapper.wrappedViewController
      }
      guard let viewController = self as? UIViewController else {
        preconditionFailure(
          "\(type(of: self)) is a ViewControllable but not a UIViewController, so it cannot be "
            + "shown on UIKit. Make the RIB's view controller a UIViewController subclass (or "
            + "host a SwiftUI view in a HostingViewController), or conform the wrapper to "
            + "WrappingViewControllable.")
      }
      return viewController
    }
  }

  /// A `ViewControllable` that is not a view controller but wraps one — uber-style apps'
  /// `NavigationControllable`, which holds a `UINavigationController` around a RIB's view.
  ///
  /// In uber/RIBs and ModernRIBs `uiviewController` is a requirement of `ViewControllable`, so a
  /// wrapper's own `uiviewController` is used everywhere. In Ribcage `ViewControllable` has no
  /// UIKit and `uiviewController` is an extension: a wrapper conforms to this protocol instead,
  /// and `uiviewController` — through any `ViewControllable` — returns what it wraps
  /// (`ribcage migrate` makes that change).
  ///
  /// ```swift
  /// final class NavigationControllable: WrappingViewControllable {
  ///   let navigationController: UINavigationController
  ///   var wrappedViewController: UIViewController { navigationController }
  ///   init(root: any ViewControllable) {
  ///     navigationController = UINavigationController(rootViewController: root.uiviewController)
  ///   }
  /// }
  /// ```
  @MainActor
  public protocol WrappingViewControllable: ViewControllable {
    /// The view controller shown for this view.
    var wrappedViewController: UIViewController { get }
  }
#endif
