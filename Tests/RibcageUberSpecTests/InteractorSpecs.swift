import Ribcage
import RibcageTesting
import Testing

/// uber/RIBs `InteractorTests` and `PresentableInteractorTests`, as behaviour.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct InteractorSpecs {
  @Test func activateIsIdempotentAndCallsDidBecomeActiveOnce() {
    let interactor = InteractableMock()
    #expect(!interactor.isActive)
    interactor.activate()
    interactor.activate()
    #expect(interactor.isActive)
    #expect(interactor.activateCallCount == 1)
  }

  @Test func deactivateCallsWillResignActiveOnceWhileStillActive() {
    let interactor = InteractableMock()
    var wasActiveInHook: Bool?
    interactor.willResignActiveHandler = { wasActiveInHook = interactor.isActive }
    interactor.deactivate()
    #expect(interactor.deactivateCallCount == 0)
    interactor.activate()
    interactor.deactivate()
    interactor.deactivate()
    #expect(interactor.deactivateCallCount == 1)
    #expect(wasActiveInHook == true)
    #expect(!interactor.isActive)
  }

  @Test func isActiveStreamReplaysAndFollowsTheLifecycle() {
    let interactor = InteractableMock()
    let recorder = StreamRecorder(interactor.isActiveStream)
    interactor.activate()
    interactor.deactivate()
    #expect(recorder.values == [false, true, false])
  }

  @Test func workBoundOnActivationIsCancelledOnDeactivation() {
    let interactor = InteractableMock()
    let work = CountingWork()
    interactor.activate()
    work.cancelOnDeactivate(interactor: interactor)
    #expect(work.cancelCount == 0)
    interactor.deactivate()
    #expect(work.cancelCount == 1)
  }

  @Test func workBoundWhileInactiveIsCancelledAtOnce() {
    let interactor = InteractableMock()
    let work = CountingWork()
    work.cancelOnDeactivate(interactor: interactor)
    #expect(work.cancelCount == 1)
  }

  @Test func presentableInteractorPresentsThroughItsPresentable() {
    let presenter = ScorePresentableMock()
    let interactor = ScoreInteractor(presenter: presenter)
    interactor.activate()
    #expect(presenter.shownScores == [3])
    #expect(interactor.presenter === presenter)
  }

  @Test func presentableInteractorDoesNotRetainAfterRelease() {
    let tracker = DeallocationTracker()
    var interactor: ScoreInteractor? = ScoreInteractor(presenter: ScorePresentableMock())
    tracker.track(interactor!)
    tracker.track(interactor!.presenter)
    interactor = nil
    tracker.expectAllDeallocated()
  }
}
