import Ribcage
import RibcageSwiftUI

/// How the iPhone app shows a RIB's screen over its parent's: pushed on the app's one navigation
/// stack, or presented as a sheet over the sheet the parent is in — through `RIBNavigation`, so
/// attaching shows the screen, detaching removes it, and the rider's back swipe or a sheet pulled
/// down detaches the RIB (its parent hears it: `ScreenDismissalHandling`).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
public final class RidesNavigation {
  /// The path and sheets the app's `RIBNavigationStack` draws.
  public let navigation = RIBNavigation()

  public init() {}

  /// Attaches `child` to `parent` and shows it over the parent's screen (`RidesViews.show`).
  public func show(
    _ child: RouterNode, over parent: RouterNode, as presentation: ScreenPresentation
  ) {
    switch presentation {
    case .pushed: navigation.push(child, from: parent)
    case .presented: navigation.present(child, from: parent)
    case .embedded: parent.attachChild(child)  // drawn in the parent's screen
    }
  }
}
