/// The protocol a RIB's presenter protocol refines, as in uber/RIBs: what its interactor talks to
/// for display — the view controller, or a separate stateless presenter.
///
/// It lets interactors read as they do in uber/RIBs, so a migrating team keeps its protocols:
///
/// ```swift
/// protocol LoggedOutPresentable: Presentable {
///   var listener: LoggedOutPresentableListener? { get set }
/// }
///
/// final class LoggedOutInteractor: PresentableInteractor<LoggedOutPresentable>,
///   LoggedOutInteractable
/// {
///   override init(presenter: LoggedOutPresentable) {
///     super.init(presenter: presenter)
///     presenter.listener = self
///   }
/// }
/// ```
///
/// ``PresentableInteractor`` does not require it: a presenter may also be a value type (a pure
/// state → view model function, see ``Presenter``).
@MainActor
public protocol Presentable: AnyObject {}
