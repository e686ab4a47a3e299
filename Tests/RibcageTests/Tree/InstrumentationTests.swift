import Ribcage
import RibcageTesting
import Testing

/// The streams tools (a session recorder, an inspector, analytics) observe: hook timings,
/// renders, plugin events, reported diagnostics, leak reports, workflow and deep link events.
@MainActor
@Suite("Instrumentation streams", .timeLimit(.minutes(5)))
struct InstrumentationTests {
  @Test("hook timings come after the hook, after what the hook caused, with the hook's router")
  func hookTimingOrder() {
    let harness = RIBHarness()
    let root = RootRouter("root")
    harness.activate(root)
    var log: [String] = []
    let events = root.context.events.observe { log.append($0.summary) }
    let timings = root.context.hookTimings.observe { timing in
      log.append("\(timing.router.name).\(timing.hook.rawValue)")
      #expect(timing.duration >= .zero)
    }
    do {
      let loggedIn = LoggedInRouter("loggedIn")
      loggedIn.interactor.onDidBecomeActive = { [unowned loggedIn] _ in
        loggedIn.attachChild(HomeRouter("home"))
      }
      root.attachChild(loggedIn)
      root.detachChild(loggedIn)
    }
    #expect(
      log == [
        "attached LoggedIn to Root", "activated LoggedIn", "attached Home to LoggedIn",
        "activated Home", "Home.didBecomeActive", "Home.didLoad", "loaded Home",
        "LoggedIn.didBecomeActive", "LoggedIn.didLoad", "loaded LoggedIn",
        "Home.willResignActive", "deactivated Home", "LoggedIn.willResignActive",
        "deactivated LoggedIn", "detached LoggedIn from Root",
      ])
    events.cancel()
    timings.cancel()
    // Unobserved: nothing is timed or sent (and nothing breaks).
    do {
      let again = LoggedInRouter("again")
      root.attachChild(again)
      root.detachChild(again)
    }
    #expect(log.count == 15)
    harness.expectNoLeaks()
  }

  @Test("renders carry the view model and the RIB of the loop; a loop outside a RIB has none")
  func renders() {
    let harness = RIBHarness()
    let root = RootRouter("root")
    harness.activate(root)
    var seen: [(String?, Int)] = []
    let renders = root.context.renders.observe { render in
      seen.append((render.router?.name, render.viewModel as! Int))
    }
    let state = MutableStateStream(1)
    let scheduler = ManualRenderScheduler()
    do {
      let home = HomeRouter("home")
      let loop = RenderLoop(
        state: state.stream, present: { $0 * 10 }, render: { _ in }, scheduler: scheduler)
      loop.start(home.interactor)
      root.attachChild(home)
      state.value = 2
      scheduler.flush()
      state.value = 2  // an equal view model renders nothing
      scheduler.flush()
      root.detachChild(home)
    }
    // A loop bound to an interactor that no router owns.
    let loose = Interactor()
    let looseLoop = RenderLoop(
      state: state.stream, present: { $0 }, render: { _ in }, scheduler: scheduler)
    looseLoop.start(loose)
    loose.activate()
    #expect(seen.map(\.0) == ["Home", "Home"])
    #expect(seen.map(\.1) == [10, 20])
    renders.cancel()
    loose.deactivate()
    harness.expectNoLeaks()
  }

  @Test("plugin points announce attaches, detaches with the flag that caused them, and switch-offs")
  func pluginEvents() {
    struct Broken: Error {}
    let harness = RIBHarness()
    let root = RootRouter("root")
    harness.activate(root)
    let flags = FlagStore()
    var events: [PluginEvent] = []
    let subscription = root.context.pluginEvents.observe { events.append($0) }
    let coupons = FeatureFlag("coupons", default: true)
    let photos = FeatureFlag("photos", default: true)
    let point = RIBPluginPoint<Void>("confirm", flags: flags, router: root)
    point.register("coupon", gatedBy: coupons) { _, _ in HomeRouter("coupon") }
    point.register("photo", gatedBy: photos) { _, _ in throw Broken() }
    point.evaluate(())
    _ = flags.apply(["coupons": .bool(false)])
    flags.isCoreOnly = true
    flags.isCoreOnly = false
    _ = flags.apply(["coupons": .bool(true)])
    flags.isCoreOnly = true
    #expect(
      events.map { "\($0.plugin) \($0.kind.rawValue) \($0.reason ?? "")" } == [
        "coupon attached ", "photo autoDisabled photo failed to build: Broken()",
        "coupon detached coupons is false (runtime)", "coupon attached ",
        "coupon detached core only",
      ])
    #expect(events.allSatisfy { $0.point == "confirm" })
    subscription.cancel()
    harness.expectNoLeaks()
  }

  @Test("reported diagnostics reach observers after the configured handler")
  func diagnostics() {
    let recorder = DiagnosticsRecorder()
    let root = RootRouter("root")
    root.context = TreeContext(diagnostics: recorder.handler, leakDetector: nil)
    var observed: [TreeDiagnostic.Kind] = []
    let subscription = root.context.reportedDiagnostics.observe {
      #expect(recorder.reports.count == observed.count + 1)
      observed.append($0.kind)
    }
    root.attachChild(root)
    root.detachChild(HomeRouter())
    #expect(observed == [.attachCreatesCycle, .detachedNonChild])
    subscription.cancel()
    root.attachChild(root)
    #expect(observed.count == 2)
    #expect(recorder.reports.count == 3)
  }

  @Test("leak reports are delivered after onLeak")
  func leakReports() {
    let clock = TestClock()
    var fromHandler = 0
    let detector = LeakDetector(gracePeriod: .seconds(1), clock: clock) { _ in fromHandler += 1 }
    var reports: [LeakReport] = []
    let subscription = detector.reports.observe {
      #expect(fromHandler == reports.count + 1)
      reports.append($0)
    }
    let root = RootRouter("root")
    root.context = TreeContext(diagnostics: .silent, leakDetector: detector)
    root.interactor.activate()
    let kept = HomeRouter("home")
    root.attachChild(kept)
    root.detachChild(kept)
    clock.advance(by: .seconds(2))
    detector.sweep()
    #expect(reports.map(\.subtreePath) == ["Root/Home"])
    subscription.cancel()
    withExtendedLifetime(kept) {}
    root.interactor.deactivate()
  }

  @Test("deep link routers announce what they resolved and why they refused")
  func deepLinks() throws {
    let links = DeepLinkRouter<Int>()
    try links.register("app://trip/{id}") { try $0.int("id") }
    links.registerPush("trip") { try $0.int("trip") }
    var events: [DeepLinkEvent] = []
    let subscription = links.events.observe { events.append($0) }
    _ = links.link(for: "app://trip/4")
    _ = links.link(for: "app://trip/four")
    _ = links.link(for: "nope")
    _ = links.link(forPush: ["type": .string("trip"), "trip": .int(9)])
    _ = links.link(forPush: ["type": .string("other")])
    #expect(events.map(\.isHandled) == [true, false, false, true, false])
    #expect(events[0].pattern == "app://trip/{id}")
    #expect(events[1].pattern == "app://trip/{id}")
    #expect(events[2].pattern == nil)
    #expect(events[3].pattern == "push trip")
    #expect(events[4].error == .unhandled(input: "push type=\"other\""))
    subscription.cancel()
  }

  @Test("workflow runners announce starts with their trigger, numbered steps, and ends")
  func workflows() async throws {
    let harness = RIBHarness()
    let root = RootRouter("root")
    let links = DeepLinkRouter<Int>()
    try links.register("app://x/{id}") { try $0.int("id") }
    let runner = WorkflowRunner()
    var events: [WorkflowEvent] = []
    let subscription = runner.events.observe { events.append($0) }
    let workflow = Workflow<RecordingInteractor>("open")
      .onStep { $0 }
      .onStep { _ in "done" }
      .commit()
    _ = runner.open("app://x/1", with: links, on: root.interactor) { _ in workflow }
    for _ in 0..<10 { await Task.yield() }
    harness.activate(root)
    for _ in 0..<20 { await Task.yield() }
    #expect(
      events.map(\.description) == [
        "workflow open #1: started by app://x/1",
        "workflow open #1: step 1 waits for RecordingInteractor",
        "workflow open #1: step 1 acts on RecordingInteractor",
        "workflow open #1: step 2 acts on RecordingInteractor",
        "workflow open #1: completed",
      ])
    subscription.cancel()
  }

  @Test("a root whose own deinit detaches its children: observers keep no going router")
  func detachesFromADeinit() {
    let harness = RIBHarness()
    var root: DetachingOnDeinitRouter? = DetachingOnDeinitRouter("root")
    harness.activate(root!)
    root!.attachChild(HomeRouter("home"))
    var kept: [TreeEvent] = []
    let events = harness.context.events.observe { kept.append($0) }
    // Released while active: its deinit detaches Home, in its tree, before the base router's
    // deinit runs. An event naming the root would outlive it.
    root = nil
    for event in kept {
      if case .detached(_, let parent) = event { #expect(parent.name != "DetachingOnDeinit") }
    }
    events.cancel()
    kept = []
    harness.expectNoLeaks()
  }
}

/// A router whose deinit detaches its children itself, as uber/RIBs' routers do.
@MainActor
final class DetachingOnDeinitRouter: NodeRouter {
  deinit {
    MainActor.assumeIsolated {
      while let child = children.last { detachChild(child) }
    }
  }
}
