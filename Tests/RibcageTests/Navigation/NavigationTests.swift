import Ribcage
import RibcageTesting
import Testing

// A small app for navigation tests: Root → (after sign-in) LoggedIn → Trip(id).

@MainActor
final class TripRouter: NodeRouter {
  let tripID: Int
  init(tripID: Int) {
    self.tripID = tripID
    super.init(interactor: RecordingInteractor("trip \(tripID)"))
  }
}

/// The logged-in RIB's actionable item: what workflows may ask of it.
@MainActor
protocol LoggedInActionable: AnyObject {
  func showTrip(id: Int) -> Int
}

@MainActor
final class NavLoggedInInteractor: RecordingInteractor, LoggedInActionable {
  weak var router: NavLoggedInRouter?
  func showTrip(id: Int) -> Int { router?.routeToTrip(id: id) ?? -1 }
}

@MainActor
final class NavLoggedInRouter: Router<NavLoggedInInteractor> {
  private(set) var trip: TripRouter?
  var tripAttachCount = 0

  /// Attaches the trip unless it is already showing; returns the trip shown.
  func routeToTrip(id: Int) -> Int {
    if let trip, trip.tripID == id { return id }
    if let trip { detachChild(trip) }
    let router = TripRouter(tripID: id)
    attachChild(router)
    tripAttachCount += 1
    trip = router
    return id
  }
}

/// The root's actionable item.
@MainActor
protocol RootActionable: AnyObject {
  func waitForSignIn() async throws -> LoggedInActionable
}

@MainActor
final class NavRootInteractor: RecordingInteractor, RootActionable {
  let loggedIn = MutableStateStream<NavLoggedInInteractor?>(nil)
  weak var router: NavRootRouter?

  func signIn() {
    loggedIn.value = router?.routeToLoggedIn()
  }

  func waitForSignIn() async throws -> LoggedInActionable {
    if let current = loggedIn.value { return current }
    for await candidate in loggedIn.stream.values {
      if let candidate { return candidate }
    }
    throw CancellationError()
  }
}

@MainActor
final class NavRootRouter: Router<NavRootInteractor> {
  private(set) var loggedIn: NavLoggedInRouter?

  func routeToLoggedIn() -> NavLoggedInInteractor {
    let interactor = NavLoggedInInteractor("logged in")
    let router = NavLoggedInRouter(interactor: interactor)
    interactor.router = router
    attachChild(router)
    loggedIn = router
    return interactor
  }
}

@MainActor
func openTrip(_ id: Int) -> CommittedWorkflow<RootActionable, Int> {
  Workflow<RootActionable>("open-trip")
    .onStep { root in try await root.waitForSignIn() }
    .onStep { loggedIn in loggedIn.showTrip(id: id) }
    .commit()
}

/// Waits (by yielding) until `condition` holds, a bounded number of times.
@MainActor
func eventually(_ condition: () -> Bool) async {
  for _ in 0..<1_000 where !condition() { await Task.yield() }
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct NavigationTests {
  private func app() -> (RIBHarness, NavRootRouter) {
    let harness = RIBHarness()
    let interactor = NavRootInteractor("root")
    let root = NavRootRouter(interactor: interactor)
    interactor.router = root
    harness.activate(root)
    return (harness, root)
  }

  @Test func aLinkBeforeSignInWaitsThenCompletesAfterSignIn() async throws {
    let (_, root) = app()
    let workflows = WorkflowRunner()
    let run = workflows.start(openTrip(42), on: root.interactor as RootActionable)
    await eventually { false }  // let it reach the waiting step
    guard case .running = run.state.value else {
      Issue.record("the workflow must wait for sign-in")
      return
    }
    #expect(root.children.isEmpty)
    root.interactor.signIn()
    #expect(try await run.result == 42)
    #expect(root.loggedIn?.trip?.tripID == 42)
  }

  @Test func aSecondLinkReplacesTheFirst() async throws {
    let (_, root) = app()
    let workflows = WorkflowRunner()
    let first = workflows.start(openTrip(1), on: root.interactor as RootActionable)
    let second = workflows.start(openTrip(2), on: root.interactor as RootActionable)
    #expect(first.isCancellationRequested)
    await eventually { first.state.value.isFinished }
    guard case .cancelled = first.state.value else {
      Issue.record("the first run ends cancelled before it reaches its next step")
      return
    }
    root.interactor.signIn()
    #expect(try await second.result == 2)
    await #expect(throws: CancellationError.self) { try await first.result }
    #expect(root.loggedIn?.tripAttachCount == 1, "trip 1 was never shown")
  }

  @Test func aLinkToARIBAlreadyAttachedDoesNotAttachItTwice() async throws {
    let (_, root) = app()
    root.interactor.signIn()
    let workflows = WorkflowRunner()
    #expect(
      try await workflows.start(openTrip(7), on: root.interactor as RootActionable).result == 7)
    #expect(
      try await workflows.start(openTrip(7), on: root.interactor as RootActionable).result == 7)
    #expect(root.loggedIn?.tripAttachCount == 1)
    #expect(root.loggedIn?.children.count == 1)
  }

  @Test func aStepWaitsUntilItsInteractorIsActive() async throws {
    let interactor = RecordingInteractor("late")
    let workflow = Workflow<RecordingInteractor>("touch")
      .onStep { item in item.isActive }
      .commit()
    let run = WorkflowRunner().start(workflow, on: interactor)
    await eventually { false }
    #expect(!run.state.value.isFinished)
    interactor.activate()
    #expect(try await run.result == true, "the step ran only once its interactor was active")
  }

  @Test func aThrowingStepFailsTheWorkflowAndLaterStepsDoNotRun() async {
    struct Refused: Error {}
    var reachedSecondStep = false
    let workflow = Workflow<Int>("failing")
      .onStep { _ -> Int in throw Refused() }
      .onStep { _ in reachedSecondStep = true }
      .commit()
    let run = WorkflowRunner().start(workflow, on: 1)
    await #expect(throws: Refused.self) { try await run.result }
    guard case .failed = run.state.value else {
      Issue.record("failure is observable in the state")
      return
    }
    #expect(!reachedSecondStep)
  }

  @Test func openingALinkStartsTheWorkflowThatServesIt() async throws {
    let (_, root) = app()
    let links = DeepLinkRouter<Int>()
    try links.register("rides://trip/{id}") { try $0.int("id") }
    links.registerPush("trip_update") { try $0.int("trip") }
    let workflows = WorkflowRunner()
    let item = root.interactor as RootActionable
    let run = try workflows.open("rides://trip/8", with: links, on: item, serve: openTrip).get()
    root.interactor.signIn()
    #expect(try await run.result == 8)
    let pushed = try workflows.open(
      push: ["type": .string("trip_update"), "trip": .int(9)], with: links, on: item,
      serve: openTrip
    ).get()
    #expect(try await pushed.result == 9)
    #expect(root.loggedIn?.trip?.tripID == 9)
  }

  @Test func openingABadLinkStartsNothing() throws {
    let (harness, root) = app()
    root.interactor.signIn()
    let links = DeepLinkRouter<Int>()
    try links.register("rides://trip/{id}") { try $0.int("id") }
    let workflows = WorkflowRunner()
    let before = root.snapshot()
    harness.clearEvents()
    let result = workflows.open(
      "rides://trip/x", with: links, on: root.interactor as RootActionable, serve: openTrip)
    #expect(throws: DeepLinkError.wrongType(name: "id", expected: "an integer", value: "x")) {
      try result.get()
    }
    #expect(root.snapshot() == before)
    #expect(harness.events.isEmpty)
  }

  // MARK: Flows

  @Test func aFlowsResultComesBackAndItsRIBsAreDeallocated() async throws {
    let (harness, root) = app()
    let watch = DeallocationTracker()
    let task = Task { @MainActor in
      try await root.runFlow { (outcome: FlowOutcome<String>) -> RouterNode in
        let child = TripRouter(tripID: 9)
        watch.trackSubtree(of: child)
        child.interactor.onDidBecomeActive = { _ in
          Task { @MainActor in outcome.finish("paid") }
        }
        return child
      }
    }
    #expect(try await task.value == "paid")
    #expect(root.children.isEmpty)
    watch.expectAllDeallocated()
    await harness.expectNoLeaks()
  }

  @Test func cancellingAFlowDetachesTheChild() async throws {
    let (harness, root) = app()
    let task = Task { @MainActor in
      try await root.runFlow { (_: FlowOutcome<Int>) -> RouterNode in TripRouter(tripID: 3) }
    }
    await eventually { !root.children.isEmpty }
    #expect(root.children.count == 1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(root.children.isEmpty)
    await harness.expectNoLeaks()
  }

  @Test func aChildThatFinishesWhileAttachingIsStillDetached() async throws {
    let (_, root) = app()
    let result = try await root.runFlow { (outcome: FlowOutcome<Int>) -> RouterNode in
      outcome.finish(5)  // before it is even attached
      return TripRouter(tripID: 5)
    }
    #expect(result == 5)
    #expect(root.children.isEmpty)
  }
}
