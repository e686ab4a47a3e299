import Ribcage
import RibcageSwiftUI
import RidesKit
import RidesiOSCore
import SwiftUI

/// The iPhone as Rides' platform: a SwiftUI screen in a hosting controller for each RIB (Card's is
/// a UIKit view controller), one navigation stack and its sheets for the screens shown over
/// others. Pushing or presenting attaches the RIB; the back swipe or a sheet pulled down detaches
/// it (`RIBNavigation`); everything else is drawn inside its parent's screen as the tree says
/// (`ScreenComposition`).
@MainActor
final class IOSViews: RidesViews {
  private let navigation = RidesNavigation()
  private let composition: ScreenComposition

  init(composition: ScreenComposition) {
    self.composition = composition
  }

  func makeWindow() -> any ViewControllable {
    WindowController(navigation: navigation.navigation, composition: composition)
  }

  func makeLoggedOutView() -> any LoggedOutViewControllable {
    ScreenController(composition) { LoggedOutScreen(viewModel: $0, store: $1) }
  }

  func makeHomeView() -> any HomeViewControllable {
    ScreenController(composition) { HomeScreen(viewModel: $0, store: $1) }
  }

  func makeLocationEditorView() -> any LocationEditorViewControllable {
    ScreenController(composition) { LocationEditorScreen(viewModel: $0, store: $1) }
  }

  func makeConfirmView() -> any ConfirmViewControllable {
    ScreenController(composition) { ConfirmScreen(viewModel: $0, store: $1) }
  }

  func makeProductSelectionView() -> any ProductSelectionViewControllable {
    ScreenController(composition) { ProductSelectionScreen(viewModel: $0, store: $1) }
  }

  func makeCardView() -> any CardViewControllable { CardViewController() }

  func makeCouponView() -> any CouponViewControllable {
    ScreenController(composition) { CouponScreen(viewModel: $0, store: $1) }
  }

  func makeRefinementView() -> any RefinementViewControllable {
    ScreenController(composition) { RefinementScreen(viewModel: $0, store: $1) }
  }

  func makeLiveActivityView() -> any LiveActivityViewControllable {
    ScreenController(composition) { viewModel, _ in Text(viewModel.line) }
  }

  func makeTripScreenView<ViewModel: ScreenModel>(_ viewModel: ViewModel.Type)
    -> any TripScreenViewControllable<ViewModel>
  {
    ScreenController(composition) { TripStageScreen(viewModel: $0, store: $1) }
  }

  func show(_ child: RouterNode, over parent: RouterNode, as presentation: ScreenPresentation) {
    navigation.show(child, over: parent, as: presentation)
  }
}
