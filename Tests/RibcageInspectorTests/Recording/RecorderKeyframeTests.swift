import Foundation
@_spi(RibcageInspection) import Ribcage
import RibcageInspector
import RibcageTesting
import Testing

/// Keyframes carry every RIB's whole state, and the ring rebuilds the live tree: checked at
/// random points of random apps, at keyframes the test forces and at marks between them.
@MainActor
@Suite("SessionRecorder keyframes and ring against the live tree", .timeLimit(.minutes(5)))
struct RecorderKeyframeTests {
  @Test("a RIB deactivated with its children is inactive in the next keyframe")
  func deactivatedSubtreeInKeyframe() throws {
    let app = RecordedApp()
    let recorder = SessionRecorder(app.root)
    app.launch()
    do {
      let signedIn = SignedInRouter()
      app.root.attachChild(signedIn)
      signedIn.attachChild(FeedRouter())
      signedIn.attachChild(CartRouter())
      signedIn.interactor.deactivate()
      let keyframe = forceKeyframe(recorder)
      let moment = try moment(of: recorder, at: keyframe)
      #expect(moment.event.kind == .keyframe)
      #expect(moment.rib(at: "AppRoot")?.isActive == true)
      for path in ["AppRoot/SignedIn", "AppRoot/SignedIn/Feed", "AppRoot/SignedIn/Cart"] {
        #expect(moment.rib(at: path)?.isActive == false, "\(path)")
        #expect(moment.rib(at: path)?.isLoaded == true, "\(path)")
      }
      #expect(describe(moment) == describeLive(app.root))
      app.root.detachChild(signedIn)
    }
    #expect(app.detector.sweep().isEmpty)
  }

  @Test(
    "random apps: every forced keyframe and every mark is the live tree", arguments: [1, 7, 45])
  func randomApps(seed: UInt64) throws {
    let app = RecordedApp()
    let service = CartService()
    let scheduler = ManualRenderScheduler()
    // A small budget and interval: segments close and are dropped along the way.
    let recorder = try SessionRecorder(
      app.root, configuration: .init(byteBudget: 256 * 1024, keyframeInterval: 24))
    app.launch()
    var generator = SeededRandomNumberGenerator(seed: seed)
    var expected: [UInt64: String] = [:]
    var keyframes: Set<UInt64> = []
    do {
      var attached: [RouterNode] = [app.root]
      func random(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
      for _ in 0..<400 {
        switch random(12) {
        case 0...3:
          let router: RouterNode =
            switch random(4) {
            case 0: SignedInRouter()
            case 1: FeedRouter()
            case 2: CartRouter()
            default: CartViewRouter(service: service, scheduler: scheduler)
            }
          attached[random(attached.count)].attachChild(router)
          attached.append(router)
        case 4...5 where attached.count > 1:
          let router = attached[1 + random(attached.count - 1)]
          router.inspectionParent?.detachChild(router)
          attached.removeAll { $0 === router || isBelow($0, router) }
        case 6:
          // Deactivate a RIB, children and all (one with children when there is one).
          let parents = attached.filter { !$0.children.isEmpty }
          let router =
            parents.isEmpty ? attached[random(attached.count)] : parents[random(parents.count)]
          router.interactable.deactivate()
        case 7:
          attached[random(attached.count)].interactable.activate()
        case 8, 9:
          service.add("item", price: random(100))
          scheduler.flush()
        default:
          let text = describeLive(app.root)
          if random(2) == 0 {
            let seq = forceKeyframe(recorder)
            keyframes.insert(seq)
            expected[seq] = text
          } else {
            expected[recorder.mark("check")] = text
          }
        }
      }
      for router in app.root.children.reversed() { app.root.detachChild(router) }
      attached = []
    }
    #expect(app.detector.sweep().isEmpty)
    #expect(keyframes.count > 5)
    let timeline = try SessionTimeline(recorder)
    var checked = 0
    for (index, event) in timeline.events.enumerated() {
      guard let text = expected[UInt64(event.seq)] else { continue }
      let moment = timeline.moment(at: index)
      if keyframes.contains(UInt64(event.seq)) { #expect(event.kind == .keyframe) }
      #expect(describe(moment) == text, "seq \(event.seq)")
      checked += 1
    }
    // The budget dropped the oldest: what is left is still checked, and it is most of them.
    #expect(checked > expected.count / 2)
  }
}

/// Records a keyframe now (a consumer joining at `.now` starts one) and returns its number.
@MainActor
private func forceKeyframe(_ recorder: SessionRecorder) -> UInt64 {
  let consumer = recorder.stream(from: .now) { _ in }
  consumer.cancel()
  return recorder.lastSequenceNumber
}

@MainActor
private func moment(of recorder: SessionRecorder, at seq: UInt64) throws -> TimelineMoment {
  let timeline = try SessionTimeline(recorder)
  let index = try #require(timeline.events.firstIndex { $0.seq == Int64(seq) })
  return timeline.moment(at: index)
}

/// Every RIB of a moment, parents first: its depth, name, type, state and view model.
private func describe(_ moment: TimelineMoment) -> String {
  moment.ribs.map { rib, depth in
    let viewModel = rib.viewModel.map { " \($0["title"]?.stringValue ?? "?")" } ?? ""
    return "\(depth) \(rib.name) \(rib.routerType) active=\(rib.isActive) "
      + "loaded=\(rib.isLoaded) view=\(rib.hasView)\(viewModel)"
  }.joined(separator: "\n")
}

/// The live tree described as ``describe(_:)`` describes a moment.
@MainActor
private func describeLive(_ root: RouterNode) -> String {
  var lines: [String] = []
  var stack: [(RouterNode, Int)] = [(root, 0)]
  while let (router, depth) = stack.popLast() {
    let snapshot = router.snapshot()
    let viewModel =
      (router as? CartViewRouter)?.interactor.loop.lastRendered.map { " \($0.title)" } ?? ""
    lines.append(
      "\(depth) \(snapshot.name) \(snapshot.routerType) active=\(snapshot.isActive) "
        + "loaded=\(router.isLoaded) view=\(snapshot.hasView)\(viewModel)")
    for child in router.children.reversed() { stack.append((child, depth + 1)) }
  }
  return lines.joined(separator: "\n")
}
