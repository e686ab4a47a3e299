import Ribcage
import RibcageTesting
import Testing

/// One test per confirmed bug of the core-hardening review, named after it: each asserts what
/// must happen, in the way real uber-style code gets there (hooks that change the tree, objects
/// dropped without detaching, tasks suspended mid-`await`).
@MainActor
@Suite struct CoreHardeningTests {
  // MARK: Tree walks and lifecycle

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

  @Test func droppingAnActiveTreeDeactivatesItChildrenFirstAndStopsBoundWork() async {
    let harness = RIBHarness()
    let log = HookLog()
    var root: AppRootRouter? = AppRootRouter(log: log)
    harness.launch(root!)
    root!.attachChild(NodeRouter("child", log: log))
    let tracker = DeallocationTracker()
    var polls = 0
    weak var poller: PollingInteractor?
    do {
      let polling = PollingInteractor()
      polling.onPoll = { polls += 1 }
      root!.children[0].attachChild(Router(interactor: polling))
      poller = polling
    }
    tracker.trackSubtree(of: root!)
    await poller?.waitForPolls(2)
    log.entries.removeAll()
    // Sign-out rebuilds the tree: the old root is simply dropped, the new one launched.
    root = nil
    let signedOut = AppRootRouter()
    harness.launch(signedOut)
    #expect(
      log.entries == [
        "child.willResignActive(isActive: true)", "root.willResignActive(isActive: true)",
      ])
    #expect(poller?.isActive != true)
    let pollsAtDrop = polls
    for _ in 0..<20 { await Task.yield() }
    #expect(polls == pollsAtDrop, "the bound polling task stopped")
    await harness.expectNoLeaks()
    tracker.expectAllDeallocated()
    withExtendedLifetime(signedOut) {}
  }

  @Test func droppingAnActiveTreeReportsWhatItLeaks() {
    let harness = RIBHarness()
    var root: AppRootRouter? = AppRootRouter()
    harness.launch(root!)
    let child = NodeRouter("child")
    root!.attachChild(child)
    root = nil
    #expect(!child.interactor.isActive)
    let reports = harness.sweepLeaks()
    #expect(reports.flatMap(\.leakedObjects).map(\.path).contains("AppRoot/Node"))
  }

  @Test func releasingAStartedWorkerStopsItOnceAndCancelsItsWork() async {
    let interactor = RecordingInteractor()
    interactor.activate()
    let work = FakeWork()
    var stops = 0
    var worker: StopCountingWorker? = StopCountingWorker()
    worker!.onStop = { stops += 1 }
    worker!.start(interactor)
    #expect(worker!.isRunning)
    work.cancelOnStop(worker: worker!)
    let task = Task { @MainActor in
      while !Task.isCancelled { await Task.yield() }
    }
    task.cancelOnStop(worker: worker!)
    weak let released = worker
    worker = nil
    #expect(released == nil)
    #expect(stops == 1)
    #expect(work.cancelCount == 1)
    #expect(task.isCancelled)
    // The worker's subscription to the scope is gone too: re-activation starts nothing.
    interactor.deactivate()
    interactor.activate()
    #expect(stops == 1)
  }

  @Test func taskOnAnInactiveInteractorNeverRunsItsBody() async {
    let harness = RIBHarness()
    let router = NodeRouter()
    router.context = harness.context
    var tracked = 0
    let task = router.interactor.task { tracked += 1 }
    #expect(task == nil)
    for _ in 0..<5 { await Task.yield() }
    #expect(tracked == 0)
    #expect(harness.diagnosticKinds == [.boundToInactiveInteractor])
  }

  @Test func finishedBoundWorkIsReleasedWhenItEnds() async {
    let interactor = RecordingInteractor()
    interactor.activate()
    for round in 1...10 {
      let fetched = interactor.task { round }
      #expect(await fetched?.value == round)
    }
    let throwing = interactor.task { () async throws -> Int in throw Refused() }
    _ = try? await throwing.value
    // A bound user task is released when it ends too.
    let userTask = Task { @MainActor in 1 }
    userTask.cancelOnDeactivate(interactor: interactor)
    _ = await userTask.value
    for _ in 0..<10 { await Task.yield() }
    #expect(interactor.boundWorkCount == 0)
    let endless = interactor.task {
      while !Task.isCancelled { await Task.yield() }
    }
    #expect(interactor.boundWorkCount == 1)
    interactor.deactivate()
    #expect(endless?.isCancelled == true)
    #expect(interactor.boundWorkCount == 0)
  }

  @Test func valueSentFromInsideTheReplayedDeliveryIsDeliveredAfterIt() {
    let store = MutableStateStream("idle")
    var log: [String] = []
    let first = store.stream.observe { log.append("first \($0)") }
    let subscription = store.stream.observe { value in
      log.append("begin \(value)")
      if value == "idle" { store.send("loading") }
      log.append("end \(value)")
    }
    #expect(
      log == [
        "first idle", "begin idle", "end idle", "first loading", "begin loading", "end loading",
      ])
    // The same through an interactor's observe.
    log.removeAll()
    let interactor = RecordingInteractor()
    interactor.activate()
    let other = MutableStateStream(0)
    interactor.observe(other.stream) { value in
      log.append("begin \(value)")
      if value == 0 { other.send(1) }
      log.append("end \(value)")
    }
    #expect(log == ["begin 0", "end 0", "begin 1", "end 1"])
    first.cancel()
    subscription.cancel()
  }

  // Found by review of the fixes above.

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

  @Test func runFlowReturnsTheResultOfAChildThatFinishedWhileAttaching() async throws {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let result = try await root.runFlow { (outcome: FlowOutcome<Int>) in
      let child = NodeRouter("child")
      child.interactor.onDidBecomeActive = { _ in
        outcome.finish(7)
        if let attached = root.children.first { root.detachChild(attached) }
      }
      return child
    }
    #expect(result == 7)
    #expect(harness.diagnostics.isEmpty)
    // Attached already, here: refused.
    let twice = NodeRouter("twice")
    root.attachChild(twice)
    await #expect(throws: FlowError.attachRefused(child: "Node", parent: "Root")) {
      try await root.runFlow { (_: FlowOutcome<Int>) in twice }
    }
    #expect(harness.diagnosticKinds == [.alreadyAttached])
    root.detachChild(twice)
    let leaked = await harness.sweepLeaks(settlingFor: 100).flatMap(\.leakedObjects)
    #expect(leaked.map(\.role) == [.router, .interactor], "only twice, which this test holds")
    withExtendedLifetime(twice) {}
  }

  @Test func sharedMakesOneInstancePerTypeAtAGenericCallSite() {
    let component = OptionalSharingComponent()
    let number: Int = component.store { 1 }
    let text: String = component.store { "one" }
    #expect(number == 1)
    #expect(text == "one")
    #expect(component.store { 2 } == 1)
  }

  @Test func aStepKeepsAnItemOnlyItsRunHolds() async throws {
    let target = RecordingInteractor()
    let run = WorkflowRunner().start(
      Workflow<ScopeAdapter>("adapter").onStep { adapter in adapter.label }.commit(),
      on: ScopeAdapter(target))
    for _ in 0..<20 { await Task.yield() }
    target.activate()
    #expect(try await run.result == "adapter")
  }

  @Test func aChildOfADroppedRootReattachedElsewhereByAHookIsLeftAlone() {
    let harness = RIBHarness()
    var root: AppRootRouter? = AppRootRouter()
    harness.launch(root!)
    let other = NodeRouter("other")
    harness.activate(other)
    let a = NodeRouter("a")
    let b = NodeRouter("b")
    root!.attachChild(a)
    root!.attachChild(b)
    b.interactor.onWillResignActive = { _ in other.attachChild(a) }
    root = nil
    harness.launch(AppRootRouter())
    #expect(other.children.first === a)
    #expect(a.interactor.isActive)
    let leaked = harness.sweepLeaks().flatMap(\.leakedObjects).filter { $0.role == .router }
    #expect(leaked.map(\.path) == ["AppRoot/Node"], "only b, which this test holds")
  }

  // MARK: Leak detection

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

  // MARK: Navigation

  @Test func theLatestLinkWinsWithRunHandlesDiscarded() async {
    let runner = WorkflowRunner()
    let root = RootItem()
    var shown: [Int] = []
    for id in 1...3 {
      Workflow<RootItem>("open-trip")
        .onStep { root in try await root.waitForSignIn() }
        .onStep { _ in shown.append(id) }
        .commit()
        .subscribe(root, using: runner)  // the handle is discarded, as in the README
    }
    root.signIn()
    await eventually { !runner.isRunning(kind: "open-trip") }
    #expect(shown == [3])
  }

  @Test func aCancelledRunStartsNoFurtherStepAndSaysCancelledOnlyWhenItHasEnded() async {
    let runner = WorkflowRunner()
    let gate = Gate()
    var steps: [String] = []
    let run = runner.start(
      Workflow<Gate>("slow")
        .onStep { gate in
          steps.append("first")
          await gate.wait()  // ignores cancellation
          return gate
        }
        .onStep { _ in steps.append("second") }
        .commit(), on: gate)
    await eventually { steps == ["first"] }
    run.cancel()
    #expect(run.isCancellationRequested)
    if case .running = run.state.value {} else { Issue.record("still in its first step") }
    gate.open()
    await eventually { run.state.value.isFinished }
    if case .cancelled = run.state.value {} else { Issue.record("expected cancelled") }
    #expect(steps == ["first"])
  }

  @Test func runFlowEndsWithATypedErrorWhenTheChildIsDetachedByAnythingElse() async throws {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let parent = NodeRouter("parent")
    root.attachChild(parent)
    let tracker = DeallocationTracker()
    tracker.track(parent)
    // 1. The parent routes elsewhere and detaches the child.
    let first = Task { @MainActor in
      try await parent.runFlow { (_: FlowOutcome<Int>) in
        let child = NodeRouter("child")
        tracker.trackSubtree(of: child)
        return child
      }
    }
    await eventually { parent.children.count == 1 }
    parent.detachChild(parent.children[0])
    await #expect(throws: FlowError.childDetached(child: "Node")) { try await first.value }
    // 2. The parent's parent detaches the parent.
    let second = Task { @MainActor in
      try await parent.runFlow { (_: FlowOutcome<Int>) in NodeRouter("child") }
    }
    await eventually { parent.children.count == 1 }
    root.detachChild(parent)
    await #expect(throws: FlowError.childDetached(child: "Node")) { try await second.value }
    #expect(parent.children.isEmpty)
    // 3. The attach is refused.
    let elsewhere = NodeRouter("elsewhere")
    let attached = NodeRouter("attached")
    elsewhere.attachChild(attached)
    await #expect(throws: FlowError.attachRefused(child: "Node", parent: "Node")) {
      try await parent.runFlow { (_: FlowOutcome<Int>) in attached }
    }
    // Only the parent, which this test holds, is still alive: no suspended flow keeps anything.
    let leaked = await harness.sweepLeaks(settlingFor: 100).flatMap(\.leakedObjects)
    #expect(leaked.map(\.role) == [.router, .interactor])
    #expect(tracker.survivors == ["NodeRouter"])
  }

  @Test func waitUntilActiveThrowsOnceTheScopeIsDetachedOrReleased() async {
    let harness = RIBHarness()
    let root = RootRouter()
    root.context = harness.context
    var child: NodeRouter? = NodeRouter("child")
    root.attachChild(child!)
    let waiting = Task { @MainActor [weak child] in try await child?.interactor.waitUntilActive() }
    await Task.yield()
    root.detachChild(child!)
    await #expect(throws: CancellationError.self) { try await waiting.value }
    // Released while a workflow waits on it: the workflow does not keep it alive.
    let runner = WorkflowRunner()
    weak let weakChild = child
    let tracker = DeallocationTracker()
    tracker.trackSubtree(of: child!)
    let run = runner.start(
      Workflow<RecordingInteractor>("wait").onStep { _ in }.commit(), on: child!.interactor)
    for _ in 0..<5 { await Task.yield() }
    #expect(!run.state.value.isFinished, "waiting for the RIB to become active")
    child = nil
    #expect(weakChild == nil)
    await eventually { run.state.value.isFinished }
    if case .cancelled = run.state.value {} else { Issue.record("expected cancelled") }
    await harness.expectNoLeaks()
    tracker.expectAllDeallocated()
  }

  // MARK: DI and presentation

  @Test func sharedOfAnOptionalTypeRunsItsFactoryOnce() {
    let component = OptionalSharingComponent()
    #expect(component.session != nil)
    #expect(component.session === component.session)
    #expect(component.factoryRuns == 1)
    #expect(component.missing == nil)
    #expect(component.missing == nil)
    #expect(component.missingRuns == 1)
  }

  @Test func sharedKeysCompareByContentNotByAddress() {
    let component = OptionalSharingComponent()
    let literal: StaticString = "Feature.swift"
    let copy = StaticString.heapCopy(of: "Feature.swift")
    #expect(literal.utf8Start != copy.utf8Start)
    let first = component.shared(file: literal, line: 1, column: 1) { Session() }
    let second = component.shared(file: copy, line: 1, column: 1) { Session() }
    #expect(first === second)
  }

  @Test func theFirstRenderIsSynchronous() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let scheduler = ManualRenderScheduler()
    let requests = RequestService()
    requests.quote(7)
    var confirm: ConfirmRouter! = makeConfirm(requests: requests, scheduler: scheduler)
    root.attachChild(confirm)
    #expect(confirm.viewController.text == "Confirm uberX $7 [Confirm]")
    #expect(scheduler.pendingCount == 0)
    #expect(confirm.interactor.loop.renderCount == 1)
    // Later changes stay coalesced per turn.
    requests.quote(8)
    requests.quote(9)
    #expect(confirm.viewController.text == "Confirm uberX $7 [Confirm]")
    #expect(scheduler.pendingCount == 1)
    scheduler.flush()
    #expect(confirm.viewController.text == "Confirm uberX $9 [Confirm]")
    #expect(confirm.interactor.loop.renderCount == 2)
    root.detachChild(confirm)
    confirm = nil
    harness.expectNoLeaks()
  }

  @Test func aLaunchHostGivenARootViewOfTheWrongKindStopsWithAMessage() async {
    let host = TypedLaunchHost()
    host.install(rootView: TypedRootView())
    #expect(host.installed != nil)
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        TypedLaunchHost().install(rootView: FakeView())
      }
    }
  }
}

// MARK: Fixtures

private struct Refused: Error {}

/// An interactor whose bound task polls until cancelled.
@MainActor
private final class PollingInteractor: Interactor, Interactable {
  var onPoll: (() -> Void)?
  private var pollCount = 0

  override func didBecomeActive() {
    super.didBecomeActive()
    task {
      while !Task.isCancelled {
        await self.poll()
      }
    }
  }

  private func poll() async {
    pollCount += 1
    onPoll?()
    await Task.yield()
  }

  func waitForPolls(_ count: Int) async {
    while pollCount < count { await Task.yield() }
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

@MainActor
private final class StopCountingWorker: Worker {
  var onStop: (() -> Void)?
  override func didStop() {
    super.didStop()
    onStop?()
  }
}

/// Releases its object on whatever thread calls `release()`.
private final class UncheckedBox: @unchecked Sendable {
  private var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
  func release() { object = nil }
}

/// A root actionable item that signs in later.
@MainActor
private final class RootItem {
  private let signedIn = MutableStateStream(false)
  func signIn() { signedIn.send(true) }
  func waitForSignIn() async throws -> RootItem {
    _ = try await signedIn.stream.first { $0 }
    return self
  }
}

/// A step that waits for the test, whatever the task's cancellation.
@MainActor
private final class Gate {
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var isOpen = false
  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }
  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters.removeAll()
  }
}

@MainActor
private final class Session {}

@MainActor
private final class OptionalSharingComponent: Component<EmptyDependency> {
  var factoryRuns = 0
  var missingRuns = 0

  init() { super.init(dependency: EmptyComponent()) }

  var session: Session? {
    shared {
      factoryRuns += 1
      return Session()
    }
  }

  var missing: Session? {
    shared {
      missingRuns += 1
      return nil
    }
  }
}

/// A scope that forwards to an interactor: made by a step, owned by the run alone.
@MainActor
private final class ScopeAdapter: InteractorScope {
  let label = "adapter"
  private let target: Interactor
  init(_ target: Interactor) { self.target = target }
  var isActive: Bool { target.isActive }
  var isActiveStream: StateStream<Bool> { target.isActiveStream }
}

extension OptionalSharingComponent {
  /// A generic helper: one `shared` call site for every type.
  func store<Value>(_ make: () -> Value) -> Value { shared(make) }
}

@MainActor
private final class TypedRootView: ViewControllable {}

@MainActor
private final class TypedLaunchHost: LaunchHost {
  var installed: TypedRootView?
  func install(rootView: any ViewControllable) {
    installed = requireRootView(rootView, as: TypedRootView.self)
  }
}

extension StaticString {
  /// The same text as `literal`, stored on the heap (never freed): what a string literal of
  /// another binary image looks like to `shared { }`.
  fileprivate static func heapCopy(of literal: StaticString) -> StaticString {
    let count = literal.utf8CodeUnitCount
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: count + 1)
    storage.initialize(from: literal.utf8Start, count: count)
    storage[count] = 0
    // StaticString's layout: start address, byte count, flags (2: ASCII, pointer form).
    return unsafeBitCast((storage, count, UInt8(2)), to: StaticString.self)
  }
}
