import Ribcage
import RibcageTesting
import Testing

@MainActor
final class CountingWorker: Worker {
  var starts = 0
  var stops = 0
  let work = FakeWork()

  override func didStart(_ interactorScope: any InteractorScope) {
    starts += 1
    work.cancelOnStop(worker: self)
  }

  override func didStop() {
    stops += 1
  }
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct WorkerTests {
  @Test func startsWithAnActiveScopeAndStopsWithIt() {
    let interactor = RecordingInteractor()
    let worker = CountingWorker()
    worker.start(interactor)
    #expect(!worker.isRunning)
    interactor.activate()
    #expect(worker.isRunning)
    #expect(worker.starts == 1)
    interactor.deactivate()
    #expect(!worker.isRunning)
    #expect(worker.stops == 1)
    #expect(worker.work.cancelCount == 1)
    interactor.activate()
    #expect(worker.starts == 2)
  }

  @Test func startingOnAnActiveScopeStartsAtOnce() {
    let interactor = RecordingInteractor()
    interactor.activate()
    let worker = CountingWorker()
    worker.start(interactor)
    #expect(worker.isRunning)
    #expect(worker.starts == 1)
  }

  @Test func stopUnbindsFromTheScope() {
    let interactor = RecordingInteractor()
    interactor.activate()
    let worker = CountingWorker()
    worker.start(interactor)
    worker.stop()
    #expect(!worker.isRunning)
    #expect(worker.stops == 1)
    interactor.deactivate()
    interactor.activate()
    #expect(worker.starts == 1)
  }

  @Test func workerHoldsItsScopeWeaklyAndStopsWhenItGoesAway() {
    var interactor: RecordingInteractor? = RecordingInteractor()
    interactor?.activate()
    let worker = CountingWorker()
    worker.start(interactor!)
    weak let weakInteractor = interactor
    interactor = nil
    #expect(weakInteractor == nil)
    #expect(!worker.isRunning)
    #expect(worker.stops == 1)
  }

  @Test func workerIsNotRetainedByItsScope() {
    let interactor = RecordingInteractor()
    interactor.activate()
    var worker: CountingWorker? = CountingWorker()
    worker?.start(interactor)
    weak let weakWorker = worker
    worker = nil
    #expect(weakWorker == nil)
  }

  @Test func startingWithAnotherScopeLeavesTheFirst() {
    let first = RecordingInteractor()
    let second = RecordingInteractor()
    let worker = CountingWorker()
    worker.start(first)
    worker.start(second)
    first.activate()
    #expect(!worker.isRunning)
    second.activate()
    #expect(worker.isRunning)
  }
}
