import Ribcage
import RidesKit

@testable import RidesiOSCore

/// A view that keeps what it rendered: what the app's hosting controllers would draw.
@MainActor
final class TestView<ViewModel: ScreenModel, Listener>: RidesView {
  private weak var listenerObject: AnyObject?
  private(set) var viewModel: ViewModel?

  var listener: Listener? {
    get { listenerObject as? Listener }
    set { listenerObject = newValue.map { $0 as AnyObject } }
  }

  func render(_ viewModel: ViewModel) { self.viewModel = viewModel }
}

/// The platform of the tests: views that keep their view models, and screens shown over others
/// through the app's `RidesNavigation`, or recorded by a host that removes nothing.
@MainActor
final class TestViews: RidesViews {
  let window = TestWindow()
  /// Every view made, held weakly: a detached RIB's view must go.
  private var made: [WeakView] = []
  private(set) var shownOver: [(child: String, presentation: ScreenPresentation)] = []

  /// The last view made of type `View`.
  func last<View>(_ type: View.Type) -> View? {
    made.lazy.compactMap { $0.view as? View }.last
  }

  private func make<View: AnyObject>(_ view: View) -> View {
    made.append(WeakView(view: view))
    return view
  }

  func makeWindow() -> any ViewControllable { window }
  func makeLoggedOutView() -> any LoggedOutViewControllable { make(LoggedOutTestView()) }
  func makeHomeView() -> any HomeViewControllable { make(HomeTestView()) }
  func makeLocationEditorView() -> any LocationEditorViewControllable {
    make(LocationEditorTestView())
  }
  func makeConfirmView() -> any ConfirmViewControllable { make(ConfirmTestView()) }
  func makeProductSelectionView() -> any ProductSelectionViewControllable {
    make(TestView<ProductSelectionViewModel, any ProductSelectionViewListener>())
  }
  func makeCardView() -> any CardViewControllable {
    make(TestView<CardViewModel, any CardViewListener>())
  }
  func makeCouponView() -> any CouponViewControllable {
    make(TestView<CouponViewModel, any CouponViewListener>())
  }
  func makeRefinementView() -> any RefinementViewControllable {
    make(TestView<RefinementViewModel, any RefinementViewListener>())
  }
  func makeLiveActivityView() -> any LiveActivityViewControllable {
    make(TestView<LiveActivityViewModel, Never>())
  }
  func makeTripScreenView<ViewModel: ScreenModel>(_ viewModel: ViewModel.Type)
    -> any TripScreenViewControllable<ViewModel>
  {
    make(TestView<ViewModel, any TripScreenViewListener>())
  }

  /// Set, screens shown over others go through it as in the app; otherwise a host that removes
  /// nothing stands in.
  var navigation: RidesNavigation?

  func show(_ child: RouterNode, over parent: RouterNode, as presentation: ScreenPresentation) {
    shownOver.append((child.name, presentation))
    if let navigation { return navigation.show(child, over: parent, as: presentation) }
    parent.attachChild(child)
    if parent.screens.host == nil { parent.screens.host = KeepingHost() }
    parent.screens.didShow(child, as: presentation)
  }
}

typealias LoggedOutTestView = TestView<LoggedOutViewModel, any LoggedOutViewListener>
typealias HomeTestView = TestView<HomeViewModel, any HomeViewListener>
typealias LocationEditorTestView = TestView<
  LocationEditorViewModel, any LocationEditorViewListener
>
typealias ConfirmTestView = TestView<ConfirmViewModel, any ConfirmViewListener>

@MainActor
final class TestWindow: ViewControllable, LaunchHost {
  func install(rootView: any ViewControllable) {}
}

@MainActor
final class KeepingHost: ScreenHost {
  func removeView(of child: RouterNode, shownAs presentation: ScreenPresentation) {}
}

struct WeakView {
  weak var view: AnyObject?
}
