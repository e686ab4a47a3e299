@_spi(Diagnostics) import Ribcage
import RibcageTesting
import Testing

/// The first render happens as the RIB attaches, so its view is never shown empty; later changes
/// are coalesced per turn.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct FirstRenderTests {
  @Test func theFirstRenderIsSynchronous() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let scheduler = ManualRenderScheduler()
    let requests = RequestService()
    requests.quote(7)
    var confirm: ConfirmRouter! = makeConfirm(requests: requests, scheduler: scheduler)
    root.attachChild(confirm)
    #expect(confirm.viewController.text == "Confirm uberX $7 [Confirm]")
    #expect(scheduler.pendingCount == 0)
    #expect(confirm.interactor.loop.renderCount == 1)
    // Later changes stay coalesced per turn.
    requests.quote(8)
    requests.quote(9)
    #expect(confirm.viewController.text == "Confirm uberX $7 [Confirm]")
    #expect(scheduler.pendingCount == 1)
    scheduler.flush()
    #expect(confirm.viewController.text == "Confirm uberX $9 [Confirm]")
    #expect(confirm.interactor.loop.renderCount == 2)
    root.detachChild(confirm)
    confirm = nil
    harness.expectNoLeaks()
  }
}
