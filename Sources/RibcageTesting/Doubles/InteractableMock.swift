import Ribcage

/// A ready test double for a RIB's interactable protocol: a real `Interactor` that counts its
/// activations and deactivations — what uber/RIBs' generated `InteractableMock` counts.
///
/// `Interactable` requires an `Interactor` subclass and the lifecycle methods are `final` (the
/// tree drives them), so a protocol mock cannot stand in for an interactor. Subclass this one and
/// add your protocol's members instead; activeness still follows the tree, so a mock attached
/// below an inactive parent stays inactive:
///
/// ```swift
/// final class LoggedInInteractableMock: InteractableMock, LoggedInInteractable {
///   var router: LoggedInRouting?
///   var listener: LoggedInListener?
/// }
///
/// @Test func attachingActivatesTheChild() {
///   let harness = RIBHarness()
///   let parent = RouterMock(interactor: InteractableMock())
///   harness.activate(parent)
///   let child = LoggedInInteractableMock()
///   parent.attachChild(RouterMock(interactor: child))
///   #expect(child.activateCallCount == 1)
/// }
/// ```
///
/// A subclass that overrides ``didBecomeActive()`` or ``willResignActive()`` must call `super`.
@MainActor
open class InteractableMock: Interactor, Interactable {
  /// How many times the interactor became active (`Interactor/activate()` on an active
  /// interactor changes nothing and is not counted).
  public private(set) final var activateCallCount = 0
  /// How many times the interactor stopped being active.
  public private(set) final var deactivateCallCount = 0
  /// Runs each time the interactor becomes active, after the count is updated.
  public final var didBecomeActiveHandler: (@MainActor () -> Void)?
  /// Runs each time the interactor is about to stop being active, after the count is updated.
  public final var willResignActiveHandler: (@MainActor () -> Void)?

  /// Creates an inactive mock.
  public override init() {
    super.init()
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
