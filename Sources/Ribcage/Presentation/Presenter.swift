/// A stateless translation from business state to an immutable view model — the presenter of
/// Square's Ziggurat loop.
///
/// Presenters hold no state, so the same state always gives the same view model, and a view can
/// always be rebuilt from a view model. Make view models `Equatable` (the render loop skips
/// renders that would change nothing) and, where their fields allow, `Codable` (a recorded view
/// model is a snapshot a view can be rebuilt from).
///
/// ```swift
/// struct ConfirmPresenter: Presenter {
///   func present(_ state: RequestState) -> ConfirmViewModel {
///     ConfirmViewModel(
///       title: "Confirm \(state.product.name)",
///       price: state.quote.map { "$\($0.dollars)" } ?? "…",
///       canConfirm: state.quote != nil)
///   }
/// }
/// ```
@MainActor
public protocol Presenter<State, ViewModel> {
  /// The business state presented.
  associatedtype State
  /// The view model built from it.
  associatedtype ViewModel: Equatable

  /// Builds the view model for `state`. Must not have side effects.
  func present(_ state: State) -> ViewModel
}

/// A view that shows immutable view models and reports user events to a listener — nothing else.
///
/// ```swift
/// final class ConfirmView: UIViewController, Rendering, ConfirmViewControllable {
///   weak var listener: ConfirmViewListener?
///   func render(_ viewModel: ConfirmViewModel) { titleLabel.text = viewModel.title; ... }
///   @objc func confirmTapped() { listener?.didTapConfirm() }
/// }
/// ```
@MainActor
public protocol Rendering<ViewModel>: AnyObject {
  /// The view model type shown.
  associatedtype ViewModel

  /// Shows `viewModel`. Called by a ``RenderLoop`` only with view models that differ from the last.
  func render(_ viewModel: ViewModel)
}
