import Ribcage
import RibcageSwiftUI
import RidesKit
import RidesiOSCore
import SwiftUI

/// A Rides view as a SwiftUI screen: a hosting controller whose `ViewModelStore` is what the RIB's
/// render loop renders into, and whose listener is the RIB's interactor. The screen draws the view
/// model, then the views of the RIBs drawn inside it.
final class ScreenController<ViewModel: ScreenModel, Listener, Content: View>:
  HostingViewController<ScreenFrame<ViewModel, Listener, Content>>, RidesView
{
  typealias Store = ViewModelStore<ViewModel?, Listener>
  private let store: Store

  init(
    _ composition: ScreenComposition,
    @ViewBuilder content: @escaping (ViewModel, Store) -> Content
  ) {
    let store = Store(nil)
    let owner = ScreenOwner()
    self.store = store
    super.init(
      rootView: ScreenFrame(store: store, owner: owner, composition: composition, content: content))
    owner.view = self
    sizingOptions = .intrinsicContentSize  // drawn inside another screen, it takes its own height
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("Rides builds its screens in code") }

  var listener: Listener? {
    get { store.listener }
    set { store.listener = newValue }
  }

  func render(_ viewModel: ViewModel) {
    store.render(viewModel)
    title = viewModel.screen.title
  }
}

/// The screen a `ScreenController` hosts: its title, its content, and the RIB views inside it.
struct ScreenFrame<ViewModel: ScreenModel, Listener, Content: View>: View {
  let store: ViewModelStore<ViewModel?, Listener>
  let owner: ScreenOwner
  let composition: ScreenComposition
  let content: (ViewModel, ViewModelStore<ViewModel?, Listener>) -> Content

  var body: some View {
    VStack(alignment: .leading, spacing: 12) {
      if let viewModel = store.viewModel {
        Text(viewModel.screen.title)
        content(viewModel, store)
      }
      EmbeddedScreens(owner: owner, composition: composition)
    }
  }
}
