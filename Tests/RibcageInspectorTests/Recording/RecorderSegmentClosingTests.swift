import Foundation
@_spi(RibcageInspection) import Ribcage
import RibcageTesting
import Testing

@testable import RibcageInspector

/// When the recorder closes a segment: after any event, once the segment holds
/// `keyframeInterval` events and twice its keyframe's bytes, or `segmentLimit` bytes. An event
/// only compares the record count with a precomputed checkpoint; these tests check that the
/// checkpoint never lets a due close pass, against a recorder that applies the rule at every
/// event, on random apps with big payloads, tiny budgets, large view models, flags, marks and
/// consumers coming and going.
@MainActor
@Suite("SessionRecorder: when segments close", .timeLimit(.minutes(5)))
struct RecorderSegmentClosingTests {
  @Test(
    "a segment holding only its keyframe is not closed: interval 1, keyframes over a segment",
    arguments: [(1 << 20, 1), (4_096, 1_000), (4_096, 1)])
  func keyframeAloneStays(budget: Int, interval: Int) throws {
    let app = RecordedApp()
    let recorder = try SessionRecorder(
      app.root, configuration: .init(byteBudget: budget, keyframeInterval: interval))
    app.launch()
    do {
      // 41 RIBs: a keyframe of them outweighs a segment of a 4 KiB budget.
      let feeds = (0..<40).map { _ in FeedRouter() }
      for feed in feeds { app.root.attachChild(feed) }
      for index in 0..<20 { recorder.mark("mark \(index)") }
      for feed in feeds { app.root.detachChild(feed) }
    }
    #expect(app.detector.sweep().isEmpty)
    #expect(recorder.lastSequenceNumber > 200)
    for segment in recorder.ring.closed {
      #expect(segment.records.count >= 2)
      #expect(segment.records[0].kind == .keyframe)
    }
    let timeline = try SessionTimeline(recorder)
    #expect(timeline.events.first?.kind == .keyframe)
  }

  @Test(
    "random apps close the same segments as a recorder checking at every event",
    arguments: [
      (4_096, 1), (4_096, 1_000), (8_192, 5), (64 * 1024, 24), (1 << 20, 1_000),
    ], [3, 11])
  func sameAsCheckingEveryEvent(setting: (budget: Int, interval: Int), seed: UInt64) throws {
    let (budget, interval) = setting
    // View models are not encoded: handing the session over encodes them, and what they take
    // encoded is what they count as, so the recorder that hands over would count differently.
    let checked = try run(
      seed: seed, budget: budget, interval: interval, encodes: false, everyEvent: true)
    let checkpointed = try run(
      seed: seed, budget: budget, interval: interval, encodes: false, everyEvent: false)
    #expect(checked.closes > 3)
    #expect(checkpointed == checked)
  }

  @Test(
    "random apps with large encoded view models: no close comes due and passes",
    arguments: [(4_096, 1_000), (8_192, 5), (64 * 1024, 24)], [5, 8])
  func encodedViewModels(setting: (budget: Int, interval: Int), seed: UInt64) throws {
    let outcome = try run(
      seed: seed, budget: setting.budget, interval: setting.interval, encodes: true,
      everyEvent: false)
    #expect(outcome.closes > 3)
  }

  /// Where the kept segments start, what they weigh, what was dropped and recorded.
  struct Outcome: Equatable {
    var segmentStarts: [UInt64] = []
    var retainedBytes = 0
    var droppedEvents: UInt64 = 0
    var events: UInt64 = 0
    var closes = 0
  }

  /// Runs a random app of `seed`; with `everyEvent`, the recorder applies the closing rule at
  /// every event (as it does while something takes the session as it is recorded).
  private func run(
    seed: UInt64, budget: Int, interval: Int, encodes: Bool, everyEvent: Bool
  ) throws -> Outcome {
    let app = RecordedApp()
    let service = CartService()
    let scheduler = ManualRenderScheduler()
    let flags = FlagStore()
    let flag = FeatureFlag("checkout.fast", default: false)
    _ = flags.register(flag)
    let recorder = try SessionRecorder(
      app.root,
      configuration: .init(
        byteBudget: budget, keyframeInterval: interval, encodesViewModels: encodes))
    recorder.record(flags: flags)
    app.launch()
    var generator = SeededRandomNumberGenerator(seed: seed)
    func random(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
    var outcome = Outcome()
    var lastStart: UInt64 = 0
    do {
      var attached: [RouterNode] = [app.root]
      var consumers: [SessionConsumer] = []
      for _ in 0..<600 {
        if everyEvent { recorder.hasOutlets = true }
        switch random(14) {
        case 0...2:
          let router: RouterNode =
            random(3) == 0 ? CartViewRouter(service: service, scheduler: scheduler) : FeedRouter()
          attached[random(attached.count)].attachChild(router)
          attached.append(router)
        case 3 where attached.count > 1:
          let router = attached[1 + random(attached.count - 1)]
          router.inspectionParent?.detachChild(router)
          attached.removeAll { $0 === router || isBelow($0, router) }
        case 4...6:
          recorder.mark(String(repeating: "m", count: [0, 7, 90, 700, 3_000][random(5)]))
        case 7:
          flags.setOverride(flag, to: random(2) == 0)
        case 8, 9:
          // Large view models: a RIB's last one is in every keyframe.
          service.add(String(repeating: "item ", count: 1 + random(60)), price: random(100))
          scheduler.flush()
        case 10:
          consumers.append(recorder.stream(from: .retained) { _ in })
        case 11 where !consumers.isEmpty:
          consumers.removeLast().cancel()
        case 12:
          recorder.stream(from: .now) { _ in }.cancel()
        default:
          attached[random(attached.count)].interactable.deactivate()
          attached[random(attached.count)].interactable.activate()
        }
        let start = recorder.records.firstSeq
        if start != lastStart { outcome.closes += 1 }
        lastStart = start
        // The rule, applied to the segment as the event left it: it was not due.
        let count = recorder.records.count
        let bytes = count * MemoryLayout<EventRecord>.stride + recorder.ring.current.payloadBytes
        let due =
          count >= interval && bytes >= 2 * recorder.lastKeyframeBytes
          || bytes >= recorder.segmentLimit
        #expect(count < 2 || !due, "seed \(seed), event \(recorder.lastSequenceNumber)")
      }
      for consumer in consumers { consumer.cancel() }
      for router in app.root.children.reversed() { app.root.detachChild(router) }
    }
    recorder.stop()
    recorder.mark("after stop")
    #expect(app.detector.sweep().isEmpty)
    outcome.segmentStarts =
      recorder.ring.closed.map { $0.records.firstSeq } + [recorder.records.firstSeq]
    outcome.retainedBytes = recorder.retainedBytes
    outcome.droppedEvents = recorder.droppedEventCount
    outcome.events = recorder.lastSequenceNumber
    return outcome
  }

  private func isBelow(_ router: RouterNode, _ ancestor: RouterNode) -> Bool {
    var parent = router.inspectionParent
    while let node = parent {
      if node === ancestor { return true }
      parent = node.inspectionParent
    }
    return false
  }
}
