import Ribcage
import RibcageTesting
import Testing

/// Leak detection where apps do unusual things: tabs re-attached within the grace period, routers
/// kept on purpose, tasks still suspended at detach, handlers that detach more, release builds,
/// objects dying on other threads.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LeakDetectionOddCaseTests {
  @Test func reattachingADetachedViewableRIBWithinTheGracePeriodReportsNothing() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let tab = ScreenRouter()
    root.attachChild(tab)
    root.detachChild(tab)  // a tab switch
    root.attachChild(tab)
    #expect(tab.interactor.isActive)
    #expect(harness.sweepLeaks().isEmpty)
    root.detachChild(tab)
    let tracker = DeallocationTracker()
    tracker.trackSubtree(of: tab)
    #expect(harness.sweepLeaks().count == 1, "held by the test after the final detach")
  }

  @Test func routersKeptOnPurposeAreDetachedWithoutExpectingDeallocation() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let cachedTab = ScreenRouter()
    let otherTab = ScreenRouter()
    root.attachChild(cachedTab)
    root.detachChild(cachedTab, expectingDeallocation: false)
    root.attachChild(otherTab)
    #expect(!cachedTab.interactor.isActive)
    #expect(harness.sweepLeaks().isEmpty)
    root.detachChild(otherTab, expectingDeallocation: false)
    root.attachChild(cachedTab)
    #expect(cachedTab.interactor.isActive)
    #expect(harness.sweepLeaks().isEmpty)
    withExtendedLifetime(otherTab) {}
  }

  @Test func asyncExpectNoLeaksLetsASuspendedBoundTaskFinish() async {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    // The README's `task { await self.refreshETA() }`.
    var ride: Router<ETAInteractor>? = Router(interactor: ETAInteractor())
    root.attachChild(ride!)
    await Task.yield()
    root.detachChild(ride!)
    ride = nil
    // The cancelled task still holds the interactor until it resumes on the main actor.
    #expect(harness.leakDetector.liveObjectCount > 0)
    await harness.expectNoLeaks()
  }

  @Test func aLeakHandlerThatDetachesSchedulesOneSweep() async {
    let clock = TestClock()
    var reports: [LeakReport] = []
    let root = RootRouter()
    let kept = NodeRouter("kept")
    let second = NodeRouter("second")
    let detector = LeakDetector(gracePeriod: .seconds(1), clock: clock) { report in
      reports.append(report)
      // Reacting to a leak by tearing down more of the tree.
      if root.children.contains(where: { $0 === second }) { root.detachChild(second) }
    }
    root.context = TreeContext(leakDetector: detector)
    root.interactable.activate()
    root.attachChild(kept)
    root.attachChild(second)
    root.detachChild(kept)
    #expect(clock.sleeperCount == 0 || clock.sleeperCount == 1)
    await eventually { clock.sleeperCount == 1 }
    clock.advance(by: .seconds(1))
    await eventually { reports.count == 1 }
    await eventually { clock.sleeperCount == 1 }
    for _ in 0..<10 { await Task.yield() }
    #expect(clock.sleeperCount == 1, "one sweep scheduled for what the handler detached")
    clock.advance(by: .seconds(1))
    await eventually { reports.count == 2 }
    for _ in 0..<10 { await Task.yield() }
    #expect(reports.count == 2)
    #expect(clock.sleeperCount == 0)
    withExtendedLifetime((kept, second)) {}
  }

  @Test func releaseBuildsTrackNothingUnlessADetectorIsConfigured() {
    let context = TreeContext()
    #if DEBUG
      #expect(context.leakDetector != nil)
    #else
      #expect(context.leakDetector == nil)
    #endif
    // With no detector, detaching tracks nothing and costs no sweep.
    let root = RootRouter()
    root.context = TreeContext(leakDetector: nil)
    root.interactable.activate()
    let child = NodeRouter()
    root.attachChild(child)
    root.detachChild(child)
    #expect(root.context.leakDetector == nil)
  }

  @Test func trackedFlagsAreReadAtomicallyWhileObjectsDieOnOtherThreads() async {
    // Routers released off the main actor while the detector reads the batch: run under
    // ThreadSanitizer in CI (`swift test --sanitize=thread`), which must report nothing.
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    for _ in 0..<20 {
      let child = ScreenRouter()
      root.attachChild(child)
      root.detachChild(child)
      let box = UncheckedBox(child)
      let done = Task.detached { box.release() }
      _ = harness.leakDetector.liveObjectCount
      await done.value
    }
    await harness.expectNoLeaks()
  }
}

/// The README's ride interactor: `task { await self.refreshETA() }`.
@MainActor
private final class ETAInteractor: Interactor, Interactable {
  private(set) var eta = 0

  override func didBecomeActive() {
    super.didBecomeActive()
    task { await self.refreshETA() }
  }

  private func refreshETA() async {
    try? await Task.sleep(for: .seconds(3600))
    eta += 1
  }
}

/// Releases its object on whatever thread calls `release()`.
private final class UncheckedBox: @unchecked Sendable {
  private var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
  func release() { object = nil }
}
