@_spi(Diagnostics) import Ribcage
import RibcageTesting
import Testing

/// Work bound to an interactor's active period: never started on an inactive interactor, and
/// released as soon as it ends rather than when the interactor deactivates.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct BoundWorkTests {
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
}

private struct Refused: Error {}
