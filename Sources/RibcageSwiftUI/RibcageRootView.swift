#if canImport(SwiftUI) && canImport(Observation) && (canImport(UIKit) || canImport(AppKit))
  import Observation
  import Ribcage
  import SwiftUI
  #if canImport(UIKit)
    import UIKit
    import RibcageUIKit
  #else
    import AppKit
    import RibcageUIKit
  #endif

  /// The `LaunchHost` of a SwiftUI `App`: launch the root router into it, and show it with
  /// ``RibcageRootView`` in a `WindowGroup`.
  ///
  /// ```swift
  /// @main struct RidesApp: App {
  ///   @State private var host = SwiftUILaunchHost()
  ///   private let root = RootBuilder(dependency: AppComponent()).build()
  ///
  ///   var body: some Scene {
  ///     WindowGroup {
  ///       RibcageRootView(host: host).onAppear { if !root.isLaunched { root.launch(from: host) } }
  ///     }
  ///   }
  /// }
  /// ```
  @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
  @MainActor
  @Observable
  public final class SwiftUILaunchHost: LaunchHost {
    /// The installed root view, once a router was launched into this host.
    public private(set) var rootView: (any ViewControllable)?

    /// Creates an empty host.
    public init() {}

    /// Installs the root router's view; ``RibcageRootView`` shows it.
    public func install(rootView: any ViewControllable) {
      self.rootView = rootView
    }
  }

  /// Shows the root view a ``SwiftUILaunchHost`` was given (UIKit or SwiftUI-hosted), filling
  /// the window.
  @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
  public struct RibcageRootView: View {
    private let host: SwiftUILaunchHost

    /// Creates the view for `host`.
    public init(host: SwiftUILaunchHost) {
      self.host = host
    }

    /// The root RIB's view controller, once the tree is launched; nothing before.
    public var body: some View {
      if let rootView = host.rootView {
        RootViewControllerRepresentable(rootView: rootView)
      }
    }
  }

  #if canImport(UIKit)
    @available(iOS 17, tvOS 17, visionOS 1, *)
    struct RootViewControllerRepresentable: UIViewControllerRepresentable {
      let rootView: any ViewControllable

      func makeUIViewController(context: Context) -> UIViewController {
        rootView.uiviewController
      }

      func updateUIViewController(_ viewController: UIViewController, context: Context) {}
    }
  #else
    @available(macOS 14, *)
    struct RootViewControllerRepresentable: NSViewControllerRepresentable {
      let rootView: any ViewControllable

      func makeNSViewController(context: Context) -> NSViewController {
        rootView.nsviewController
      }

      func updateNSViewController(_ viewController: NSViewController, context: Context) {}
    }
  #endif
#endif
