@_spi(Diagnostics) import Ribcage
import RibcageTesting
import Testing

/// Lifecycle hooks that change the tree while it is being walked (attached, activated,
/// deactivated or detached): each test is a bug the core once had, reached the way uber-style
/// code reaches it, and asserts what must happen instead.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct HookReentrancyTests {
  @Test func siblingDetachedByAHookDuringAnAttachStaysInactiveAndTracked() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let parent = NodeRouter("parent")
    var b: NodeRouter? = NodeRouter("b")
    let a = NodeRouter("a")
    parent.attachChild(a)
    parent.attachChild(b!)
    let keptAlive = b!
    // Detach B once (tracked), attach again inactive, then let A's hook detach it mid-walk.
    a.interactor.onDidBecomeActive = { _ in parent.detachChild(keptAlive) }
    root.attachChild(parent)
    #expect(!keptAlive.interactor.isActive)
    #expect(keptAlive.interactor.didBecomeActiveCount == 0)
    #expect(parent.children.map(\.name) == ["Node"])
    // B is still tracked: kept alive past the grace period, it is reported.
    let reports = harness.sweepLeaks()
    #expect(reports.count == 1)
    #expect(reports.first?.leakedObjects.map(\.role) == [.router, .interactor])
    b = nil
    a.interactor.onDidBecomeActive = nil
    root.detachChild(parent)
    let tracker = DeallocationTracker()
    tracker.trackSubtree(of: parent)
    tracker.track(keptAlive)
    #expect(harness.sweepLeaks().count == 1, "the test still holds parent, a and b")
  }

  @Test func siblingDetachedByAHookDuringActivationOfAnExistingSubtreeStaysInactive() {
    let harness = RIBHarness()
    let root = RootRouter()
    root.context = harness.context
    let parent = NodeRouter("parent")
    let a = NodeRouter("a")
    let b = NodeRouter("b")
    root.attachChild(parent)
    parent.attachChild(a)
    parent.attachChild(b)
    a.interactor.onDidBecomeActive = { _ in parent.detachChild(b) }
    root.interactor.activate()
    #expect(a.interactor.isActive)
    #expect(!b.interactor.isActive)
    #expect(b.interactor.didBecomeActiveCount == 0)
    let tracker = DeallocationTracker()
    tracker.trackSubtree(of: b)
    #expect(harness.sweepLeaks().count == 1, "B is held by this test, so it is reported")
    root.interactor.deactivate()
    a.interactor.onDidBecomeActive = nil
    withExtendedLifetime(b) {}
  }

  @Test func siblingDetachedByAHookDuringADetachIsReportedWhenKeptAlive() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let p = NodeRouter("p")
    let c1 = NodeRouter("c1")
    let c2 = NodeRouter("c2")
    root.attachChild(p)
    p.attachChild(c1)
    p.attachChild(c2)
    c2.interactor.onWillResignActive = { _ in p.detachChild(c1) }
    root.detachChild(p)
    #expect(!c1.interactor.isActive)
    #expect(!c2.interactor.isActive)
    #expect(c1.interactor.willResignActiveCount == 1)
    // c1 (kept alive by this test) is reported; p and c2 too, as the test holds them.
    let reports = harness.sweepLeaks()
    let leaked = Set(reports.flatMap(\.leakedObjects).map(\.path))
    #expect(leaked.contains("Root/Node/Node"))
    #expect(reports.flatMap(\.leakedObjects).filter { $0.role == .router }.count == 3)
    withExtendedLifetime((p, c1, c2)) {}
  }

  @Test func attachingFromAHookWhileASubtreeIsBeingDeactivatedAttachesInactive() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let p = NodeRouter("p")
    let c = NodeRouter("c")
    root.attachChild(p)
    p.attachChild(c)
    let tracker = DeallocationTracker()
    var n: NodeRouter? = NodeRouter("n")
    tracker.trackSubtree(of: n!)
    c.interactor.onWillResignActive = { _ in
      if let n { p.attachChild(n) }
    }
    root.detachChild(p)
    #expect(p.children.count == 2)
    #expect(!n!.interactor.isActive)
    #expect(n!.interactor.didBecomeActiveCount == 0)
    #expect(n!.isLoaded)
    // Re-attached later, the whole subtree (n included) becomes active.
    c.interactor.onWillResignActive = nil
    root.attachChild(p)
    #expect(n!.interactor.isActive)
    root.detachChild(p)
    n = nil
    // The test still holds p, so p, c and n (p's children) are reported.
    let leaked = harness.sweepLeaks().flatMap(\.leakedObjects)
    #expect(leaked.filter { $0.role == .router }.count == 3)
    withExtendedLifetime((p, c)) {}
    #expect(tracker.survivors.count == 2)
  }

  @Test func childDetachedDuringItsOwnActivationIsNotLoadedAndNoWarning() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let flow = MutableStateStream("done")
    var child: NodeRouter? = NodeRouter("child")
    let tracker = DeallocationTracker()
    tracker.trackSubtree(of: child!)
    child!.interactor.onDidBecomeActive = { interactor in
      // Replayed state says "done": the parent detaches the child right away.
      interactor.observe(flow.stream) { state in
        if state == "done", let router = root.children.first { root.detachChild(router) }
      }
    }
    root.attachChild(child!)
    #expect(root.children.isEmpty)
    #expect(child!.didLoadCount == 0)
    #expect(!child!.isLoaded)
    #expect(harness.diagnostics.isEmpty)
    #expect(child!.interactor.boundWorkCount == 0)
    #expect(flow.subscriberCount == 0)
    child = nil
    harness.expectNoLeaks()
    tracker.expectAllDeallocated()
  }

  @Test func detachingAChildFromItsOwnDeactivateIsNotIgnored() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    var child: NodeRouter? = NodeRouter("child")
    root.attachChild(child!)
    child!.interactor.onWillResignActive = { _ in
      if let attached = root.children.first { root.detachChild(attached) }
    }
    child!.interactor.deactivate()
    #expect(root.children.isEmpty)
    #expect(harness.diagnostics.isEmpty)
    child = nil
    harness.expectNoLeaks()
  }

  @Test func aRIBMovedToAnActiveParentWhileItResignsEndsActive() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let p = NodeRouter("p")
    let c = NodeRouter("c")
    let d = NodeRouter("d")
    let e = NodeRouter("e")
    let q = NodeRouter("q")
    root.attachChild(p)
    root.attachChild(q)
    p.attachChild(c)
    c.attachChild(d)
    d.attachChild(e)
    d.interactor.onWillResignActive = { _ in
      c.detachChild(d, expectingDeallocation: false)
      q.attachChild(d)
    }
    root.detachChild(p, expectingDeallocation: false)
    #expect(q.children.first === d)
    #expect(d.interactor.isActive)
    #expect(e.interactor.isActive)
    #expect(!c.interactor.isActive)
    #expect(harness.sweepLeaks().isEmpty)
  }
}
