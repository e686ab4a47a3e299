import Ribcage
import RibcageTesting
import Testing

/// A launched tree dropped without detaching (sign-out rebuilding the app): it is deactivated
/// children first, its bound work stops, what it leaks is reported, and a RIB a hook moved
/// elsewhere meanwhile is left alone.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct DroppedTreeTests {
  @Test func droppingAnActiveTreeDeactivatesItChildrenFirstAndStopsBoundWork() async {
    let harness = RIBHarness()
    let log = HookLog()
    var root: AppRootRouter? = AppRootRouter(log: log)
    harness.launch(root!)
    root!.attachChild(NodeRouter("child", log: log))
    let tracker = DeallocationTracker()
    var polls = 0
    weak var poller: PollingInteractor?
    do {
      let polling = PollingInteractor()
      polling.onPoll = { polls += 1 }
      root!.children[0].attachChild(Router(interactor: polling))
      poller = polling
    }
    tracker.trackSubtree(of: root!)
    await poller?.waitForPolls(2)
    log.entries.removeAll()
    // Sign-out rebuilds the tree: the old root is simply dropped, the new one launched.
    root = nil
    let signedOut = AppRootRouter()
    harness.launch(signedOut)
    #expect(
      log.entries == [
        "child.willResignActive(isActive: true)", "root.willResignActive(isActive: true)",
      ])
    #expect(poller?.isActive != true)
    let pollsAtDrop = polls
    for _ in 0..<20 { await Task.yield() }
    #expect(polls == pollsAtDrop, "the bound polling task stopped")
    await harness.expectNoLeaks()
    tracker.expectAllDeallocated()
    withExtendedLifetime(signedOut) {}
  }

  @Test func droppingAnActiveTreeReportsWhatItLeaks() {
    let harness = RIBHarness()
    var root: AppRootRouter? = AppRootRouter()
    harness.launch(root!)
    let child = NodeRouter("child")
    root!.attachChild(child)
    root = nil
    #expect(!child.interactor.isActive)
    let reports = harness.sweepLeaks()
    #expect(reports.flatMap(\.leakedObjects).map(\.path).contains("AppRoot/Node"))
  }

  @Test func aChildOfADroppedRootReattachedElsewhereByAHookIsLeftAlone() {
    let harness = RIBHarness()
    var root: AppRootRouter? = AppRootRouter()
    harness.launch(root!)
    let other = NodeRouter("other")
    harness.activate(other)
    let a = NodeRouter("a")
    let b = NodeRouter("b")
    root!.attachChild(a)
    root!.attachChild(b)
    b.interactor.onWillResignActive = { _ in other.attachChild(a) }
    root = nil
    harness.launch(AppRootRouter())
    #expect(other.children.first === a)
    #expect(a.interactor.isActive)
    let leaked = harness.sweepLeaks().flatMap(\.leakedObjects).filter { $0.role == .router }
    #expect(leaked.map(\.path) == ["AppRoot/Node"], "only b, which this test holds")
  }
}

/// An interactor whose bound task polls until cancelled.
@MainActor
private final class PollingInteractor: Interactor, Interactable {
  var onPoll: (() -> Void)?
  private var pollCount = 0

  override func didBecomeActive() {
    super.didBecomeActive()
    task {
      while !Task.isCancelled {
        await self.poll()
      }
    }
  }

  private func poll() async {
    pollCount += 1
    onPoll?()
    await Task.yield()
  }

  func waitForPolls(_ count: Int) async {
    while pollCount < count { await Task.yield() }
  }
}
