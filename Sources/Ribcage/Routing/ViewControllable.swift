/// A view a router can hold, present and dismiss — with no UI framework in it, so business logic
/// and routing are testable anywhere.
///
/// On Apple platforms a `UIViewController` (or an `NSViewController`, or a SwiftUI host from
/// `RibcageSwiftUI`) conforms, and `RibcageUIKit` adds `uiviewController`, the window as a
/// ``LaunchHost`` and presentation helpers; in tests and terminal apps, any class does.
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

extension LaunchHost {
  /// `rootView` as the kind of view this host can show; stops with a message that says what to
  /// pass when it is not one. A host that silently installed nothing would show a black screen.
  ///
  /// ```swift
  /// extension MyWindow: LaunchHost {
  ///   func install(rootView: any ViewControllable) {
  ///     contentController = requireRootView(rootView, as: MyViewController.self)
  ///   }
  /// }
  /// ```
  public func requireRootView<View>(_ rootView: any ViewControllable, as viewType: View.Type)
    -> View
  {
    guard let view = rootView as? View else {
      preconditionFailure(
        "\(type(of: self)) can only show a root view that is a \(View.self), but the launched "
          + "router's view is a \(type(of: rootView)). Launch a router whose view controller is "
          + "a \(View.self) (subclass it and conform to ViewControllable).")
    }
    return view
  }
}
