@_spi(Diagnostics) import Ribcage
import RibcageTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5))) struct InteractorTests {
  @Test func startsInactive() {
    let interactor = RecordingInteractor()
    #expect(!interactor.isActive)
    #expect(interactor.didBecomeActiveCount == 0)
  }

  @Test func activationIsIdempotent() {
    let interactor = RecordingInteractor()
    interactor.activate()
    interactor.activate()
    #expect(interactor.isActive)
    #expect(interactor.didBecomeActiveCount == 1)
    interactor.deactivate()
    interactor.deactivate()
    #expect(!interactor.isActive)
    #expect(interactor.willResignActiveCount == 1)
  }

  @Test func deactivatingAnInactiveInteractorDoesNothing() {
    let interactor = RecordingInteractor()
    interactor.deactivate()
    #expect(interactor.willResignActiveCount == 0)
  }

  @Test func hooksRunWhileActive() {
    let log = HookLog()
    let interactor = RecordingInteractor("a", log: log)
    interactor.activate()
    interactor.deactivate()
    interactor.activate()
    #expect(
      log.entries == [
        "a.didBecomeActive(isActive: true)",
        "a.willResignActive(isActive: true)",
        "a.didBecomeActive(isActive: true)",
      ])
  }

  @Test func activenessStreamReplaysAndFollowsTheLifecycle() {
    let interactor = RecordingInteractor()
    let recorder = StreamRecorder(interactor.isActiveStream)
    interactor.activate()
    interactor.deactivate()
    #expect(recorder.values == [false, true, false])
  }

  @Test func activenessStreamHasChangedBeforeTheHooksRun() {
    let interactor = RecordingInteractor()
    var seenInHook: [Bool] = []
    interactor.onDidBecomeActive = { seenInHook.append($0.isActiveStream.value) }
    interactor.onWillResignActive = { seenInHook.append($0.isActiveStream.value) }
    _ = interactor.isActiveStream
    interactor.activate()
    interactor.deactivate()
    // Active before didBecomeActive (workers start first); still active in willResignActive.
    #expect(seenInHook == [true, true])
  }

  @Test func activenessStreamFinishesWhenTheInteractorGoesAway() {
    var interactor: RecordingInteractor? = RecordingInteractor()
    interactor?.activate()
    let recorder = StreamRecorder(interactor!.isActiveStream)
    weak let weakInteractor = interactor
    interactor = nil
    #expect(weakInteractor == nil)
    #expect(recorder.isFinished)
    #expect(recorder.values == [true])
  }

  @Test func activenessAsyncSequenceEndsWhenTheInteractorGoesAway() async {
    var interactor: RecordingInteractor? = RecordingInteractor()
    let values = interactor!.isActiveStream.values
    interactor?.activate()
    interactor?.deactivate()
    interactor = nil
    var received: [Bool] = []
    for await value in values { received.append(value) }
    #expect(received == [false, true, false])
  }

  @Test func workBoundWhileActiveIsCancelledOnDeactivate() {
    let interactor = RecordingInteractor()
    interactor.activate()
    let work = FakeWork()
    work.cancelOnDeactivate(interactor: interactor)
    #expect(work.cancelCount == 0)
    #expect(interactor.boundWorkCount == 1)
    interactor.deactivate()
    #expect(work.cancelCount == 1)
    #expect(interactor.boundWorkCount == 0)
    interactor.activate()
    interactor.deactivate()
    #expect(work.cancelCount == 1, "work is cancelled once, for the period it was bound to")
  }

  @Test func workBoundWhileInactiveIsCancelledAtOnceAndReported() {
    let harness = RIBHarness()
    let router = NodeRouter()
    router.context = harness.context
    let work = FakeWork()
    work.cancelOnDeactivate(interactor: router.interactor)
    #expect(work.cancelCount == 1)
    #expect(router.interactor.boundWorkCount == 0)
    #expect(harness.diagnosticKinds == [.boundToInactiveInteractor])
    #expect(harness.diagnostics.first?.severity == .warning)
  }

  @Test func workBoundInWillResignActiveIsStillCancelled() {
    let interactor = RecordingInteractor()
    let work = FakeWork()
    interactor.onWillResignActive = { work.cancelOnDeactivate(interactor: $0) }
    interactor.activate()
    interactor.deactivate()
    #expect(work.cancelCount == 1)
  }

  @Test func boundWorkIsCancelledWhenAnActiveInteractorIsDeallocated() {
    var interactor: RecordingInteractor? = RecordingInteractor()
    interactor?.activate()
    let work = FakeWork()
    work.cancelOnDeactivate(interactor: interactor!)
    weak let weakInteractor = interactor
    interactor = nil
    #expect(weakInteractor == nil)
    #expect(work.cancelCount == 1)
  }

  @Test func taskIsCancelledOnDeactivate() async throws {
    let interactor = RecordingInteractor()
    interactor.activate()
    let started = interactor.task {
      while !Task.isCancelled { await Task.yield() }
      return "stopped"
    }
    let task = try #require(started)
    #expect(!task.isCancelled)
    interactor.deactivate()
    #expect(task.isCancelled)
    #expect(await task.value == "stopped")
  }

  @Test func throwingTaskIsCancelledOnDeactivate() async {
    let interactor = RecordingInteractor()
    interactor.activate()
    let task = interactor.task { () async throws -> Int in
      try await Task.sleep(for: .seconds(3600))
      return 1
    }
    interactor.deactivate()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func taskStartedWhileInactiveNeverRunsItsBody() async {
    let harness = RIBHarness()
    let router = NodeRouter()
    router.context = harness.context
    var ran = 0
    let task = router.interactor.task { ran += 1 }
    #expect(task == nil)
    let throwing = router.interactor.task { () async throws -> Int in
      ran += 1
      return 1
    }
    await #expect(throws: CancellationError.self) { try await throwing.value }
    await Task.yield()
    #expect(ran == 0)
    #expect(harness.diagnosticKinds == [.boundToInactiveInteractor, .boundToInactiveInteractor])
  }

  @Test func observeDeliversOnlyWhileActive() {
    let interactor = RecordingInteractor()
    let source = MutableStateStream(1)
    var seen: [Int] = []
    interactor.onDidBecomeActive = { interactor in
      interactor.observe(source.stream) { seen.append($0) }
    }
    interactor.activate()
    source.value = 2
    interactor.deactivate()
    source.value = 3
    #expect(seen == [1, 2])
    #expect(source.subscriberCount == 0)
    interactor.activate()
    source.value = 4
    #expect(seen == [1, 2, 3, 4])
  }

  @Test func observeEventsOnlyWhileActive() {
    let interactor = RecordingInteractor()
    let relay = EventRelay<String>()
    var seen: [String] = []
    interactor.activate()
    interactor.observe(relay.stream) { seen.append($0) }
    relay.send("a")
    interactor.deactivate()
    relay.send("b")
    #expect(seen == ["a"])
    #expect(relay.subscriberCount == 0)
  }

  @Test func observingWhileInactiveSubscribesNothingAndReports() {
    let harness = RIBHarness()
    let router = NodeRouter()
    router.context = harness.context
    let source = MutableStateStream(1)
    var seen: [Int] = []
    router.interactor.observe(source.stream) { seen.append($0) }
    #expect(seen.isEmpty)
    #expect(source.subscriberCount == 0)
    #expect(harness.diagnosticKinds == [.boundToInactiveInteractor])
  }

  @Test func presentableInteractorKeepsItsPresenter() {
    let presenter = FakePresenter()
    let interactor = PresentingInteractor(presenter: presenter)
    interactor.presenter.show("hello")
    #expect(presenter.shown == ["hello"])
  }
}
