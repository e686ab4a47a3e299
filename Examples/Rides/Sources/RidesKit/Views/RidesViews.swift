import Ribcage

/// What a platform gives the Rides tree: a view for each RIB, and a way to show a RIB's screen
/// over its parent's. The business logic is the same on every platform; the terminal
/// (`RidesApp`) and the iPhone app (`Examples/RidesiOS`) each implement this once.
@MainActor
public protocol RidesViews: AnyObject {
  /// The root's view: the window every other screen is shown in.
  func makeWindow() -> any ViewControllable
  func makeLoggedOutView() -> any LoggedOutViewControllable
  func makeHomeView() -> any HomeViewControllable
  func makeLocationEditorView() -> any LocationEditorViewControllable
  func makeConfirmView() -> any ConfirmViewControllable
  func makeProductSelectionView() -> any ProductSelectionViewControllable
  func makeCardView() -> any CardViewControllable
  func makeCouponView() -> any CouponViewControllable
  func makeRefinementView() -> any RefinementViewControllable
  func makeLiveActivityView() -> any LiveActivityViewControllable
  /// The view of a trip stage (Pending, Matched, OnTrip, DroppedOff): they differ only in their
  /// view model.
  func makeTripScreenView<ViewModel: ScreenModel>(_ viewModel: ViewModel.Type)
    -> any TripScreenViewControllable<ViewModel>

  /// Attaches `child` to `parent` and shows its screen over the parent's — pushed on a
  /// navigation stack or presented as a sheet — recording it in `parent.screens`, so the rider's
  /// back gesture or pull-down detaches the RIB.
  func show(_ child: RouterNode, over parent: RouterNode, as presentation: ScreenPresentation)
}
