import Ribcage
import RibcageInspector
import RibcageTesting
import Testing

/// Deep links, workflows and plugins interleaved, as a recorded session shows them: the recorder
/// writes the runner's and the plugin points' events as they are, so the outcomes and orders the
/// core settles on reach the timeline.
@MainActor
@Suite("Recorded interleavings", .timeLimit(.minutes(5)))
struct InterleavingRecordingTests {
  @Test("a run replaced during its last step is recorded cancelled, and the newer one completed")
  func replacedRunRecordedCancelled() async throws {
    let app = RecordedApp()
    let runner = WorkflowRunner()
    let recorder = SessionRecorder(app.root)
    recorder.record(workflows: runner)
    app.launch()
    let gate = RecordingGate()
    let first = runner.start(
      Workflow<RecordingGate>("open-item").onStep { gate in await gate.pass() }.commit(), on: gate)
    while !gate.isWaiting { await Task.yield() }
    let second = runner.start(
      Workflow<RecordingGate>("open-item").onStep { _ in }.commit(), on: gate)
    gate.open()
    try await second.result
    await #expect(throws: CancellationError.self) { try await first.result }

    let timeline = try SessionTimeline(recorder)
    let phases = timeline.events.filter { $0.kind == .workflow }.map {
      "#\($0.fields["run"]?.int64Value ?? 0) \($0.string("phase") ?? "")"
    }
    #expect(phases.filter { $0.hasPrefix("#1") } == ["#1 started", "#1 acting", "#1 cancelled"])
    #expect(phases.filter { $0.hasPrefix("#2") } == ["#2 started", "#2 acting", "#2 completed"])
    #expect(phases.last == "#2 completed", "the newer run acts after the replaced one has ended")
    #expect(timeline.moment(at: timeline.events.count - 1).workflows.isEmpty)
    #expect(app.detector.sweep().isEmpty)
  }

  @Test("a plugin that switches itself off on activation is recorded attached, then switched off")
  func unhealthyPluginRecordedInOrder() throws {
    let app = RecordedApp()
    let flags = FlagStore()
    let recorder = SessionRecorder(app.root)
    recorder.record(flags: flags)
    app.launch()
    let point = RIBPluginPoint<Void>("checkout", flags: flags, router: app.root)
    point.register("coupon", gatedBy: FeatureFlag("coupons", default: true)) { _, health in
      let router = CartRouter()
      router.interactor.onDidBecomeActive = { _ in health.reportUnhealthy("lost its backend") }
      return router
    }
    point.evaluate(())

    let timeline = try SessionTimeline(recorder)
    let plugin = timeline.events.filter { $0.kind == .plugin }
    #expect(plugin.map { $0.string("event") ?? "" } == ["attached", "autoDisabled", "detached"])
    #expect(plugin.first?.fields["pluginRib"] != nil, "the recorder names the plugin's RIB")
    let kinds = timeline.events.map(\.kind)
    let attach = kinds.firstIndex(of: .attach)
    let announced = kinds.firstIndex(of: .plugin)
    #expect(attach != nil && announced != nil && attach! < announced!)
    #expect(app.detector.sweep().isEmpty)
  }
}

/// What a step awaits: returns when the test opens it, whatever the task's cancellation.
@MainActor
private final class RecordingGate {
  private var waiters: [CheckedContinuation<Void, Never>] = []
  var isWaiting: Bool { !waiters.isEmpty }

  func pass() async {
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    let resumed = waiters
    waiters.removeAll()
    for waiter in resumed { waiter.resume() }
  }
}
