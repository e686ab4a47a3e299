import Ribcage
import RibcageTesting
import Testing

/// A started worker released without being stopped: it stops once and cancels what it owns.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct WorkerReleaseTests {
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
}

@MainActor
private final class StopCountingWorker: Worker {
  var onStop: (() -> Void)?
  override func didStop() {
    super.didStop()
    onStop?()
  }
}
