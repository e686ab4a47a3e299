import Ribcage

/// ``RouterMock`` for a RIB with a view: a real `ViewableRouter` that records every `load`,
/// `attachChild` and `detachChild` call.
///
/// ```swift
/// final class TicTacToeRoutingMock:
///   ViewableRouterMock<TicTacToeInteractableMock, ViewControllableMock>, TicTacToeRouting {}
///
/// let router = TicTacToeRoutingMock(
///   interactor: TicTacToeInteractableMock(presenter: presenter),
///   viewController: ViewControllableMock())
/// harness.activate(router)
/// #expect(router.loadCallCount == 1)
/// ```
///
/// A subclass that overrides ``didLoad()`` must call `super`.
@MainActor
open class ViewableRouterMock<InteractorType, ViewControllerType>: ViewableRouter<
  InteractorType, ViewControllerType
>
{
  private let log = RouterCallLog()

  /// Creates a mock router for `interactor` (an `Interactor` subclass) and `viewController`
  /// (a `ViewControllable`).
  public override init(interactor: InteractorType, viewController: ViewControllerType) {
    super.init(interactor: interactor, viewController: viewController)
    log.install(on: self)
  }

  /// How many times the router loaded.
  public final var loadCallCount: Int { log.loadCallCount }
  /// How many times `attachChild` was called, whether or not the child was attached.
  public final var attachChildCallCount: Int { log.attachChildCallCount }
  /// How many times `detachChild` was called, whether or not the child was detached.
  public final var detachChildCallCount: Int { log.detachChildCallCount }
  /// Every router passed to `attachChild` that is still alive, in call order (held weakly).
  public final var attachedChildren: [RouterNode] { log.attachedChildren }
  /// Every router passed to `detachChild` that is still alive, in call order (held weakly).
  public final var detachedChildren: [RouterNode] { log.detachedChildren }
  /// Runs at each `attachChild` call, before the child is checked and attached.
  public final var attachChildHandler: (@MainActor (RouterNode) -> Void)? {
    get { log.attachChildHandler }
    set { log.attachChildHandler = newValue }
  }
  /// Runs at each `detachChild` call, before the child is checked and detached.
  public final var detachChildHandler: (@MainActor (RouterNode) -> Void)? {
    get { log.detachChildHandler }
    set { log.detachChildHandler = newValue }
  }

  open override func didLoad() {
    super.didLoad()
    log.loadCallCount += 1
  }
}

extension ViewableRouterMock
where InteractorType == InteractableMock, ViewControllerType == ViewControllableMock {
  /// Creates a mock router with a fresh ``InteractableMock`` and ``ViewControllableMock``.
  public convenience init() {
    self.init(interactor: InteractableMock(), viewController: ViewControllableMock())
  }
}
