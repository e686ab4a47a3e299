import Ribcage
import RibcageTesting
import Testing

struct LaunchFailed: Error, Equatable {}

/// A root actionable item: hands out its child's interactor once the child is attached.
@MainActor
final class GameRootItem: InteractableMock {
  weak var router: RouterMock<InteractableMock>?
  var stepLog: [String] = []

  func routeToGame() -> InteractableMock {
    let child = RouterMock()
    router?.attachChild(child)
    return child.interactor
  }
}

/// uber/RIBs `WorkflowTests`, as behaviour: steps in order, onError, didComplete,
/// didReceiveError and fork (the root step runs once, every branch runs).
@MainActor
@Suite(.timeLimit(.minutes(5))) struct WorkflowSpecs {
  /// The caller must keep the router: a root released while active deactivates its interactor,
  /// and a step on an inactive item waits for it.
  private func makeRoot(_ harness: RIBHarness) -> (RouterMock<InteractableMock>, GameRootItem) {
    let item = GameRootItem()
    let router = RouterMock(interactor: item as InteractableMock)
    item.router = router
    harness.activate(router)
    return (router, item)
  }

  @Test func stepsRunInOrderAndCompleteObserversHearTheOutput() async throws {
    let harness = RIBHarness()
    let (router, root) = makeRoot(harness)
    var completed: [Int] = []
    let workflow = Workflow<GameRootItem>("launch-game")
      .onStep { root in
        root.stepLog.append("root")
        return root.routeToGame()
      }
      .onStep { game in
        root.stepLog.append("game active: \(game.isActive)")
        return 42
      }
      .commit()
      .didComplete { completed.append($0) }
    let run = WorkflowRunner().start(workflow, on: root)
    #expect(try await run.result == 42)
    #expect(root.stepLog == ["root", "game active: true"])
    #expect(completed == [42])
    router.detachChild(router.children[0])
    await harness.expectNoLeaks()
  }

  @Test func aFailingStepCallsOnErrorAndDidReceiveErrorAndSkipsTheRest() async {
    let harness = RIBHarness()
    let (router, root) = makeRoot(harness)
    var onErrorCalls: [String] = []
    var receivedErrors = 0
    var completions = 0
    var laterStepRan = false
    let workflow = Workflow<GameRootItem>("launch-game")
      .onStep { _ -> Int in throw LaunchFailed() }
      .onError { onErrorCalls.append("\(type(of: $0))") }
      .onStep { _ in laterStepRan = true }
      .commit()
      .didComplete { completions += 1 }
      .didReceiveError { receivedErrors += $0 is LaunchFailed ? 1 : 0 }
    let run = WorkflowRunner().start(workflow, on: root)
    await #expect(throws: LaunchFailed.self) { try await run.result }
    #expect(onErrorCalls == ["LaunchFailed"])
    #expect(receivedErrors == 1)
    #expect(completions == 0)
    #expect(!laterStepRan)
    #expect(router.interactor.isActive)
  }

  @Test func cancellationIsNotReportedAsAnError() async {
    let harness = RIBHarness()
    let (router, root) = makeRoot(harness)
    let waitingFor = InteractableMock()  // never activated
    var errors = 0
    let workflow = Workflow<GameRootItem>("wait")
      .onStep { _ in waitingFor }
      .onStep { _ in }
      .onError { _ in errors += 1 }
      .commit()
      .didReceiveError { _ in errors += 1 }
    let runner = WorkflowRunner()
    let run = runner.start(workflow, on: root)
    await Task.yield()
    run.cancel()
    await #expect(throws: CancellationError.self) { try await run.result }
    #expect(errors == 0)
    #expect(router.interactor.isActive)
  }

  @Test func forkRunsTheRootStepOnceAndEveryBranch() async throws {
    let harness = RIBHarness()
    let (router, root) = makeRoot(harness)
    var rootStepRuns = 0
    var branchRuns: [String] = []
    let scores = Workflow<InteractableMock>("scores")
      .onStep { game in branchRuns.append("scores \(game.isActive)") }
      .commit()
    let chat = Workflow<InteractableMock>("chat")
      .onStep { game in branchRuns.append("chat \(game.isActive)") }
      .commit()
    let workflow = Workflow<GameRootItem>("launch-game")
      .onStep { root in
        rootStepRuns += 1
        return root.routeToGame()
      }
      .fork(scores, chat)
      .commit()
    let run = WorkflowRunner().start(workflow, on: root)
    try await run.result
    #expect(rootStepRuns == 1)
    #expect(branchRuns.sorted() == ["chat true", "scores true"])
    router.detachChild(router.children[0])
    await harness.expectNoLeaks()
  }

  @Test func aFailingBranchCancelsTheOthersAndFailsTheRun() async {
    let harness = RIBHarness()
    let (router, root) = makeRoot(harness)
    let neverActive = InteractableMock()
    var waitingBranchFinished = false
    let waits = Workflow<GameRootItem>("waits")
      .onStep { _ in neverActive }
      .onStep { _ in waitingBranchFinished = true }
      .commit()
    let fails = Workflow<GameRootItem>("fails")
      .onStep { _ in throw LaunchFailed() }
      .commit()
    let workflow = Workflow<GameRootItem>("launch-game")
      .onStep { $0 }
      .fork(waits, fails)
      .commit()
    let run = WorkflowRunner().start(workflow, on: root)
    await #expect(throws: LaunchFailed.self) { try await run.result }
    neverActive.activate()
    await Task.yield()
    #expect(!waitingBranchFinished)
    #expect(router.interactor.isActive)
  }

  @Test func aRunBoundToAnInteractorEndsWithIt() async {
    let harness = RIBHarness()
    let (router, root) = makeRoot(harness)
    let owner = InteractableMock()
    owner.activate()
    let workflow = Workflow<GameRootItem>("wait")
      .onStep { _ in InteractableMock() }
      .onStep { _ in }
      .commit()
    let run = WorkflowRunner().start(workflow, on: root)
    run.cancelOnDeactivate(interactor: owner)
    owner.deactivate()
    await #expect(throws: CancellationError.self) { try await run.result }
    #expect(router.interactor.isActive)
  }
}
