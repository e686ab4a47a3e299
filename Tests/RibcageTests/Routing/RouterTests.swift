import Ribcage
import RibcageTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5))) struct RouterTests {
  @Test func attachingToAnActiveRouterActivatesAndLoadsTheChild() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let child = NodeRouter()
    root.attachChild(child)
    #expect(child.interactor.isActive)
    #expect(child.isLoaded)
    #expect(child.didLoadCount == 1)
    #expect(root.children.count == 1)
    #expect(root.children.first === child)
  }

  @Test func attachingToAnInactiveRouterLoadsButWaitsForActivation() {
    let harness = RIBHarness()
    let root = RootRouter()
    root.context = harness.context
    let child = NodeRouter()
    root.attachChild(child)
    #expect(child.isLoaded)
    #expect(!child.interactor.isActive)
    root.interactor.activate()
    #expect(child.interactor.isActive)
  }

  @Test func attachActivatesTheWholeSubtreeParentsFirst() {
    let log = HookLog()
    let harness = RIBHarness()
    let root = RootRouter("root", log: log)
    harness.activate(root)
    // Build a subtree while detached, then attach it in one go.
    let a = NodeRouter("a", log: log)
    let a1 = NodeRouter("a1", log: log)
    let a2 = NodeRouter("a2", log: log)
    let a11 = NodeRouter("a11", log: log)
    a.attachChild(a1)
    a.attachChild(a2)
    a1.attachChild(a11)
    #expect(!a11.interactor.isActive)
    log.entries.removeAll()
    root.attachChild(a)
    #expect(
      log.entries == [
        "a.didBecomeActive(isActive: true)",
        "a1.didBecomeActive(isActive: true)",
        "a11.didBecomeActive(isActive: true)",
        "a2.didBecomeActive(isActive: true)",
      ])
  }

  @Test func detachDeactivatesChildrenBeforeParentsThenTheChildIsGone() {
    let log = HookLog()
    let harness = RIBHarness()
    let root = RootRouter("root", log: log)
    harness.activate(root)
    do {
      let a = NodeRouter("a", log: log)
      root.attachChild(a)
      let a1 = NodeRouter("a1", log: log)
      let a2 = NodeRouter("a2", log: log)
      a.attachChild(a1)
      a.attachChild(a2)
      a1.attachChild(NodeRouter("a11", log: log))
    }
    let watch = DeallocationTracker()
    watch.trackSubtree(of: root.children[0])
    #expect(watch.trackedCount == 8)
    log.entries.removeAll()
    root.detachChild(root.children[0])
    #expect(
      log.entries == [
        "a2.willResignActive(isActive: true)",
        "a11.willResignActive(isActive: true)",
        "a1.willResignActive(isActive: true)",
        "a.willResignActive(isActive: true)",
      ])
    #expect(root.children.isEmpty)
    watch.expectAllDeallocated()
    harness.expectNoLeaks()
  }

  @Test func activatingTheRootInteractorActivatesTheTreeAndDeactivatingItDeactivatesIt() {
    let log = HookLog()
    let root = RootRouter("root", log: log)
    root.context = RIBHarness().context
    let child = NodeRouter("child", log: log)
    root.attachChild(child)
    root.interactor.activate()
    root.interactor.deactivate()
    #expect(
      log.entries == [
        "root.didBecomeActive(isActive: true)",
        "child.didBecomeActive(isActive: true)",
        "child.willResignActive(isActive: true)",
        "root.willResignActive(isActive: true)",
      ])
  }

  @Test func loadRunsDidLoadOnce() {
    let router = NodeRouter()
    router.load()
    router.load()
    #expect(router.didLoadCount == 1)
    #expect(router.isLoaded)
  }

  @Test func childrenAttachedInDidLoadAreActiveAndLoaded() {
    let harness = RIBHarness()
    let root = RootRouter()
    let grandchild = NodeRouter()
    let child = NodeRouter()
    child.onDidLoad = { $0.attachChild(grandchild) }
    harness.activate(root)
    root.attachChild(child)
    #expect(grandchild.interactor.isActive)
    #expect(grandchild.isLoaded)
    #expect(harness.events.filter { $0 == "activated Node" }.count == 2)
  }

  @Test func attachingInDidBecomeActiveActivatesOnce() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let parent = NodeRouter()
    let late = NodeRouter()
    parent.interactor.onDidBecomeActive = { _ in parent.attachChild(late) }
    root.attachChild(parent)
    #expect(late.interactor.isActive)
    #expect(late.interactor.didBecomeActiveCount == 1)
  }

  @Test func eventsArriveInOrder() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    harness.clearEvents()
    let home = HomeRouter()
    root.attachChild(home)
    root.detachChild(home)
    #expect(
      harness.events == [
        "attached Home to Root", "activated Home", "loaded Home", "deactivated Home",
        "detached Home from Root",
      ])
  }

  @Test func reattachingADetachedRouterIsNotALeak() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let child = NodeRouter()
    root.attachChild(child)
    root.detachChild(child)
    #expect(!child.interactor.isActive)
    root.attachChild(child)
    #expect(child.interactor.isActive)
    #expect(child.didLoadCount == 1, "a router loads once")
    #expect(harness.sweepLeaks().isEmpty)
    root.detachChild(child)
  }

  @Test func aChildThatOutlivesItsParentBecomesARoot() {
    let harness = RIBHarness()
    let child = NodeRouter()
    let grandchild = NodeRouter()
    child.attachChild(grandchild)
    do {
      let parent = LoggedInRouter()
      harness.activate(parent)
      parent.attachChild(child)
      #expect(child.interactor.isActive)
    }
    // The parent is gone; the child can be attached elsewhere (its parent link was cleared).
    let root = RootRouter()
    harness.activate(root)
    root.attachChild(child)
    #expect(root.children.first === child)
    #expect(child.children.first === grandchild)
    #expect(harness.diagnostics.isEmpty)
    root.detachChild(child)
  }

  // MARK: Misuse

  @Test func attachingTwiceIsReportedAndChangesNothing() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let child = NodeRouter()
    root.attachChild(child)
    let before = root.snapshot()
    root.attachChild(child)
    #expect(harness.diagnosticKinds == [.alreadyAttached])
    #expect(root.snapshot() == before)
    #expect(child.interactor.didBecomeActiveCount == 1)
  }

  @Test func attachingARouterWithAnotherParentIsReportedAndChangesNothing() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let first = HomeRouter()
    let second = RequestRouter()
    root.attachChild(first)
    root.attachChild(second)
    let child = NodeRouter()
    first.attachChild(child)
    let before = root.snapshot()
    second.attachChild(child)
    #expect(harness.diagnosticKinds == [.attachedToAnotherParent])
    #expect(harness.diagnostics[0].message.contains("Detach it from Home first"))
    #expect(root.snapshot() == before)
  }

  @Test func attachingAnAncestorIsReportedAndChangesNothing() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let child = NodeRouter()
    root.attachChild(child)
    let before = root.snapshot()
    child.attachChild(root)
    root.attachChild(root)
    #expect(harness.diagnosticKinds == [.attachCreatesCycle, .attachCreatesCycle])
    #expect(root.snapshot() == before)
  }

  @Test func detachingANonChildIsReportedAndChangesNothing() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let child = NodeRouter()
    let stranger = NodeRouter()
    root.attachChild(child)
    let before = root.snapshot()
    root.detachChild(stranger)
    child.detachChild(root)
    #expect(harness.diagnosticKinds == [.detachedNonChild, .detachedNonChild])
    #expect(root.snapshot() == before)
    #expect(child.interactor.isActive)
  }

  @Test func misuseReportsNameTheRIBs() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    root.detachChild(HomeRouter())
    #expect(
      harness.diagnostics.map(\.message) == [
        "Home is not a child of Root and was not detached. Detach a router from the router it "
          + "was attached to."
      ])
  }

  // MARK: Viewable and launch routers

  @Test func viewableRouterOwnsItsView() {
    let view = FakeView("confirm")
    let router = ScreenRouter(view: view)
    #expect(router.viewController === view)
    #expect(router.viewControllable === view)
    #expect(router.snapshot().hasView)
    #expect(router.ribObjects.map(\.role) == [.router, .interactor, .view, .presenter])
  }

  @Test func launchInstallsTheViewActivatesAndLoads() {
    let log = HookLog()
    let harness = RIBHarness()
    let root = AppRootRouter(log: log)
    let child = NodeRouter("child", log: log)
    root.attachChild(child)
    harness.launch(root)
    #expect(harness.host.rootView === root.viewControllable)
    #expect(root.isLaunched)
    #expect(root.isLoaded)
    #expect(root.interactor.isActive)
    #expect(child.interactor.isActive)
    #expect(
      log.entries == [
        "root.didBecomeActive(isActive: true)", "child.didBecomeActive(isActive: true)",
      ])
  }

  @Test func launchingTwiceIsReportedAndChangesNothing() {
    let harness = RIBHarness()
    let root = AppRootRouter()
    harness.launch(root)
    harness.launch(root)
    #expect(harness.host.installCount == 1)
    #expect(harness.diagnosticKinds == [.launchedTwice])
    #expect(root.interactor.didBecomeActiveCount == 1)
  }

  @Test func viewfulSubtreeDeallocatesAfterDetach() {
    let harness = RIBHarness()
    let root = AppRootRouter()
    harness.launch(root)
    root.attachChild(ScreenRouter())
    let watch = DeallocationTracker()
    watch.trackSubtree(of: root.children[0])
    #expect(watch.trackedCount == 4)
    root.detachChild(root.children[0])
    watch.expectAllDeallocated()
    harness.expectNoLeaks()
  }
}
