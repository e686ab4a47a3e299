import Ribcage
import RibcageTesting
import Testing

/// Workflow runs: the latest link wins even when run handles are discarded, a cancelled run
/// starts no further step, a run alone keeps what its steps make, and waiting for a RIB ends
/// once the RIB is detached or released.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct WorkflowRunTests {
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

  @Test func aStepKeepsAnItemOnlyItsRunHolds() async throws {
    let target = RecordingInteractor()
    let run = WorkflowRunner().start(
      Workflow<ScopeAdapter>("adapter").onStep { adapter in adapter.label }.commit(),
      on: ScopeAdapter(target))
    for _ in 0..<20 { await Task.yield() }
    target.activate()
    #expect(try await run.result == "adapter")
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

/// A scope that forwards to an interactor: made by a step, owned by the run alone.
@MainActor
private final class ScopeAdapter: InteractorScope {
  let label = "adapter"
  private let target: Interactor
  init(_ target: Interactor) { self.target = target }
  var isActive: Bool { target.isActive }
  var isActiveStream: StateStream<Bool> { target.isActiveStream }
}
