import Ribcage

/// ``InteractableMock`` for a RIB with a presenter: a real `PresentableInteractor` that counts
/// its activations and deactivations.
///
/// ```swift
/// final class TicTacToeInteractableMock:
///   PresentableInteractableMock<TicTacToePresentable>, TicTacToeInteractable
/// {
///   var router: TicTacToeRouting?
///   var listener: TicTacToeListener?
/// }
/// let interactor = TicTacToeInteractableMock(presenter: TicTacToePresentableMock())
/// ```
///
/// A subclass that overrides ``didBecomeActive()`` or ``willResignActive()`` must call `super`.
@MainActor
open class PresentableInteractableMock<PresenterType>: PresentableInteractor<PresenterType>,
  Interactable
{
  /// How many times the interactor became active.
  public private(set) final var activateCallCount = 0
  /// How many times the interactor stopped being active.
  public private(set) final var deactivateCallCount = 0
  /// Runs each time the interactor becomes active, after the count is updated.
  public final var didBecomeActiveHandler: (@MainActor () -> Void)?
  /// Runs each time the interactor is about to stop being active, after the count is updated.
  public final var willResignActiveHandler: (@MainActor () -> Void)?

  /// Creates an inactive mock presenting through `presenter`.
  public override init(presenter: PresenterType) {
    super.init(presenter: presenter)
  }

  open override func didBecomeActive() {
    super.didBecomeActive()
    activateCallCount += 1
    didBecomeActiveHandler?()
  }

  open override func willResignActive() {
    super.willResignActive()
    deactivateCallCount += 1
    willResignActiveHandler?()
  }
}
