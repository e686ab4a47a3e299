@_spi(Diagnostics) import Ribcage
import RibcageTesting
import Testing

/// A loop tells its tree what its RIB renders, naming the RIB's router, which it holds
/// unretained: a router that goes while its loop runs must be neither kept nor read.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct RenderAnnouncerTests {
  @Test("a root rendering through its own loop, released while active, is stopped and freed")
  func rootWithALoopReleasedWhileActive() {
    let harness = RIBHarness()
    let scheduler = ManualRenderScheduler()
    let requests = RequestService()
    var root: ConfirmRouter? = makeConfirm(requests: requests, scheduler: scheduler)
    harness.activate(root!)
    weak let interactor = root!.interactor
    #expect(interactor?.loop.renderCount == 1)
    root = nil
    #expect(interactor == nil)
    requests.quote(3)
    scheduler.flush()
    harness.expectNoLeaks()
  }

  @Test("a root whose interactor is held elsewhere, released while active, renders no more")
  func loopOutlivingItsRouter() {
    let harness = RIBHarness()
    let scheduler = ManualRenderScheduler()
    let requests = RequestService()
    let renders = harness.context.renders
    var named: [Bool] = []
    let subscription = renders.observe { named.append($0.router != nil) }
    var root: ConfirmRouter? = makeConfirm(requests: requests, scheduler: scheduler)
    harness.activate(root!)
    let interactor = root!.interactor
    root = nil
    // The released root is stopped by the tree: its loop no longer renders.
    #expect(!interactor.isActive)
    requests.quote(4)
    scheduler.flush()
    #expect(named == [true])
    subscription.cancel()
  }

  @Test("a render from a router subclass's deinit names no router: it is going")
  func renderFromARouterSubclassDeinit() {
    let harness = RIBHarness()
    let scheduler = ManualRenderScheduler()
    let requests = RequestService()
    let view = ConfirmView()
    var root: RenderingOnDeinitRouter? = RenderingOnDeinitRouter(
      interactor: ConfirmInteractor(view: view, requests: requests, scheduler: scheduler),
      viewController: view)
    harness.activate(root!)
    // Its own deinit renders once more, synchronously, before the base router's deinit runs:
    // a record kept past the deinit must not hold the router (it would outlive its memory).
    root!.onDeinit = {
      requests.quote(7)
      scheduler.flush()
    }
    var kept: [RenderRecord] = []
    let subscription = harness.context.renders.observe { kept.append($0) }
    root = nil
    #expect(view.text == "Confirm uberX $7 [Confirm]")
    #expect(kept.count == 1)
    #expect(kept.first.map { $0.router == nil } == true)
    subscription.cancel()
  }
}

/// A router whose deinit runs app code that renders its RIB (a flush of its loop).
@MainActor
final class RenderingOnDeinitRouter: ViewableRouter<ConfirmInteractor, ConfirmView> {
  var onDeinit: (() -> Void)?

  deinit {
    // Released on the main actor (the test's last reference goes there), as a UI router is.
    MainActor.assumeIsolated { onDeinit?() }
  }
}
