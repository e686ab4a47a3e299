import Ribcage
import RibcageInspector

/// A generated 100,000-event session of a 1,000-RIB tree (attaches, detaches, activations,
/// hook times, marks), loaded into a `SessionTimeline`; then moments at random positions.
/// ribcage_ns is the median time to rebuild one moment (the whole tree, every view model, the
/// changes); the floor is hand-written: copying a 1,000-RIB tree held in a dictionary into a
/// parents-first array — the least any answer "the tree at event N" must do. `max_ms` is the
/// slowest of the seeks (the goal: at most 10 ms), `load_ms` the time to read and check the
/// whole session once.
@MainActor
enum TimelineSeek {
  static let eventTarget: UInt64 = 100_000

  static func run() -> String {
    let (root, detector, _) = TreeAttachDetach.makeRoots()
    let recorder = SessionRecorder(root)
    // A 1,011-RIB tree: 10 children, 100 grandchildren, 900 great-grandchildren.
    var leaves: [BenchRouter] = []
    for _ in 0..<10 {
      let child = BenchRouter(component: BenchComponent(dependency: root.component))
      root.attachChild(child)
      for _ in 0..<10 {
        let grandchild = BenchRouter(component: BenchComponent(dependency: child.component))
        child.attachChild(grandchild)
        for _ in 0..<9 {
          grandchild.attachChild(
            BenchRouter(component: BenchComponent(dependency: grandchild.component)))
        }
        leaves.append(grandchild)
      }
    }
    // Churn below random grandchildren until the session holds 100,000 events.
    var generator = SystemRandomNumberGenerator()
    var added: [(router: BenchRouter, parent: BenchRouter)] = []
    var step = 0
    while recorder.eventCount < eventTarget {
      step += 1
      if step % 50 == 0 { recorder.mark("step \(step)") }
      if added.count > 20 || (!added.isEmpty && Bool.random(using: &generator)) {
        let (router, parent) = added.remove(at: Int.random(in: 0..<added.count, using: &generator))
        parent.detachChild(router)
      } else {
        let parent = leaves[Int.random(in: 0..<leaves.count, using: &generator)]
        let router = BenchRouter(component: BenchComponent(dependency: parent.component))
        parent.attachChild(router)
        added.append((router, parent))
      }
    }
    let clock = ContinuousClock()
    let loadStart = clock.now
    let timeline = try! SessionTimeline(recorder)
    let loadTime = loadStart.duration(to: clock.now)
    let ribs = timeline.moment(at: timeline.events.count - 1).ribs.count

    var seekTimes: [Double] = []
    for _ in 0..<1_000 {
      let index = Int.random(in: 0..<timeline.events.count, using: &generator)
      let start = clock.now
      let moment = timeline.moment(at: index)
      seekTimes.append(nanoseconds(start.duration(to: clock.now)))
      blackHole(moment)
    }
    seekTimes.sort()

    // The floor: a hand-written copy of a 1,000-RIB tree into a parents-first array.
    let last = timeline.moment(at: timeline.events.count - 1)
    var byID: [Int64: TimelineRIB] = [:]
    for (rib, _) in last.ribs { byID[rib.id] = rib }
    let rootID = last.ribs[0].rib.id
    var floorTimes: [Double] = []
    for _ in 0..<1_000 {
      let start = clock.now
      let copy = byID
      var order: [(TimelineRIB, Int)] = []
      order.reserveCapacity(copy.count)
      var stack: [(Int64, Int)] = [(rootID, 0)]
      while let (id, depth) = stack.popLast() {
        let rib = copy[id]!
        order.append((rib, depth))
        for child in rib.children.reversed() { stack.append((child, depth + 1)) }
      }
      floorTimes.append(nanoseconds(start.duration(to: clock.now)))
      blackHole(order)
    }
    floorTimes.sort()

    for (router, parent) in added { parent.detachChild(router) }
    added = []
    leaves = []
    while let child = root.children.last { root.detachChild(child) }
    precondition(detector.sweep().isEmpty, "the benchmark tree leaked")
    let median = seekTimes[seekTimes.count / 2]
    let floor = floorTimes[floorTimes.count / 2]
    return benchLine(
      "timeline-seek", ribcage: median, floor: floor,
      extra:
        "max_ms=\(format(seekTimes.last! / 1e6)) load_ms=\(format(nanoseconds(loadTime) / 1e6)) "
        + "events=\(timeline.events.count) ribs=\(ribs)")
  }

  static func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}
