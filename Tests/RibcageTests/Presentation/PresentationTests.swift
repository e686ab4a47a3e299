import Foundation
@_spi(Diagnostics) import Ribcage
import RibcageTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5))) struct PresentationTests {
  /// An active Confirm RIB under a root, rendered once.
  private func confirm(
    _ requests: RequestService = RequestService(), scheduler: ManualRenderScheduler
  ) -> (RIBHarness, RootRouter, ConfirmRouter) {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let router = makeConfirm(requests: requests, scheduler: scheduler)
    root.attachChild(router)
    scheduler.flush()
    return (harness, root, router)
  }

  @Test func viewEventGoesThroughTheServiceAndComesBackAsARender() {
    let requests = RequestService()
    let scheduler = ManualRenderScheduler()
    let (_, root, router) = confirm(requests, scheduler: scheduler)
    // The root stays alive: dropping an active root deactivates its tree.
    defer { withExtendedLifetime(root) {} }
    let view = router.viewController
    #expect(view.text == "Confirm uberX …")
    requests.quote(12)
    scheduler.flush()
    #expect(view.text == "Confirm uberX $12 [Confirm]")
    view.tapConfirm()  // view → interactor (listener) → service → state → presenter → view
    #expect(view.text == "Confirm uberX $12 [Confirm]", "nothing renders before the turn ends")
    scheduler.flush()
    #expect(view.text == "Confirm uberX $12 — Requested")
  }

  @Test func manySignalsInOneTurnGiveOneRender() {
    let requests = RequestService()
    let scheduler = ManualRenderScheduler()
    let (_, root, router) = confirm(requests, scheduler: scheduler)
    // The root stays alive: dropping an active root deactivates its tree.
    defer { withExtendedLifetime(root) {} }
    let loop = router.interactor.loop
    let before = (loop.presentCount, loop.renderCount)
    for price in 1...1_000 { requests.quote(price) }
    #expect(scheduler.pendingCount == 1)
    scheduler.flush()
    #expect(loop.presentCount == before.0 + 1)
    #expect(loop.renderCount == before.1 + 1)
    #expect(router.viewController.text == "Confirm uberX $1000 [Confirm]")
  }

  @Test func anEqualViewModelIsNotRendered() {
    let requests = RequestService()
    let scheduler = ManualRenderScheduler()
    let (_, root, router) = confirm(requests, scheduler: scheduler)
    // The root stays alive: dropping an active root deactivates its tree.
    defer { withExtendedLifetime(root) {} }
    let loop = router.interactor.loop
    let renders = loop.renderCount
    requests.touch()  // state changes, view model does not
    scheduler.flush()
    #expect(loop.presentCount == 2)
    #expect(loop.renderCount == renders)
    #expect(router.viewController.log.count == 2 * renders)
  }

  @Test func aChangeDuringARenderGivesExactlyOneMoreRenderAfterIt() {
    let requests = RequestService()
    let scheduler = ManualRenderScheduler()
    let view = ConfirmView()
    var changedDuringRender = false
    view.onRender = { viewModel in
      // The view must not do this, but a service reacting to a render-time callback could.
      if viewModel.price == "$5", !changedDuringRender {
        changedDuringRender = true
        requests.select("uberXL")
        requests.quote(7)
      }
    }
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let router = makeConfirm(requests: requests, scheduler: scheduler, view: view)
    root.attachChild(router)
    scheduler.flush()
    requests.quote(5)
    scheduler.flushOnce()
    #expect(scheduler.pendingCount == 1, "one more render is scheduled, not run inside the first")
    scheduler.flush()
    #expect(
      view.log.suffix(4) == [
        "begin Confirm uberX", "end Confirm uberX", "begin Confirm uberXL", "end Confirm uberXL",
      ])
    #expect(view.text == "Confirm uberXL $7 [Confirm]")
    #expect(scheduler.pendingCount == 0)
  }

  @Test func rendersStopWhenDeactivatedAndResumeOnReactivation() {
    let requests = RequestService()
    let scheduler = ManualRenderScheduler()
    let (_, root, router) = confirm(requests, scheduler: scheduler)
    // The root stays alive: dropping an active root deactivates its tree.
    defer { withExtendedLifetime(root) {} }
    let view = router.viewController
    router.interactor.deactivate()
    requests.quote(9)
    scheduler.flush()
    #expect(view.text == "Confirm uberX …")
    #expect(router.interactor.loop.needsRender == false)
    router.interactor.activate()
    scheduler.flush()
    #expect(view.text == "Confirm uberX $9 [Confirm]")
  }

  @Test func aDetachedRIBNeverRendersAndIsDeallocated() {
    let requests = RequestService()
    let scheduler = ManualRenderScheduler()
    let (harness, root, _) = confirm(requests, scheduler: scheduler)
    let watch = DeallocationTracker()
    watch.trackSubtree(of: root.children[0])
    #expect(watch.trackedCount == 3)  // router, interactor, view (the presenter is the view)
    root.detachChild(root.children[0])
    requests.quote(3)
    scheduler.flush()
    watch.expectAllDeallocated()
    harness.expectNoLeaks()
  }

  @Test func aPendingRenderDoesNotKeepADetachedRIBAliveAndRendersNothing() {
    let requests = RequestService()
    let scheduler = ManualRenderScheduler()
    let (harness, root, _) = confirm(requests, scheduler: scheduler)
    let watch = DeallocationTracker()
    weak let interactor = (root.children[0] as? ConfirmRouter)?.interactor
    watch.trackSubtree(of: root.children[0])
    weak let view = (root.children[0] as? ConfirmRouter)?.viewController
    requests.quote(3)
    #expect(scheduler.pendingCount == 1)
    root.detachChild(root.children[0])
    // Before the scheduler runs what it holds: what it holds is not the loop.
    #expect(interactor == nil, "the interactor, and the loop it owns, are gone")
    #expect(view?.text == "Confirm uberX …")
    scheduler.flush()
    #expect(view == nil, "a gone loop renders nothing, and its view goes with the request")
    #expect(scheduler.pendingCount == 0)
    watch.expectAllDeallocated()
    harness.expectNoLeaks()
  }

  @Test func aRenderThatDetachesItsOwnRIBFinishesSafely() {
    let requests = RequestService()
    let scheduler = ManualRenderScheduler()
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    weak var weakView: ConfirmView?
    var log: [String] = []
    do {
      let view = ConfirmView()
      weakView = view
      // The render drops the last reference to the router, the interactor and the loop: the
      // rest of the render and of the flush must not touch them.
      view.onRender = { [weak root, unowned view] viewModel in
        log = view.log
        if viewModel.price == "$8", let root, let child = root.children.first {
          root.detachChild(child)
        }
      }
      root.attachChild(makeConfirm(requests: requests, scheduler: scheduler, view: view))
    }
    scheduler.flush()
    let watch = DeallocationTracker()
    watch.trackSubtree(of: root.children[0])
    requests.quote(8)
    scheduler.flush()
    requests.quote(9)
    scheduler.flush()
    #expect(log.last == "begin Confirm uberX", "the render that detached was the last")
    #expect(weakView == nil)
    watch.expectAllDeallocated()
    harness.expectNoLeaks()
  }

  @Test func aRenderPendingAtTheEndOfTheTurnOfAGoneLoopDoesNothing() async {
    let requests = RequestService()
    weak var weakInteractor: ConfirmInteractor?
    weak var weakView: ConfirmView?
    var log: [String] = []
    do {
      let view = ConfirmView()
      weakView = view
      view.onRender = { _ in log.append("render") }
      let interactor = ConfirmInteractor(view: view, requests: requests, scheduler: .endOfTurn)
      weakInteractor = interactor
      interactor.activate()
      requests.quote(4)  // a flush is now scheduled for the end of the turn, the loop dirty
      #expect(interactor.loop.needsRender)
      // Released while active and dirty: the loop goes now, its flush is still pending.
    }
    #expect(weakInteractor == nil, "the scheduled flush does not keep the loop")
    #expect(weakView == nil, "nor the view: the default scheduler holds the flush weakly")
    let rendered = log.count
    for _ in 0..<10 { await Task.yield() }
    #expect(log.count == rendered, "the pending flush of a gone loop renders nothing")
  }

  @Test func aRecordedSnapshotReplaysIntoAnIdenticalView() throws {
    let requests = RequestService()
    let scheduler = ManualRenderScheduler()
    let (_, root, router) = confirm(requests, scheduler: scheduler)
    // The root stays alive: dropping an active root deactivates its tree.
    defer { withExtendedLifetime(root) {} }
    let recorder = ViewModelRecorder(router.interactor.loop)
    requests.quote(12)
    scheduler.flush()
    router.viewController.tapConfirm()
    scheduler.flush()
    #expect(recorder.viewModels.count == 2)
    let json = try recorder.snapshotJSON()
    // Stable, reviewable: pretty-printed, sorted keys.
    #expect(
      json == """
        [
          {
            "canConfirm" : true,
            "price" : "$12",
            "title" : "Confirm uberX"
          },
          {
            "banner" : "Requested",
            "canConfirm" : false,
            "price" : "$12",
            "title" : "Confirm uberX"
          }
        ]

        """)
    let replayed = try Snapshot.decode([ConfirmViewModel].self, from: json)
    #expect(replayed == recorder.viewModels)
    let fresh = ConfirmView()
    fresh.render(replayed[replayed.count - 1])
    #expect(fresh.text == router.viewController.text)
  }

  @Test func snapshotFilesAreWrittenOnceThenCompared() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ribcage-snapshots-\(UInt64.random(in: 0...UInt64.max))")
    defer { try? FileManager.default.removeItem(at: folder) }
    let requests = RequestService()
    let scheduler = ManualRenderScheduler()
    let (_, root, router) = confirm(requests, scheduler: scheduler)
    // The root stays alive: dropping an active root deactivates its tree.
    defer { withExtendedLifetime(root) {} }
    let recorder = ViewModelRecorder(router.interactor.loop)
    requests.quote(4)
    scheduler.flush()
    withKnownIssue("a new snapshot is recorded and reported once") {
      try recorder.expectSnapshot(named: "confirm", in: folder)
    }
    let file = folder.appendingPathComponent("confirm.json")
    #expect(FileManager.default.fileExists(atPath: file.path))
    try recorder.expectSnapshot(named: "confirm", in: folder)  // matches: no issue
    requests.quote(5)
    scheduler.flush()
    withKnownIssue("a different recording fails the comparison") {
      try recorder.expectSnapshot(named: "confirm", in: folder)
    }
  }

  @Test func theDefaultSchedulerRendersOnceAtTheEndOfTheTurn() async {
    let requests = RequestService()
    let view = ConfirmView()
    let interactor = ConfirmInteractor(view: view, requests: requests, scheduler: .endOfTurn)
    interactor.activate()
    #expect(interactor.loop.renderCount == 1, "the first render happens as the loop starts")
    for price in 1...50 { requests.quote(price) }
    #expect(interactor.loop.renderCount == 1, "nothing more renders during the turn")
    var turns = 0
    while interactor.loop.renderCount == 1, turns < 1_000 {
      await Task.yield()
      turns += 1
    }
    #expect(interactor.loop.renderCount == 2)
    #expect(interactor.loop.presentCount == 2)
    #expect(view.text == "Confirm uberX $50 [Confirm]")
    interactor.deactivate()
  }
}
