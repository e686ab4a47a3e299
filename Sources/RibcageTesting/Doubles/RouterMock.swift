import Ribcage

/// A ready test double for a RIB's routing protocol: a real `Router` that records every
/// `load`, `attachChild` and `detachChild` call — what uber/RIBs' generated `RoutingMock` counts.
///
/// Attach and detach still do their real work (the child's subtree is activated, loaded,
/// deactivated and tracked for leaks), so a test of a parent reads like uber's with renamed types
/// and activeness still follows the tree:
///
/// ```swift
/// final class LoggedInRoutingMock: RouterMock<LoggedInInteractableMock>, LoggedInRouting {
///   var routeToGameCallCount = 0
///   func routeToGame() { routeToGameCallCount += 1 }
/// }
///
/// @Test func detachingDeactivatesTheChild() {
///   let harness = RIBHarness()
///   let router = RouterMock()            // a RouterMock<InteractableMock>
///   harness.activate(router)
///   let child = RouterMock()
///   router.attachChild(child)
///   router.detachChild(child)
///   #expect(router.attachChildCallCount == 1 && router.detachChildCallCount == 1)
///   #expect(child.interactor.deactivateCallCount == 1)
///   harness.expectNoLeaks()
/// }
/// ```
///
/// A subclass that overrides ``didLoad()`` must call `super`.
@MainActor
open class RouterMock<InteractorType>: Router<InteractorType> {
  private let log = RouterCallLog()

  /// Creates a mock router for `interactor`, which must be an `Interactor` subclass.
  public override init(interactor: InteractorType) {
    super.init(interactor: interactor)
    log.install(on: self)
  }

  /// How many times the router loaded (`RouterNode/load()` runs ``didLoad()`` once).
  public final var loadCallCount: Int { log.loadCallCount }
  /// How many times `attachChild` was called, whether or not the child was attached.
  public final var attachChildCallCount: Int { log.attachChildCallCount }
  /// How many times `detachChild` was called, whether or not the child was detached.
  public final var detachChildCallCount: Int { log.detachChildCallCount }
  /// Every router passed to `attachChild` that is still alive, in call order (held weakly, so a
  /// mock never keeps a detached child alive; `RouterNode/children` has the ones attached now).
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

extension RouterMock where InteractorType == InteractableMock {
  /// Creates a mock router with a fresh ``InteractableMock``: a plain child or parent in one call.
  ///
  /// ```swift
  /// let child = RouterMock()
  /// parent.attachChild(child)
  /// #expect(child.interactor.activateCallCount == 1)
  /// ```
  public convenience init() {
    self.init(interactor: InteractableMock())
  }
}
