import RibcageCombine
import RibcageTesting
import Testing

/// The behaviours ModernRIBs' own test suite checks through Combine, checked again on Ribcage
/// through RibcageCombine: activeness and started streams as publishers, a worker's subscriptions
/// following its interactor, and a ModernRIBs-style interactor released after deactivation.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct ModernRIBsBehaviourTests {
  /// A worker as ModernRIBs' tests write one: counts its hooks, subscribes in `didStart`.
  final class TickWorker: Worker {
    let ticks: PassthroughSubject<Int, Never>
    private(set) var didStartCallCount = 0
    private(set) var didStopCallCount = 0
    private(set) var received: [Int] = []

    init(ticks: PassthroughSubject<Int, Never>) {
      self.ticks = ticks
    }

    override func didStart(_ interactorScope: any InteractorScope) {
      super.didStart(interactorScope)
      didStartCallCount += 1
      ticks.sink { [weak self] in self?.received.append($0) }.cancelOnStop(self)
    }

    override func didStop() {
      super.didStop()
      didStopCallCount += 1
    }
  }

  @Test func aWorkerStartsOnceWhileItsInteractorIsActiveAndItsSubscriptionFollows() {
    let ticks = PassthroughSubject<Int, Never>()
    let worker = TickWorker(ticks: ticks)
    let interactor = PlainInteractor()
    var counts: [[Int]] {
      [[worker.isStarted ? 1 : 0, worker.didStartCallCount, worker.didStopCallCount]]
    }
    var trace = counts
    worker.start(interactor)
    trace += counts
    interactor.activate()
    ticks.send(1)
    trace += counts
    interactor.deactivate()
    ticks.send(2)
    trace += counts
    worker.start(interactor)
    trace += counts
    interactor.activate()
    ticks.send(3)
    trace += counts
    worker.stop()
    ticks.send(4)
    trace += counts
    worker.stop()
    trace += counts
    // [isStarted, didStart calls, didStop calls] after each step, as ModernRIBs' WorkerTests.
    #expect(
      trace == [
        [0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 1, 1], [1, 2, 1], [0, 2, 2], [0, 2, 2],
      ])
    #expect(worker.received == [1, 3], "delivered only between didStart and didStop")
  }

  @Test func isStartedStreamAsAPublisherGivesTheCurrentValueToEachSubscriber() {
    let worker = Worker()
    let interactor = PlainInteractor()
    var firsts: [Bool] = []
    var cancellables = Set<AnyCancellable>()
    worker.isStartedStream.publisher.prefix(1).sink { firsts.append($0) }.store(in: &cancellables)
    interactor.activate()
    worker.start(interactor)
    worker.isStartedStream.publisher.prefix(1).sink { firsts.append($0) }.store(in: &cancellables)
    worker.stop()
    worker.isStartedStream.publisher.prefix(1).sink { firsts.append($0) }.store(in: &cancellables)
    #expect(firsts == [false, true, false])
    var all: [Bool] = []
    worker.isStartedStream.publisher.sink { all.append($0) }.store(in: &cancellables)
    worker.start(interactor)
    worker.stop()
    #expect(all == [false, true, false])
  }

  @Test func isActiveStreamAsAPublisherFollowsActivationAndFinishesWhenTheInteractorGoes() {
    var interactor: PlainInteractor? = PlainInteractor()
    weak let released = interactor
    var values: [Bool] = []
    var finished = false
    let cancellable = interactor!.isActiveStream.publisher
      .sink(receiveCompletion: { _ in finished = true }, receiveValue: { values.append($0) })
    interactor!.activate()
    interactor!.deactivate()
    #expect(values == [false, true, false])
    interactor = nil
    #expect(released == nil, "the publisher does not keep the interactor")
    #expect(finished)
    _ = cancellable
  }

  @Test func aModernRIBsInteractorInATreeStopsItsSinksAtDetachAndIsReleased() {
    let harness = RIBHarness()
    let parent = RouterMock(interactor: InteractableMock())
    harness.activate(parent)
    let fares = PassthroughSubject<Int, Never>()
    var shown: [Int] = []
    do {
      let child = FareRouter(interactor: FareInteractor(fares: fares))
      parent.attachChild(child)
      fares.send(5)
      shown = child.interactor.shown
      parent.detachChild(child)
    }
    fares.send(6)
    #expect(shown == [5])
    harness.expectNoLeaks()
    #expect(harness.diagnostics.isEmpty)
  }
}
