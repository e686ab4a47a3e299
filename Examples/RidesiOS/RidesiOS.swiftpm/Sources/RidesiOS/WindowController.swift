import Ribcage
import RibcageSwiftUI
import RidesiOSCore
import SwiftUI

/// The root's view: the navigation stack (and its sheets) of the whole app, over the RIBs drawn
/// in the window — LoggedOut, or Home and the trip's stage.
final class WindowController: HostingViewController<WindowScreen> {
  init(navigation: RIBNavigation, composition: ScreenComposition) {
    let owner = ScreenOwner()
    super.init(
      rootView: WindowScreen(navigation: navigation, owner: owner, composition: composition))
    owner.view = self
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("Rides builds its screens in code") }
}

struct WindowScreen: View {
  let navigation: RIBNavigation
  let owner: ScreenOwner
  let composition: ScreenComposition

  var body: some View {
    RIBNavigationStack(navigation: navigation) {
      VStack(alignment: .leading, spacing: 16) {
        EmbeddedScreens(owner: owner, composition: composition)
      }
    }
  }
}
