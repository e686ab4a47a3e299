import Ribcage
import RibcageTesting
import Testing

// A stand-in for RxSwift's `Disposable` (not available to this package), so that the bridge
// Sources/Ribcage/Ribcage.docc/Migration.md gives compiles and runs here as written. Combine
// needs no bridge in the app: RibcageCombine (its own package, tested against OpenCombine)
// provides it.

protocol Disposable {
  func dispose()
}

final class StandInDisposable: Disposable {
  private(set) var disposeCount = 0
  func dispose() { disposeCount += 1 }
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

// --- End of the bridges ---

/// The guide's bridge keeps uber/RIBs' binding calls working during a migration.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct MigrationBridgeSpecs {
  @Test func anRxDisposableIsDisposedOnDeactivation() {
    let interactor = InteractableMock()
    interactor.activate()
    let disposable = StandInDisposable()
    disposable.disposeOnDeactivate(interactor: interactor)
    #expect(disposable.disposeCount == 0)
    interactor.deactivate()
    #expect(disposable.disposeCount == 1)
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
