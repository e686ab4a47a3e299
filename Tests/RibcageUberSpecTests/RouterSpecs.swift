import Ribcage
import RibcageTesting
import Testing

/// uber/RIBs `RouterTests`, `ViewableRouterTests` and `LaunchRouterTests`, as behaviour, with the
/// ready doubles in place of uber's generated mocks.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct RouterSpecs {
  @Test func loadRunsDidLoadOnce() {
    let router = RouterMock()
    router.load()
    router.load()
    #expect(router.isLoaded)
    #expect(router.loadCallCount == 1)
  }

  @Test func attachChildActivatesAndLoadsIt() {
    let harness = RIBHarness()
    let router = RouterMock()
    harness.activate(router)
    do {
      let child = RouterMock()
      router.attachChild(child)
      #expect(router.children.count == 1 && router.children[0] === child)
      #expect(router.attachChildCallCount == 1)
      #expect(child.interactor.activateCallCount == 1)
      #expect(child.loadCallCount == 1)
      router.detachChild(child)
    }
    harness.expectNoLeaks()
  }

  @Test func detachChildDeactivatesItAndItIsReleased() {
    let harness = RIBHarness()
    let tracker = DeallocationTracker()
    let router = RouterMock()
    harness.activate(router)
    do {
      let child = RouterMock()
      router.attachChild(child)
      tracker.trackSubtree(of: child)
      router.detachChild(child)
      #expect(router.children.isEmpty)
      #expect(router.detachChildCallCount == 1)
      #expect(child.interactor.deactivateCallCount == 1)
      #expect(!child.interactor.isActive)
    }
    tracker.expectAllDeallocated()
    harness.expectNoLeaks()
  }

  @Test func childAttachedUnderAnInactiveParentWaitsForIt() {
    let harness = RIBHarness()
    let router = RouterMock()
    let child = RouterMock()
    router.attachChild(child)
    #expect(!child.interactor.isActive)
    harness.activate(router)
    #expect(child.interactor.isActive)
    router.interactor.deactivate()
    #expect(!child.interactor.isActive)
    #expect(child.interactor.deactivateCallCount == 1)
  }

  @Test func detachingAChildOfAnotherRouterChangesNothing() {
    let harness = RIBHarness()
    let router = RouterMock()
    let other = RouterMock()
    harness.activate(router)
    harness.activate(other)
    let child = RouterMock()
    other.attachChild(child)
    router.detachChild(child)
    #expect(router.detachChildCallCount == 1)
    #expect(other.children.count == 1)
    #expect(child.interactor.isActive)
    #expect(harness.diagnosticKinds == [.detachedNonChild])
  }

  @Test func viewableRouterHoldsItsView() {
    let view = ViewControllableMock()
    let router = ViewableRouterMock(interactor: InteractableMock(), viewController: view)
    #expect(router.viewController === view)
    #expect(router.viewControllable === view)
  }

  @Test func launchInstallsTheRootViewActivatesAndLoads() {
    let harness = RIBHarness()
    let view = ViewControllableMock()
    let root = SpecRootRouter(interactor: InteractableMock(), viewController: view)
    harness.launch(root)
    #expect(harness.host.rootView === view)
    #expect(root.interactor.isActive)
    #expect(root.isLoaded)
    root.launch(from: harness.host)
    #expect(harness.diagnosticKinds == [.launchedTwice])
    #expect(root.interactor.activateCallCount == 1)
  }
}
