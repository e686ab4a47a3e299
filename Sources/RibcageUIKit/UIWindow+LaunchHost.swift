#if canImport(UIKit) && !os(watchOS)
  import Ribcage
  import UIKit

  /// A window is where a `LaunchRouter` installs the root view, from a
  /// `UIApplicationDelegate` or a `UIWindowSceneDelegate`:
  ///
  /// ```swift
  /// func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
  ///            options: UIScene.ConnectionOptions) {
  ///   guard let scene = scene as? UIWindowScene else { return }
  ///   let window = UIWindow(windowScene: scene)
  ///   self.window = window
  ///   root.launch(from: window)
  /// }
  /// ```
  // Qualified: the conformance of a UIKit type to a Ribcage protocol is declared here, by the
  // protocol's owner.
  extension UIWindow: Ribcage.LaunchHost {
    /// Sets `rootView` as the root view controller and shows the window. A root view that is not
    /// a `UIViewController` stops with a message that says what to pass (instead of a black
    /// screen).
    public func install(rootView: any ViewControllable) {
      rootViewController = requireRootView(rootView, as: UIViewController.self)
      makeKeyAndVisible()
    }
  }
#endif
