import Ribcage
import RibcageTesting
import Testing

// Stand-ins for RxSwift's `Disposable` and Combine's `AnyCancellable` (neither is available to
// this package), so that the bridges Sources/Ribcage/Ribcage.docc/Migration.md gives compile and
// run here as written.

protocol Disposable {
  func dispose()
}

final class StandInDisposable: Disposable {
  private(set) var disposeCount = 0
  func dispose() { disposeCount += 1 }
}

final class AnyCancellable {
  private(set) var cancelCount = 0
  func cancel() { cancelCount += 1 }
}

// --- The bridges, as in Sources/Ribcage/Ribcage.docc/Migration.md ---

struct DisposableWork: CancellableWork {
  let disposable: any Disposable
  func cancel() { disposable.dispose() }
}

extension Disposable {
  @MainActor
  func disposeOnDeactivate(interactor: Interactor) {
    DisposableWork(disposable: self).cancelOnDeactivate(interactor: interactor)
  }

  @MainActor
  func disposeOnStop(worker: Worker) {
    DisposableWork(disposable: self).cancelOnStop(worker: worker)
  }
}

extension AnyCancellable: CancellableWork {}

extension AnyCancellable {
  /// ModernRIBs' unlabelled spelling.
  @MainActor
  func cancelOnStop(_ worker: Worker) {
    cancelOnStop(worker: worker)
  }
}

// --- End of the bridges ---

/// The guide's bridges keep uber/RIBs' and ModernRIBs' binding calls working during a migration.
@MainActor
@Suite struct MigrationBridgeSpecs {
  @Test func anRxDisposableIsDisposedOnDeactivation() {
    let interactor = InteractableMock()
    interactor.activate()
    let disposable = StandInDisposable()
    disposable.disposeOnDeactivate(interactor: interactor)
    #expect(disposable.disposeCount == 0)
    interactor.deactivate()
    #expect(disposable.disposeCount == 1)
  }

  @Test func combineCancellablesAreCancelledOnDeactivationAndOnStop() {
    let interactor = InteractableMock()
    interactor.activate()
    let worker = SyncWorker()
    worker.start(interactor)
    let bound = AnyCancellable()
    let onStop = AnyCancellable()
    bound.cancelOnDeactivate(interactor: interactor)
    onStop.cancelOnStop(worker)
    interactor.deactivate()
    #expect(bound.cancelCount == 1)
    #expect(onStop.cancelCount == 1)
  }

  @Test func anRxDisposableIsDisposedWhenTheWorkerStops() {
    let interactor = InteractableMock()
    interactor.activate()
    let worker = SyncWorker()
    worker.start(interactor)
    let disposable = StandInDisposable()
    disposable.disposeOnStop(worker: worker)
    worker.stop()
    #expect(disposable.disposeCount == 1)
  }
}
