import Ribcage
import RibcageSwiftUI
import RibcageUIKit
import RidesiOSCore
import SwiftUI
import UIKit

/// The view controller a screen belongs to, set once it exists (a hosting controller's root view
/// is made before the controller).
@MainActor
final class ScreenOwner {
  weak var view: (any ViewControllable)?
}

/// The views of the RIBs drawn inside a screen, as `ScreenComposition` finds them in the tree: a
/// child attached appears, a child detached goes.
struct EmbeddedScreens: View {
  let owner: ScreenOwner
  let composition: ScreenComposition

  var body: some View {
    if let view = owner.view {
      ForEach(composition.embeddedViews(in: view).map(EmbeddedScreen.init)) { screen in
        EmbeddedViewController(view: screen.view)
      }
    }
  }
}

/// One RIB's view drawn inside another's screen.
struct EmbeddedScreen: Identifiable {
  let view: any ViewControllable
  var id: ObjectIdentifier { ObjectIdentifier(view) }
}

/// A RIB's view controller — SwiftUI-hosted or UIKit — in SwiftUI (`uiviewController` is
/// RibcageUIKit's).
struct EmbeddedViewController: UIViewControllerRepresentable {
  let view: any ViewControllable

  func makeUIViewController(context: Context) -> UIViewController { view.uiviewController }
  func updateUIViewController(_ viewController: UIViewController, context: Context) {}
}
