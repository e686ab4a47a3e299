#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  import Ribcage
  import SwiftUI
  import UIKit

  /// A view controller that hosts a SwiftUI view and is a `ViewControllable`, so a RIB's view can
  /// be SwiftUI while its router presents, pushes or embeds it like any view controller — under a
  /// UIKit parent, or with UIKit children of its own.
  ///
  /// ```swift
  /// final class ConfirmViewController:
  ///   HostingViewController<ConfirmScreen>, ConfirmViewControllable {}
  /// let view = ConfirmViewController(rootView: ConfirmScreen(store: store))
  /// ```
  open class HostingViewController<Content: View>: UIHostingController<Content>, ViewControllable {
  }
#elseif canImport(SwiftUI) && canImport(AppKit)
  import AppKit
  import Ribcage
  import SwiftUI

  /// A view controller that hosts a SwiftUI view and is a ``ViewControllable``, so a RIB's view can
  /// be SwiftUI while its router presents or embeds it like any view controller (macOS).
  open class HostingViewController<Content: View>: NSHostingController<Content>, ViewControllable {
  }
#endif
