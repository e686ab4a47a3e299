import Ribcage
import RibcageTesting
import Testing

/// uber/RIBs `LeakDetector` usage, as behaviour: `expectDeallocate(object:)` for any object and
/// an observable "anything waiting" status.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LeakDetectorSpecs {
  @Test func expectDeallocateReportsAnObjectStillAliveAfterTheGracePeriod() {
    let harness = RIBHarness()
    let service = ServiceObject()
    harness.leakDetector.expectDeallocate(object: service)
    let reports = harness.sweepLeaks()
    #expect(reports.count == 1)
    #expect("\(reports.first.map { "\($0)" } ?? "")".contains("ServiceObject"))
  }

  @Test func expectDeallocateIsQuietForAReleasedObject() {
    let harness = RIBHarness()
    var service: ServiceObject? = ServiceObject()
    harness.leakDetector.expectDeallocate(object: service!)
    service = nil
    harness.expectNoLeaks()
  }

  @Test func isWaitingStreamFollowsDetachesAndSweeps() {
    let harness = RIBHarness()
    let recorder = StreamRecorder(harness.leakDetector.isWaitingStream)
    let router = RouterMock()
    harness.activate(router)
    router.attachChild(RouterMock())
    #expect(!harness.leakDetector.isWaiting)
    router.detachChild(router.children[0])
    #expect(harness.leakDetector.isWaiting)
    #expect(harness.leakDetector.waitingSubtreeCount == 1)  // uber: one expectDeallocate call
    harness.expectNoLeaks()
    #expect(!harness.leakDetector.isWaiting)
    #expect(recorder.values == [false, true, false])
  }
}
