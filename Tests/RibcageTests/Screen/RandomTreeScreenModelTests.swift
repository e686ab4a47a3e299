import Foundation
import Ribcage
import RibcageTesting
import Testing

/// The screen and the tree agree for random trees, not only chains: siblings, viewless parents,
/// nested presentation, two navigation stacks and the presented chain as separate hosts, on a
/// platform that runs one transition at a time (the glue queues), with app and user actions —
/// detaches mid-swipe, gestures cancelled or finished, callbacks reported twice or re-entrantly,
/// parents that show or detach from their hooks — interleaved at any point. Each tree is one seed
/// of ``RandomScreenTreeRun``; half end with a detach of everything, half with the active root
/// released without one.
///
/// `RIBCAGE_SCREEN_TREE_OPERATIONS` raises the number of operations (20,000 by default, in trees
/// of 200); `RIBCAGE_SCREEN_TREE_SEED` replays one tree, and `RIBCAGE_SCREEN_TREE_TRACE` prints
/// its steps. Every tree runs on its own, so a failure replays exactly (with
/// `SWIFT_DETERMINISTIC_HASHING=1` when it involves the order of a hashed collection).
@MainActor
@Suite(.timeLimit(.minutes(5))) struct RandomTreeScreenModelTests {
  private static let stepsPerTree = 200

  @Test func randomTreesKeepTheScreenAndTheTreeInAgreement() {
    let environment = ProcessInfo.processInfo.environment
    let operations = environment["RIBCAGE_SCREEN_TREE_OPERATIONS"].flatMap { Int($0) } ?? 20_000
    let seeds: [UInt64] =
      environment["RIBCAGE_SCREEN_TREE_SEED"].flatMap { UInt64($0) }.map { [$0] }
      ?? Array(1...UInt64(max(1, operations / Self.stepsPerTree)))
    var counts: [String: Int] = [:]
    for seed in seeds {
      let run = RandomScreenTreeRun(seed: seed)
      if let failure = run.run(steps: Self.stepsPerTree) {
        Issue.record("tree \(seed): \(failure) (replay with RIBCAGE_SCREEN_TREE_SEED=\(seed))")
        return
      }
      counts.merge(run.actionCounts, uniquingKeysWith: +)
    }
    let total = counts.values.reduce(0, +)
    #expect(total == seeds.count * Self.stepsPerTree)
    #expect(counts["app detach", default: 0] > 0 && counts["gesture ends", default: 0] > 0)
    let summary = counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    print("screen tree model: \(seeds.count) random trees, \(total) operations (\(summary))")
  }
}
