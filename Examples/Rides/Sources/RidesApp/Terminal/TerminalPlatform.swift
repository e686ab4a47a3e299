import Ribcage
import RidesKit

/// The terminal as Rides' platform: text views, and screens shown over others recorded in the
/// parent's `screens`, so `back` detaches the RIB — the terminal draws the attached RIBs, so the
/// tree and the screen cannot disagree.
@MainActor
public final class TerminalPlatform: RidesViews {
  public init() {}

  public func makeWindow() -> any ViewControllable { WindowView() }
  public func makeLoggedOutView() -> any LoggedOutViewControllable { LoggedOutView() }
  public func makeHomeView() -> any HomeViewControllable { HomeView() }
  public func makeLocationEditorView() -> any LocationEditorViewControllable {
    LocationEditorView()
  }
  public func makeConfirmView() -> any ConfirmViewControllable { ConfirmView() }
  public func makeProductSelectionView() -> any ProductSelectionViewControllable {
    ProductSelectionView()
  }
  public func makeCardView() -> any CardViewControllable { CardView() }
  public func makeCouponView() -> any CouponViewControllable { CouponView() }
  public func makeRefinementView() -> any RefinementViewControllable { RefinementView() }
  public func makeLiveActivityView() -> any LiveActivityViewControllable { LiveActivityView() }
  public func makeTripScreenView<ViewModel: ScreenModel>(_ viewModel: ViewModel.Type)
    -> any TripScreenViewControllable<ViewModel>
  {
    TripScreenView<ViewModel>()
  }

  public func show(
    _ child: RouterNode, over parent: RouterNode, as presentation: ScreenPresentation
  ) {
    parent.attachChild(child)
    if parent.screens.host == nil { parent.screens.host = TerminalScreens() }
    parent.screens.didShow(child, as: presentation)
  }
}

/// The screen host of Rides' terminal. The terminal redraws every attached RIB's screen after each
/// turn, so a detached RIB's screen is gone at the next redraw: there is nothing to remove here.
@MainActor
final class TerminalScreens: ScreenHost {
  func removeView(of child: RouterNode, shownAs presentation: ScreenPresentation) {}
}
