import Foundation
import Ribcage
import RibcageInspector
import RibcageTesting
import Testing

@MainActor
@Suite("SessionRecorder", .timeLimit(.minutes(5)))
struct RecorderTests {
  @Test("records attach, activate, load, hooks, deactivate and detach with paths, in order")
  func lifecycle() throws {
    let app = RecordedApp()
    let recorder = SessionRecorder(app.root)
    app.launch()
    do {
      let signedIn = SignedInRouter()
      app.root.attachChild(signedIn)
      signedIn.attachChild(FeedRouter())
      app.root.detachChild(signedIn)
    }
    #expect(app.detector.sweep().isEmpty)

    let timeline = try SessionTimeline(recorder)
    let kinds = timeline.events.map { "\($0.kind.rawValue) \($0.path ?? "")" }
    #expect(
      kinds == [
        "keyframe ", "activate AppRoot", "hook AppRoot", "hook AppRoot", "load AppRoot",
        "attach AppRoot/SignedIn", "activate AppRoot/SignedIn", "hook AppRoot/SignedIn",
        "hook AppRoot/SignedIn", "load AppRoot/SignedIn",
        "attach AppRoot/SignedIn/Feed", "activate AppRoot/SignedIn/Feed",
        "hook AppRoot/SignedIn/Feed", "hook AppRoot/SignedIn/Feed", "load AppRoot/SignedIn/Feed",
        "hook AppRoot/SignedIn/Feed", "deactivate AppRoot/SignedIn/Feed",
        "hook AppRoot/SignedIn", "deactivate AppRoot/SignedIn", "detach AppRoot/SignedIn",
      ])
    let hooks = timeline.events.filter { $0.kind == .hook }.compactMap { $0.string("hook") }
    #expect(hooks.prefix(2) == ["didBecomeActive", "didLoad"])
    #expect(hooks.last == "willResignActive")
    #expect(
      timeline.events.filter { $0.kind == .hook }.allSatisfy { $0.fields["ns"]?.int64Value != nil })
    let seqs = timeline.events.map(\.seq)
    #expect(seqs == Array(1...Int64(seqs.count)))
    #expect(
      zip(timeline.events, timeline.events.dropFirst()).allSatisfy {
        $0.nanoseconds <= $1.nanoseconds
      })
  }

  @Test("any moment is the tree as it was, with what the event changed")
  func moments() throws {
    let app = RecordedApp()
    let recorder = SessionRecorder(app.root)
    app.launch()
    var expected: [UInt64: String] = [:]
    expected[recorder.mark("launched")] = liveTreeText(app.root)
    do {
      let signedIn = SignedInRouter()
      app.root.attachChild(signedIn)
      let cart = CartRouter()
      signedIn.attachChild(cart)
      signedIn.attachChild(FeedRouter())
      expected[recorder.mark("signed in")] = liveTreeText(app.root)
      signedIn.detachChild(cart)
      expected[recorder.mark("cart closed")] = liveTreeText(app.root)
      app.root.detachChild(signedIn)
      expected[recorder.mark("signed out")] = liveTreeText(app.root)
    }

    let timeline = try SessionTimeline(recorder)
    #expect(timeline.marks.map(\.text) == ["launched", "signed in", "cart closed", "signed out"])
    for (index, _) in timeline.marks {
      let moment = timeline.moment(at: index)
      #expect(moment.treeText == expected[UInt64(moment.event.seq)])
    }
    let detach = try #require(timeline.events.firstIndex { $0.kind == .detach })
    #expect(
      timeline.moment(at: detach).changes
        == [.detached(rib: timeline.events[detach].rib!, path: "AppRoot/SignedIn/Cart")])
    #expect(app.detector.sweep().isEmpty)
  }

  @Test("renders carry the encoded view model and its RIB; other view models their type")
  func renders() throws {
    let app = RecordedApp()
    let recorder = SessionRecorder(app.root)
    app.launch()
    let service = CartService()
    let scheduler = ManualRenderScheduler()
    let opaqueState = MutableStateStream(1)
    do {
      let cart = CartViewRouter(service: service, scheduler: scheduler)
      app.root.attachChild(cart)
      service.add("tea", price: 3)
      service.add("cake", price: 4)
      scheduler.flush()
      let opaque = RenderLoop<Int, OpaqueViewModel>(
        state: opaqueState.stream, present: { OpaqueViewModel(count: $0) },
        render: { _ in }, scheduler: scheduler)
      opaque.start(cart.interactor)
      app.root.detachChild(cart)
    }
    #expect(app.detector.sweep().isEmpty)

    let timeline = try SessionTimeline(recorder)
    let renders = timeline.events.filter { $0.kind == .render }
    #expect(renders.count == 3)
    #expect(renders[0].path == "AppRoot/CartView")
    #expect(renders[0].fields["viewModel"]?["title"] == .string("Cart (0)"))
    #expect(renders[1].fields["viewModel"]?["total"] == .integer(7))
    #expect(renders[2].string("viewModelType")?.hasSuffix("OpaqueViewModel") == true)
    #expect(renders[2].fields["viewModel"] == nil)

    let second = try #require(timeline.events.firstIndex { $0 == renders[1] })
    let moment = timeline.moment(at: second)
    #expect(
      moment.rib(at: "AppRoot/CartView")?.viewModel?["items"]
        == .array([.string("tea"), .string("cake")]))
    guard case .viewModel(_, let path, let fields) = moment.changes.first else {
      Issue.record("no view model change: \(moment.changes)")
      return
    }
    #expect(path == "AppRoot/CartView")
    #expect(fields.map(\.path) == ["items", "title", "total"])
    #expect(fields.last == ViewModelFieldChange(path: "total", old: .integer(0), new: .integer(7)))
  }

  @Test("recording keeps nothing alive: detached RIBs deallocate and the detector stays silent")
  func keepsNothingAlive() throws {
    let app = RecordedApp()
    let recorder = SessionRecorder(app.root)
    app.launch()
    let tracker = DeallocationTracker()
    do {
      let service = CartService()
      let scheduler = ManualRenderScheduler()
      let signedIn = SignedInRouter()
      let cart = CartViewRouter(service: service, scheduler: scheduler)
      app.root.attachChild(signedIn)
      signedIn.attachChild(cart)
      service.add("tea", price: 3)
      scheduler.flush()
      // A hook that detaches its own RIB while the recorder writes its activation.
      let feed = FeedRouter()
      feed.interactor.onDidBecomeActive = { [unowned signedIn, unowned feed] _ in
        signedIn.detachChild(feed)
      }
      signedIn.attachChild(feed)
      tracker.trackSubtree(of: signedIn)
      tracker.trackSubtree(of: feed)
      app.root.detachChild(signedIn)
    }
    #expect(app.detector.sweep().isEmpty)
    tracker.expectAllDeallocated()
    #expect(recorder.liveRIBCount == 1)
    let timeline = try SessionTimeline(recorder)
    #expect(timeline.moment(at: timeline.events.count - 1).ribs.count == 1)
  }

  @Test("a subtree assembled while detached joins the timeline with its children")
  func subtreeAttachedWhole() throws {
    let app = RecordedApp()
    let recorder = SessionRecorder(app.root)
    app.launch()
    do {
      let signedIn = SignedInRouter()
      signedIn.attachChild(FeedRouter())
      signedIn.attachChild(CartRouter())
      app.root.attachChild(signedIn)
      let timeline = try SessionTimeline(recorder)
      let last = timeline.moment(at: timeline.events.count - 1)
      #expect(last.treeText == liveTreeText(app.root))
      #expect(last.ribs.count == 4)
      app.root.detachChild(signedIn)
    }
    #expect(app.detector.sweep().isEmpty)
  }

  @Test("flags, plugins, workflows, deep links, diagnostics, leaks and marks")
  func otherSources() async throws {
    let app = RecordedApp()
    let flags = FlagStore()
    let runner = WorkflowRunner()
    let links = DeepLinkRouter<Int>()
    try links.register("app://item/{id}") { try $0.int("id") }
    let recorder = SessionRecorder(app.root)
    recorder.record(flags: flags)
    recorder.record(workflows: runner)
    recorder.record(links: links)
    app.launch()

    let coupons = FeatureFlag("coupons", default: true)
    let point = RIBPluginPoint<Void>("checkout", flags: flags, router: app.root)
    point.register("coupon", gatedBy: coupons) { _, _ in CartRouter() }
    point.evaluate(())
    _ = flags.apply(["coupons": .bool(false)])
    flags.isCoreOnly = true
    flags.isCoreOnly = false

    let workflow = Workflow<HookInteractor>("open-item")
      .onStep { root in root }
      .commit()
    _ = runner.open("app://item/7", with: links, on: app.root.interactor) { _ in workflow }
    _ = runner.open("app://item/seven", with: links, on: app.root.interactor) { _ in workflow }
    for _ in 0..<20 { await Task.yield() }

    app.root.attachChild(app.root)  // a misuse: reported, nothing changes
    let kept = CheckoutRouter()
    app.root.attachChild(kept)
    app.root.detachChild(kept)
    #expect(app.detector.sweep().count == 1)  // `kept` is still held here
    recorder.mark("done")

    let timeline = try SessionTimeline(recorder)
    let summary = timeline.events.map(\.summary).joined(separator: "\n")
    let byKind = Dictionary(grouping: timeline.events, by: \.kind)
    #expect(byKind[.flag]?.first?.string("source") == "runtime", "\(summary)")
    #expect(byKind[.coreOnly]?.count == 2)
    #expect(byKind[.plugin]?.map { $0.string("event") ?? "" } == ["attached", "detached"])
    #expect(byKind[.plugin]?.last?.string("reason") == "coupons is false (runtime)")
    let phases = byKind[.workflow]?.map { $0.string("phase") ?? "" } ?? []
    #expect(phases == ["started", "acting", "completed"], "\(summary)")
    #expect(byKind[.workflow]?.first?.string("trigger") == "app://item/7")
    #expect(byKind[.link]?.map { $0.fields["handled"]?.boolValue } == [true, false])
    #expect(byKind[.link]?.last?.fields["error"]?["case"] == .string("wrongType"))
    #expect(byKind[.diagnostic]?.first?.string("kind") == "attachCreatesCycle")
    #expect(app.diagnostics.count == 1)  // the app's own handler still got it
    #expect(byKind[.leak]?.first?.string("subtree") == "AppRoot/Checkout")
    #expect(byKind[.mark]?.first?.string("text") == "done")
    let last = timeline.moment(at: timeline.events.count - 1)
    #expect(last.flags["coupons"] == TimelineFlag(value: .bool(false), source: "runtime"))
    withExtendedLifetime(kept) {}
  }

  @Test("a failing workflow and a cancelled one are recorded with their ends")
  func workflowEnds() async throws {
    struct Refused: Error {}
    let app = RecordedApp()
    let runner = WorkflowRunner()
    let recorder = SessionRecorder(app.root)
    recorder.record(workflows: runner)
    let waiting = Workflow<HookInteractor>("wait").onStep { $0 }.commit()
    runner.start(waiting, on: app.root.interactor)  // root inactive: waits
    for _ in 0..<5 { await Task.yield() }
    runner.cancel(kind: "wait")
    let failing = Workflow<HookInteractor>("fail").onStep { _ in throw Refused() }.commit()
    app.launch()
    runner.start(failing, on: app.root.interactor)
    for _ in 0..<20 { await Task.yield() }
    let timeline = try SessionTimeline(recorder)
    let phases = timeline.events.filter { $0.kind == .workflow }.map {
      "\($0.string("kind")!) \($0.string("phase")!)"
    }
    // Each run's events in order (the cancelled run ends on a later turn, so the runs interleave).
    #expect(
      phases.filter { $0.hasPrefix("wait") } == ["wait started", "wait waiting", "wait cancelled"])
    #expect(
      phases.filter { $0.hasPrefix("fail") } == ["fail started", "fail acting", "fail failed"])
    let failure = timeline.events.last { $0.string("phase") == "failed" }
    #expect(failure?.string("error")?.contains("Refused") == true)
  }

  @Test("the budget drops the oldest segments, says so, and the rest still rebuilds")
  func budget() throws {
    let app = RecordedApp()
    let recorder = try SessionRecorder(
      app.root, configuration: .init(byteBudget: 16 * 1024, keyframeInterval: 50))
    app.launch()
    let signedIn = SignedInRouter()
    app.root.attachChild(signedIn)
    var expected: [UInt64: String] = [:]
    for round in 0..<300 {
      let cart = CartRouter()
      signedIn.attachChild(cart)
      if round % 3 == 0 { expected[recorder.mark("round \(round)")] = liveTreeText(app.root) }
      signedIn.detachChild(cart)
    }
    #expect(app.detector.sweep().isEmpty)
    #expect(recorder.droppedEventCount > 0)
    #expect(recorder.retainedBytes <= 16 * 1024 + 2_048)
    let timeline = try SessionTimeline(recorder)
    #expect(timeline.droppedEventCount == Int64(recorder.droppedEventCount))
    #expect(timeline.events.first?.kind == .keyframe)
    #expect(timeline.events.first?.seq == Int64(recorder.droppedEventCount) + 1)
    #expect(!timeline.marks.isEmpty)
    for (index, _) in timeline.marks {
      let moment = timeline.moment(at: index)
      #expect(moment.treeText == expected[UInt64(moment.event.seq)])
    }
  }

  @Test("streams the whole session to a file; the file loads like the memory copy")
  func fileSink() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("ribcage-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let app = RecordedApp()
    let recorder = try SessionRecorder(
      app.root,
      configuration: .init(
        appName: "Tests", byteBudget: 8 * 1024, keyframeInterval: 20, filePath: path))
    app.launch()
    for _ in 0..<200 {
      let cart = CartRouter()
      app.root.attachChild(cart)
      app.root.detachChild(cart)
    }
    recorder.flush()
    let fromFile = try SessionTimeline(contentsOfFile: path)
    #expect(fromFile.header.app == "Tests")
    #expect(fromFile.droppedEventCount == 0)
    #expect(fromFile.events.count == Int(recorder.lastSequenceNumber))
    let fromMemory = try SessionTimeline(recorder)
    #expect(fromMemory.droppedEventCount > 0)
    let lastFile = fromFile.moment(at: fromFile.events.count - 1)
    let lastMemory = fromMemory.moment(at: fromMemory.events.count - 1)
    #expect(lastFile.treeText == lastMemory.treeText)
    recorder.stop()
    #expect(!recorder.isRecording)
    #expect(app.detector.sweep().isEmpty)
  }

  @Test("a bad configuration is a typed error")
  func badConfiguration() {
    let root = AppRootRouter()
    #expect(throws: SessionRecorderError.self) {
      _ = try SessionRecorder(root, configuration: .init(byteBudget: 10))
    }
    #expect(throws: SessionRecorderError.self) {
      _ = try SessionRecorder(root, configuration: .init(filePath: "/nonexistent/dir/x.jsonl"))
    }
  }

  @Test("a released recorder stops observing the tree")
  func releasedRecorder() {
    let app = RecordedApp()
    var recorder: SessionRecorder? = SessionRecorder(app.root)
    weak let weakRecorder = recorder
    recorder = nil
    #expect(weakRecorder == nil)
    app.launch()
    do {
      let cart = CartRouter()
      app.root.attachChild(cart)
      app.root.detachChild(cart)
    }
    #expect(app.detector.sweep().isEmpty)
  }
}

@MainActor
@Suite("SessionRecorder against a random app", .timeLimit(.minutes(5)))
struct RecorderModelTests {
  /// Random attaches, detaches, moves, re-entrant hooks, activations of the root and a second
  /// recorder started late on a leaf: at every mark, both recorders' timelines show the live
  /// tree, and nothing leaks.
  @Test("two recorders, random operations, re-entrant hooks: every moment is the live tree")
  func randomOperations() throws {
    let app = RecordedApp()
    let first = try SessionRecorder(
      app.root, configuration: .init(byteBudget: 1 << 22, keyframeInterval: 64))
    app.launch()
    var generator = SeededRandomNumberGenerator(seed: 42)
    var second: SessionRecorder?
    var expectedFirst: [UInt64: String] = [:]
    var expectedSecond: [UInt64: String] = [:]
    do {
      var attached: [PlainRouter] = [app.root]
      var detached: [PlainRouter] = []
      let makers: [@MainActor () -> PlainRouter] = [
        { SignedInRouter() }, { FeedRouter() }, { CartRouter() },
      ]
      for step in 0..<600 {
        let choice = generator.next() % 10
        if choice < 4 || attached.count < 3 {
          let router = makers[Int(generator.next() % 3)]()
          if generator.next() % 5 == 0 {
            // A hook that attaches a child while the RIB activates.
            router.interactor.onDidBecomeActive = { [unowned router] _ in
              if router.children.isEmpty { router.attachChild(FeedRouter()) }
            }
          }
          attached[Int(generator.next() % UInt64(attached.count))].attachChild(router)
          attached.append(router)
        } else if choice < 7 {
          let index = 1 + Int(generator.next() % UInt64(attached.count - 1))
          let router = attached[index]
          guard let parent = attached.first(where: { $0.children.contains { $0 === router } })
          else { continue }
          parent.detachChild(router, expectingDeallocation: false)
          attached.removeAll { candidate in
            candidate === router || isBelow(candidate, router)
          }
          detached.append(router)
        } else if choice < 8, let moving = detached.popLast() {
          // A subtree moved: attached again elsewhere with its children.
          attached[Int(generator.next() % UInt64(attached.count))].attachChild(moving)
          var stack: [RouterNode] = [moving]
          while let node = stack.popLast() {
            if let plain = node as? PlainRouter { attached.append(plain) }
            stack.append(contentsOf: node.children)
          }
        } else if choice < 9 {
          app.root.interactor.deactivate()
          app.root.interactor.activate()
        } else if second == nil, step > 100 {
          second = SessionRecorder(attached.last!)
        }
        if step % 7 == 0 {
          let text = liveTreeText(app.root)
          expectedFirst[first.mark("step \(step)")] = text
          if let second { expectedSecond[second.mark("step \(step)")] = text }
        }
      }
      for router in app.root.children.reversed() { app.root.detachChild(router) }
      attached = []
      detached = []
    }
    #expect(app.detector.sweep().isEmpty)
    #expect(expectedFirst.values.contains { $0.split(separator: "\n").count > 8 })
    #expect(expectedSecond.count > 30)
    for (recorder, expected) in [(first, expectedFirst), (second!, expectedSecond)] {
      let timeline = try SessionTimeline(recorder)
      #expect(timeline.marks.count == expected.count)
      for (index, _) in timeline.marks {
        let moment = timeline.moment(at: index)
        #expect(moment.treeText == expected[UInt64(moment.event.seq)], "mark \(moment.event.seq)")
      }
    }
    #expect(first.liveRIBCount == 1)
  }
}

@MainActor
func isBelow(_ node: RouterNode, _ ancestor: RouterNode) -> Bool {
  var stack = ancestor.children
  while let current = stack.popLast() {
    if current === node { return true }
    stack.append(contentsOf: current.children)
  }
  return false
}

@MainActor
@Suite("SessionRecorder, odd cases", .timeLimit(.minutes(5)))
struct RecorderOddCaseTests {
  @Test("a root released while active is stopped by the tree and recorded; nothing leaks")
  func rootReleasedWhileActive() throws {
    let detector = LeakDetector(gracePeriod: .zero, sweepsAutomatically: false)
    var root: AppRootRouter? = AppRootRouter()
    root!.context = TreeContext(diagnostics: .silent, leakDetector: detector)
    let recorder = SessionRecorder(root!)
    // A second recorder takes the streams, not the tap.
    let streamed = SessionRecorder(root!)
    root!.interactor.activate()
    root!.attachChild(SignedInRouter())
    weak let released = root
    root = nil
    #expect(released == nil)
    for recorder in [recorder, streamed] {
      let timeline = try SessionTimeline(recorder)
      #expect(timeline.events.contains { $0.kind == .attach && $0.path == "AppRoot/SignedIn" })
      // The stopped root leaves the session's tree, with what was below it.
      #expect(timeline.events.last?.kind == .detach)
      #expect(timeline.events.last?.path == "AppRoot")
      #expect(timeline.moment(at: timeline.events.count - 1).treeText.isEmpty)
      #expect(recorder.liveRIBCount == 0)
    }
    #expect(detector.sweep().isEmpty)
  }

  @Test("a root whose own deinit renders it, recorded twice: both sessions read, nothing kept")
  func rootRenderingInItsDeinit() throws {
    let detector = LeakDetector(gracePeriod: .zero, sweepsAutomatically: false)
    var root: RenderingOnDeinitRootRouter? = RenderingOnDeinitRootRouter()
    root!.context = TreeContext(diagnostics: .silent, leakDetector: detector)
    // The first recorder taps the tree; the second takes its streams, which hand out records
    // that retain the router they name.
    let tapping = SessionRecorder(root!)
    let streamed = SessionRecorder(root!)
    let state = MutableStateStream(0)
    let scheduler = ManualRenderScheduler()
    let loop = RenderLoop(
      state: state.stream, present: { CartViewModel(title: "n\($0)", items: [], total: $0) },
      render: { _ in }, scheduler: scheduler)
    loop.start(root!.interactor)
    root!.interactor.activate()
    root!.onDeinit = {
      state.update { $0 += 1 }
      scheduler.flush()
    }
    weak let released = root
    root = nil
    #expect(released == nil)
    for recorder in [tapping, streamed] {
      let renders = try SessionTimeline(recorder).events.filter { $0.kind == .render }
      #expect(renders.count == 2)
    }
    // The streams' record of the render from the deinit names no RIB: it would have kept the
    // router past its deinit.
    let last = try #require(
      try SessionTimeline(streamed).events.last { $0.kind == .render })
    #expect(last.path == nil)
    #expect(detector.sweep().isEmpty)
  }

  @Test(
    "a consumer that releases the recorder as an event is recorded: it goes once the event ends")
  func consumerReleasesTheRecorder() {
    let app = RecordedApp()
    let holder = RecorderHolder()
    holder.recorder = SessionRecorder(app.root)
    holder.watched = holder.recorder
    app.launch()
    // The first delivery is the session so far, as the consumer joins; the next comes from
    // inside an event the tree hands the recorder unretained (every 256 events).
    let consumer = holder.recorder!.stream { [holder] _ in
      holder.deliveries += 1
      guard holder.deliveries == 2 else { return }
      holder.recorder = nil
      // Still there: the event that called the consumer is being recorded.
      holder.aliveAfterRelease = holder.watched != nil
    }
    for _ in 0..<300 {
      let cart = CartRouter()
      app.root.attachChild(cart)
      app.root.detachChild(cart)
    }
    #expect(holder.deliveries == 2)
    #expect(holder.aliveAfterRelease == true)
    // Gone once that event ended.
    #expect(holder.watched == nil)
    _ = consumer
    #expect(app.detector.sweep().isEmpty)
  }

  @Test("a view model whose encode(to:) releases the recorder as it is sampled: it goes after")
  func encodingReleasesTheRecorder() {
    let app = RecordedApp()
    let holder = RecorderHolder()
    holder.recorder = SessionRecorder(app.root)
    holder.watched = holder.recorder
    app.launch()
    let state = MutableStateStream(0)
    let scheduler = ManualRenderScheduler()
    DetachingViewModel.onEncode = {
      holder.recorder = nil
      // Still there: the render that sampled the view model is being recorded.
      holder.aliveAfterRelease = holder.watched != nil
    }
    defer { DetachingViewModel.onEncode = nil }
    do {
      let cart = CartRouter()
      app.root.attachChild(cart)
      // The first render of a type is sampled: encoded, as the tree hands the render over.
      let loop = RenderLoop(
        state: state.stream, present: { DetachingViewModel(count: $0) }, render: { _ in },
        scheduler: scheduler)
      loop.start(cart.interactor)
      #expect(holder.aliveAfterRelease == true)
      // Gone once that render was recorded.
      #expect(holder.watched == nil)
      app.root.detachChild(cart)
    }
    #expect(app.detector.sweep().isEmpty)
  }

  @Test("a recorder released while a workflow is suspended mid-await: the run goes on, unrecorded")
  func releasedWhileWorkflowSuspended() async throws {
    let app = RecordedApp()
    let runner = WorkflowRunner()
    var recorder: SessionRecorder? = SessionRecorder(app.root)
    recorder!.record(workflows: runner)
    weak let released = recorder
    let run = runner.start(
      Workflow<HookInteractor>("wait").onStep { _ in "done" }.commit(), on: app.root.interactor)
    for _ in 0..<5 { await Task.yield() }  // waiting for the root to become active
    let timeline = try SessionTimeline(recorder!)
    #expect(timeline.events.compactMap { $0.string("phase") } == ["started", "waiting"])
    recorder = nil
    #expect(released == nil)
    app.launch()
    #expect(try await run.result == "done")
    #expect(app.detector.sweep().isEmpty)
  }

  @Test("without hook timing, events still carry their own time, and no hook events")
  func noHookTiming() throws {
    let app = RecordedApp()
    let recorder = try SessionRecorder(app.root, configuration: .init(timesHooks: false))
    app.launch()
    do {
      let cart = CartRouter()
      app.root.attachChild(cart)
      app.root.detachChild(cart)
    }
    let timeline = try SessionTimeline(recorder)
    #expect(!timeline.events.contains { $0.kind == .hook })
    #expect(timeline.events.filter { $0.kind == .activate }.allSatisfy { $0.nanoseconds > 0 })
    #expect(app.detector.sweep().isEmpty)
  }

  @Test("after stop, nothing more is recorded, marks included")
  func afterStop() throws {
    let app = RecordedApp()
    let recorder = SessionRecorder(app.root)
    app.launch()
    recorder.stop()
    let last = recorder.lastSequenceNumber
    #expect(recorder.mark("late") == last)
    do {
      let cart = CartRouter()
      app.root.attachChild(cart)
      app.root.detachChild(cart)
    }
    #expect(recorder.lastSequenceNumber == last)
    recorder.stop()  // twice: nothing happens
    #expect(app.detector.sweep().isEmpty)
  }
}

@MainActor
@Suite("SessionRecorder, live consumers", .timeLimit(.minutes(5)))
struct RecorderStreamTests {
  final class Collected: @unchecked Sendable {
    var bytes: [UInt8] = []
    var chunks = 0
  }

  @Test("a consumer gets the header, a keyframe, then every event; its bytes load as a session")
  func liveStream() async throws {
    let app = RecordedApp()
    let recorder = SessionRecorder(app.root)
    app.launch()
    do {
      let early = CartRouter()
      app.root.attachChild(early)
      app.root.detachChild(early)
    }
    let first = Collected()
    let firstConsumer = recorder.stream {
      first.bytes += $0
      first.chunks += 1
    }
    var signedIn: SignedInRouter? = SignedInRouter()
    app.root.attachChild(signedIn!)
    // Delivered at the end of the turn, without a flush.
    for _ in 0..<5 { await Task.yield() }
    let afterTurn = try SessionTimeline(bytes: first.bytes)
    #expect(afterTurn.events.first?.kind == .keyframe)
    #expect(afterTurn.moment(at: afterTurn.events.count - 1).treeText == liveTreeText(app.root))

    // A second consumer joins later; the first keeps going.
    let second = Collected()
    let secondConsumer = recorder.stream { second.bytes += $0 }
    signedIn!.attachChild(FeedRouter())
    recorder.mark("both")
    recorder.flush()
    for collected in [first, second] {
      let timeline = try SessionTimeline(bytes: collected.bytes)
      #expect(timeline.moment(at: timeline.events.count - 1).treeText == liveTreeText(app.root))
      #expect(timeline.marks.map(\.text) == ["both"])
    }
    // The full in-memory session still loads, keyframes and all.
    #expect(try SessionTimeline(recorder).events.count == Int(recorder.lastSequenceNumber))

    firstConsumer.cancel()
    firstConsumer.cancel()
    let frozen = first.bytes.count
    app.root.detachChild(signedIn!)
    signedIn = nil
    recorder.flush()
    #expect(first.bytes.count == frozen)
    #expect(second.bytes.count > 0)
    recorder.stop()
    #expect(secondConsumer.isCancelled)
    #expect(
      recorder.stream { _ in Issue.record("a stopped recorder delivers nothing") }.isCancelled)
    #expect(app.detector.sweep().isEmpty)
  }
}

/// A root whose deinit runs app code (here: a render of its own RIB).
@MainActor
final class RenderingOnDeinitRootRouter: PlainRouter {
  var onDeinit: (() -> Void)?

  deinit {
    // Released on the main actor, as a UI router is.
    MainActor.assumeIsolated { onDeinit?() }
  }
}

/// Holds a recorder for a consumer to let go of.
@MainActor
final class RecorderHolder {
  var recorder: SessionRecorder?
  weak var watched: SessionRecorder?
  var deliveries = 0
  var aliveAfterRelease: Bool?
}
