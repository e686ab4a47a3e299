import Ribcage
import RibcageTesting
import Testing

/// The workflows' promise — a deep link runs a workflow that acts only on active RIBs, and the
/// latest link wins — when things happen at once. Each test is one interleaving that broke it.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct WorkflowInterleavingTests {
  @Test func aRunReplacedDuringItsLastStepEndsCancelledAndDoesNotComplete() async {
    let runner = WorkflowRunner()
    let gate = StepGate()
    var completions: [Int] = []
    let first = runner.start(
      Workflow<StepGate>("open-trip")
        .onStep { gate -> Int in
          await gate.pass()  // ignores cancellation, as many calls do
          return 1
        }
        .commit()
        .didComplete { completions.append($0) }, on: gate)
    await eventually { gate.waiting == 1 }
    let second = runner.start(
      Workflow<StepGate>("open-trip").onStep { _ in 2 }.commit()
        .didComplete { completions.append($0) }, on: gate)
    gate.open()
    await eventually { first.state.value.isFinished && second.state.value.isFinished }
    guard case .cancelled = first.state.value else {
      Issue.record("the replaced run ends cancelled, not \(first.state.value)")
      return
    }
    await #expect(throws: CancellationError.self) { try await first.result }
    #expect(completions == [2], "didComplete fires for the run that won only")
  }

  @Test func aStepWhoseRIBIsDeactivatedBeforeItResumesWaitsAgain() async throws {
    let tabs = NodeRouter("tabs")
    var tab: NodeRouter? = NodeRouter("tab")
    tabs.attachChild(tab!)  // inactive: its parent is not active
    var activeWhenActing: [Bool] = []
    let runner = WorkflowRunner()
    let run = runner.start(
      Workflow<RecordingInteractor>("open-tab")
        .onStep { tab in activeWhenActing.append(tab.isActive) }
        .commit(), on: tab!.interactor)
    for _ in 0..<5 { await Task.yield() }
    // The tab becomes active and is switched away at once, before the step resumes.
    tabs.interactor.activate()
    tabs.interactor.deactivate()
    for _ in 0..<20 { await Task.yield() }
    #expect(activeWhenActing.isEmpty, "the step waits again instead of acting on an inactive RIB")
    tabs.interactor.activate()
    try await run.result
    #expect(activeWhenActing == [true])
    let tracker = DeallocationTracker()
    tracker.trackSubtree(of: tab!)
    tabs.detachChild(tab!)
    tab = nil
    tracker.expectAllDeallocated()
  }

  @Test func aRunWhoseRIBWasTornDownBeforeItResumedEndsAndKeepsNothingAlive() async {
    let harness = RIBHarness()
    let root = SessionRootRouter()
    harness.activate(root)
    let runner = WorkflowRunner()
    var shown: [Int] = []
    let run = runner.start(
      Workflow<SessionRootInteractor>("open-trip")
        .onStep { root in try await root.waitForSignIn() }
        .onStep { loggedIn in shown.append(loggedIn.serial) }
        .commit(), on: root.interactor)
    await eventually { root.interactor.waiterCount == 1 }
    let tracker = DeallocationTracker()
    // Sign-in and an expired session both land before the run resumes.
    root.interactor.signIn()
    tracker.trackSubtree(of: root.children[0])
    root.interactor.expireSession()
    await eventually { run.state.value.isFinished }
    guard case .cancelled = run.state.value else {
      Issue.record("the run ends cancelled, not \(run.state.value)")
      return
    }
    #expect(shown.isEmpty)
    #expect(!runner.isRunning(kind: "open-trip"))
    tracker.expectAllDeallocated()
    await harness.expectNoLeaks()
  }

  @Test func cancellingARunFromAnEventsObserverOnStartedIsNotLost() async {
    let runner = WorkflowRunner()
    var acted = false
    let observation = runner.events.observe { [weak runner] event in
      if case .started = event.phase { runner?.cancel(kind: event.kind) }
    }
    defer { observation.cancel() }
    let run = runner.start(Workflow<Int>("open-trip").onStep { _ in acted = true }.commit(), on: 1)
    await eventually { run.state.value.isFinished }
    guard case .cancelled = run.state.value else {
      Issue.record("the run ends cancelled, not \(run.state.value)")
      return
    }
    #expect(!acted)
    #expect(!runner.isRunning(kind: "open-trip"))
  }

  @Test func aReplacedRunWhoseCallThrowsItsOwnCancellationErrorEndsCancelled() async {
    let runner = WorkflowRunner()
    let gate = StepGate()
    var errorsSeen: [String] = []
    let first = runner.start(
      Workflow<StepGate>("refresh")
        .onStep { gate in try await gate.passOrThrowOnCancel() }  // URLError(.cancelled)-like
        .onError { errorsSeen.append("onError \($0)") }
        .commit()
        .didReceiveError { errorsSeen.append("didReceiveError \($0)") }, on: gate)
    await eventually { gate.waiting == 1 }
    let second = runner.start(Workflow<StepGate>("refresh").onStep { _ in }.commit(), on: gate)
    await eventually { first.state.value.isFinished && second.state.value.isFinished }
    guard case .cancelled = first.state.value else {
      Issue.record("once the run is cancelled, any error is cancellation: \(first.state.value)")
      return
    }
    #expect(errorsSeen.isEmpty, "error handlers do not run for a cancelled run")
    await #expect(throws: CancellationError.self) { try await first.result }
  }

  @Test func theLatestLinkActsLastWhenTheReplacedStepSwallowsCancellation() async throws {
    let runner = WorkflowRunner()
    let gate = StepGate()
    var shown: [Int] = []
    let first = runner.start(
      Workflow<StepGate>("open-trip")
        .onStep { gate in
          _ = try? await gate.passOrThrowOnCancelLater()  // swallows cancellation, then acts
          shown.append(1)
        }
        .commit(), on: gate)
    await eventually { gate.waiting == 1 }
    let second = runner.start(
      Workflow<StepGate>("open-trip").onStep { _ in shown.append(2) }.commit(), on: gate)
    for _ in 0..<20 { await Task.yield() }
    gate.open()
    try await second.result
    await eventually { first.state.value.isFinished }
    #expect(shown.last == 2, "the latest link acts last: \(shown)")
    guard case .cancelled = first.state.value else {
      Issue.record("the replaced run ends cancelled, not \(first.state.value)")
      return
    }
  }
}

// MARK: Fixtures

/// What a step awaits: a call that returns when the test opens the gate, whatever the task's
/// cancellation (as many calls do), or one that throws an error of its own when cancelled.
@MainActor
final class StepGate {
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var isOpen = false
  /// Calls waiting for the gate now.
  private(set) var waiting = 0

  /// An error a networking call throws when its task is cancelled (`URLError(.cancelled)`).
  struct CallCancelled: Error {}

  /// Returns once the gate is open; ignores cancellation.
  func pass() async {
    if isOpen { return }
    waiting += 1
    await withCheckedContinuation { waiters.append($0) }
    waiting -= 1
  }

  /// Returns once the gate is open; throws ``CallCancelled`` as soon as the task is cancelled.
  func passOrThrowOnCancel() async throws {
    let cancelled = CancelledFlag()
    await withTaskCancellationHandler {
      await pass()
    } onCancel: {
      Task { @MainActor in
        cancelled.isSet = true
        self.open()
      }
    }
    if cancelled.isSet { throw CallCancelled() }
  }

  /// Returns once the gate is open, then throws ``CallCancelled`` if the task was cancelled
  /// meanwhile: a call that notices cancellation only when it completes.
  func passOrThrowOnCancelLater() async throws {
    await pass()
    if Task.isCancelled { throw CallCancelled() }
  }

  func open() {
    isOpen = true
    let resumed = waiters
    waiters.removeAll()
    for waiter in resumed { waiter.resume() }
  }
}

@MainActor
private final class CancelledFlag {
  var isSet = false
}

/// The logged-in RIB of ``SessionRootRouter``.
@MainActor
final class SessionLoggedInInteractor: RecordingInteractor {
  let serial: Int
  init(serial: Int) {
    self.serial = serial
    super.init("logged in \(serial)")
  }
}

@MainActor
final class SessionLoggedInRouter: Router<SessionLoggedInInteractor> {}

/// A root that signs in and out the way the docs' "wait for sign-in" pattern does: waiting
/// callers are resumed with the logged-in interactor when a session starts.
@MainActor
final class SessionRootInteractor: RecordingInteractor {
  weak var router: SessionRootRouter?
  private var waiters: [CheckedContinuation<SessionLoggedInInteractor, any Error>] = []
  private var serials = 0

  var waiterCount: Int { waiters.count }

  func waitForSignIn() async throws -> SessionLoggedInInteractor {
    if let current = router?.loggedIn?.interactor { return current }
    return try await withCheckedThrowingContinuation { waiters.append($0) }
  }

  func signIn() {
    serials += 1
    guard let interactor = router?.routeToLoggedIn(serial: serials) else { return }
    let resumed = waiters
    waiters.removeAll()
    for waiter in resumed { waiter.resume(returning: interactor) }
  }

  func expireSession() {
    router?.routeToLoggedOut()
  }
}

@MainActor
final class SessionRootRouter: Router<SessionRootInteractor> {
  private(set) var loggedIn: SessionLoggedInRouter?

  convenience init() {
    let interactor = SessionRootInteractor("root")
    self.init(interactor: interactor)
    interactor.router = self
  }

  func routeToLoggedIn(serial: Int) -> SessionLoggedInInteractor {
    if let loggedIn { return loggedIn.interactor }
    let router = SessionLoggedInRouter(interactor: SessionLoggedInInteractor(serial: serial))
    attachChild(router)
    loggedIn = router
    return router.interactor
  }

  func routeToLoggedOut() {
    guard let loggedIn else { return }
    detachChild(loggedIn)
    self.loggedIn = nil
  }
}
