@_spi(RibcageInspection) import Ribcage
import RibcageTesting
import Testing

/// What the tree hands a session recorder's tap, against what its streams deliver.
@MainActor
@Suite("Inspection tap", .timeLimit(.minutes(5)))
struct InspectionTapTests {
  @Test("a tap sees the streams' order; a willResignActive's timing comes with deactivated")
  func sameOrderAsStreams() {
    let harness = RIBHarness()
    let root = RootRouter("root")
    harness.activate(root)
    let tap = LoggingTap()
    root.context.setInspectionTap(tap, timesHooks: true)
    var streamed: [String] = []
    let events = root.context.events.observe { streamed.append($0.summary) }
    let timings = root.context.hookTimings.observe {
      streamed.append("\($0.router.name).\($0.hook.rawValue)")
    }
    do {
      let loggedIn = LoggedInRouter("loggedIn")
      loggedIn.interactor.onDidBecomeActive = { [unowned loggedIn] _ in
        loggedIn.attachChild(HomeRouter("home"))
      }
      // Resigning makes an activeness observer attach a RIB elsewhere: that happens after
      // willResignActive returned and before the RIB is inactive.
      var wasActive = false
      var requestAttached = false
      let activeness = loggedIn.interactor.isActiveStream.observe { [unowned root] isActive in
        if isActive { wasActive = true }
        guard wasActive, !isActive, !requestAttached else { return }
        requestAttached = true
        root.attachChild(RequestRouter("request"))
      }
      root.attachChild(loggedIn)
      root.detachChild(loggedIn)
      activeness.cancel()
      for child in root.children { root.detachChild(child) }
    }
    let expected = [
      "attached LoggedIn to Root", "activated LoggedIn", "attached Home to LoggedIn",
      "activated Home", "Home.didBecomeActive", "Home.didLoad", "loaded Home",
      "LoggedIn.didBecomeActive", "LoggedIn.didLoad", "loaded LoggedIn",
      "Home.willResignActive", "deactivated Home",
      "attached Request to Root", "activated Request", "Request.didBecomeActive",
      "Request.didLoad", "loaded Request",
      "LoggedIn.willResignActive", "deactivated LoggedIn", "detached LoggedIn from Root",
      "Request.willResignActive", "deactivated Request", "detached Request from Root",
    ]
    #expect(streamed == expected)
    #expect(tap.log == expected)
    events.cancel()
    timings.cancel()
    root.context.setInspectionTap(nil, timesHooks: false)
    harness.expectNoLeaks()
  }

  @Test("a tap that does not time hooks gets the events alone, while the streams time them")
  func untimedTap() {
    let harness = RIBHarness()
    let root = RootRouter("root")
    harness.activate(root)
    let tap = LoggingTap()
    root.context.setInspectionTap(tap, timesHooks: false)
    var timed: [String] = []
    let timings = root.context.hookTimings.observe {
      timed.append("\($0.router.name).\($0.hook.rawValue)")
    }
    do {
      let home = HomeRouter("home")
      root.attachChild(home)
      root.detachChild(home)
    }
    #expect(
      tap.log == [
        "attached Home to Root", "activated Home", "loaded Home", "deactivated Home",
        "detached Home from Root",
      ])
    #expect(timed == ["Home.didBecomeActive", "Home.didLoad", "Home.willResignActive"])
    timings.cancel()
    root.context.setInspectionTap(nil, timesHooks: false)
    harness.expectNoLeaks()
  }
}

/// A tap that writes down each call as the streams' summaries read, overriding only the
/// one-event methods: what the tree hands it as one call arrives through the defaults.
@MainActor
private final class LoggingTap: InspectionTap {
  var log: [String] = []

  override func treeAttached(_ child: RouterNode, to parent: RouterNode) {
    log.append(TreeEvent.attached(child: child, parent: parent).summary)
  }

  override func treeDetached(_ child: RouterNode, from parent: RouterNode) {
    log.append(TreeEvent.detached(child: child, parent: parent).summary)
  }

  override func treeActivated(_ router: RouterNode) {
    log.append(TreeEvent.activated(router).summary)
  }

  override func treeDeactivated(_ router: RouterNode) {
    log.append(TreeEvent.deactivated(router).summary)
  }

  override func treeLoaded(_ router: RouterNode) {
    log.append(TreeEvent.loaded(router).summary)
  }

  override func hookTimed(_ router: RouterNode, _ hook: LifecycleHook, start: UInt64, end: UInt64) {
    log.append("\(router.name).\(hook.rawValue)")
  }
}
