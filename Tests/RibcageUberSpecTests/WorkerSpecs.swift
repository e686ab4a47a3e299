import Ribcage
import RibcageTesting
import Testing

@MainActor
final class SyncWorker: Worker {
  var starts = 0
  var stops = 0
  let work = CountingWork()

  override func didStart(_ interactorScope: any InteractorScope) {
    starts += 1
    work.cancelOnStop(worker: self)
  }

  override func didStop() {
    stops += 1
  }
}

/// uber/RIBs `WorkerTests`, as behaviour: `isStarted` means "between start and stop", whatever
/// the scope; `isRunning` is Ribcage's "and the scope is active".
@MainActor
@Suite(.timeLimit(.minutes(5))) struct WorkerSpecs {
  @Test func isStartedFromStartToStopWhateverTheScope() {
    let interactor = InteractableMock()
    let worker = SyncWorker()
    #expect(!worker.isStarted)
    worker.start(interactor)
    #expect(worker.isStarted)
    #expect(!worker.isRunning)
    #expect(worker.starts == 0)
    interactor.activate()
    #expect(worker.isStarted && worker.isRunning)
    #expect(worker.starts == 1)
    interactor.deactivate()
    #expect(worker.isStarted)
    #expect(!worker.isRunning)
    #expect(worker.stops == 1)
    #expect(worker.work.cancelCount == 1)
    worker.stop()
    #expect(!worker.isStarted)
    #expect(worker.stops == 1)
  }

  @Test func startingOnAnActiveScopeRunsAtOnceAndFollowsIt() {
    let interactor = InteractableMock()
    interactor.activate()
    let worker = SyncWorker()
    worker.start(interactor)
    #expect(worker.isRunning)
    #expect(worker.starts == 1)
    interactor.deactivate()
    interactor.activate()
    #expect(worker.starts == 2)
    worker.stop()
    #expect(!worker.isRunning && !worker.isStarted)
    #expect(worker.stops == 2)
  }

  @Test func isStartedStreamReportsStartAndStop() {
    let interactor = InteractableMock()
    let worker = SyncWorker()
    let recorder = StreamRecorder(worker.isStartedStream)
    worker.start(interactor)
    interactor.activate()
    interactor.deactivate()
    worker.start(InteractableMock())
    worker.stop()
    worker.stop()
    #expect(recorder.values == [false, true, false])
  }

  @Test func workerStopsWhenItsScopeGoesAway() {
    var interactor: InteractableMock? = InteractableMock()
    interactor!.activate()
    let worker = SyncWorker()
    worker.start(interactor!)
    let tracker = DeallocationTracker()
    tracker.track(interactor!)
    interactor = nil
    tracker.expectAllDeallocated()
    #expect(!worker.isStarted && !worker.isRunning)
    #expect(worker.stops == 1)
  }

  @Test func releasedWorkerStopsAndFinishesItsStream() {
    let interactor = InteractableMock()
    interactor.activate()
    var worker: SyncWorker? = SyncWorker()
    worker!.start(interactor)
    let work = worker!.work
    let recorder = StreamRecorder(worker!.isStartedStream)
    worker = nil
    #expect(work.cancelCount == 1)
    #expect(recorder.isFinished)
  }
}
