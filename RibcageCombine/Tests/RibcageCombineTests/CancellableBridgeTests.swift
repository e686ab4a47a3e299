@_spi(Diagnostics) import Ribcage
import RibcageCombine
import RibcageTesting
import Testing

/// ModernRIBs' `AnyCancellable` spellings on Ribcage's lifecycle.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct CancellableBridgeTests {
  @Test func aSinkBoundWithCancelOnDeactivateStopsAtDeactivationAndTheRIBIsReleased() {
    let harness = RIBHarness()
    let root = PlainRouter()
    harness.activate(root)
    let fares = PassthroughSubject<Int, Never>()
    var router: FareRouter? = FareRouter(interactor: FareInteractor(fares: fares))
    root.attachChild(router!)
    fares.send(12)
    #expect(router!.interactor.shown == [12])
    #expect(router!.interactor.boundWorkCount == 1)

    let interactor = router!.interactor
    root.detachChild(router!)
    router = nil
    fares.send(13)
    #expect(interactor.shown == [12], "cancelled at deactivation")
    _ = interactor  // the test's own reference, dropped before the sweep
  }

  @Test func theClosureRetainingTheInteractorDoesNotLeakIt() {
    let harness = RIBHarness()
    let root = PlainRouter()
    harness.activate(root)
    let fares = PassthroughSubject<Int, Never>()
    var router: FareRouter? = FareRouter(interactor: FareInteractor(fares: fares))
    root.attachChild(router!)
    root.detachChild(router!)
    router = nil
    harness.expectNoLeaks()
  }

  @Test func bindingToAnInactiveInteractorCancelsAtOnceWithAWarningAndReturnsTheCancellable() {
    let harness = RIBHarness()
    let router = PlainRouter()
    router.context = harness.context
    var received: [Int] = []
    let subject = PassthroughSubject<Int, Never>()
    let returned = subject.sink { received.append($0) }
      .cancelOnDeactivate(interactor: router.interactor)
    subject.send(1)
    #expect(received.isEmpty)
    #expect(harness.diagnosticKinds == [.boundToInactiveInteractor])
    var set = Set<AnyCancellable>()
    returned.store(in: &set)  // ModernRIBs code that keeps the returned value still compiles
    #expect(set.count == 1)
  }

  @Test func cancelOnStopFollowsTheWorker() {
    let interactor = PlainInteractor()
    let worker = Worker()
    worker.start(interactor)
    interactor.activate()
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    subject.sink { received.append($0) }.cancelOnStop(worker)
    subject.sink { received.append($0 * 10) }.cancelOnStop(worker: worker)
    subject.send(1)
    interactor.deactivate()
    subject.send(2)
    #expect(received.sorted() == [1, 10], "a subject delivers to its subscribers in no set order")
    worker.stop()
  }

  @Test func anyCancellableNotOnlyAnyCancellableCanBeBound() {
    let interactor = PlainInteractor()
    interactor.activate()
    let custom = CountingCancellable()
    custom.cancelOnDeactivate(interactor: interactor)
    #expect(custom.cancelCount == 0)
    interactor.deactivate()
    #expect(custom.cancelCount == 1)

    let worker = Worker()
    let other = CountingCancellable()
    worker.start(interactor)
    interactor.activate()
    other.cancelOnStop(worker)
    worker.stop()
    #expect(other.cancelCount == 1)
  }

}
