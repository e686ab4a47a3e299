/// An interactor with a presenter: the object it sends business models to for display (usually
/// the view, or a stateless presenter that turns models into view models).
///
/// ```swift
/// final class ConfirmInteractor: PresentableInteractor<ConfirmPresentable>, ConfirmInteractable {
///   override func didBecomeActive() {
///     super.didBecomeActive()
///     observe(quotes) { [weak self] in self?.presenter.show($0) }
///   }
/// }
/// ```
@MainActor
open class PresentableInteractor<PresenterType>: Interactor {
  /// The presenter, held strongly: the interactor owns its presentation side.
  public final let presenter: PresenterType

  /// Creates an inactive interactor that presents through `presenter`.
  public init(presenter: PresenterType) {
    self.presenter = presenter
    super.init()
    hasPresenterObject = type(of: presenter as Any) is AnyClass
  }

  override var trackedPresenter: AnyObject? {
    hasPresenterObject ? presenter as AnyObject : nil
  }
}
