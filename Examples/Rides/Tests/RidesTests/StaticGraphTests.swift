import Foundation
import Ribcage
import RibcageTesting
import Testing

@testable import RidesApp

// `ribcage graph` reads Rides' tree from its source without running it. This test runs it: a
// full ride, with every optional feature on, walks every RIB and edge the static graph shows —
// and no other. `StaticGraph.json` is `ribcage graph Examples/Rides --format json`, committed;
// the tools' tests check it is what the command prints today.

/// The part of the `ribcage-graph` schema this test reads.
private struct StaticGraph: Decodable {
  struct RIB: Decodable {
    let name: String
    let hasView: Bool
  }
  struct Edge: Decodable {
    let parent: String
    let child: String
    let flag: String?
  }
  let roots: [String]
  let ribs: [RIB]
  let edges: [Edge]
}

@MainActor @Test(.timeLimit(.minutes(5))) func theStaticGraphIsTheTreeAFullRideWalks() async throws
{
  let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("StaticGraph.json")
  let graph = try JSONDecoder().decode(StaticGraph.self, from: Data(contentsOf: file))

  let rides = await RidesDriver()
  var edges: Set<String> = []
  var views: [String: Bool] = [:]
  var roots: Set<String> = []
  func record() {
    let root = rides.terminal.root.snapshot()
    roots.insert(root.name)
    var stack = [root]
    while let node = stack.popLast() {
      views[node.name] = node.hasView
      for child in node.children {
        edges.insert("\(node.name) → \(child.name)")
        stack.append(child)
      }
    }
  }
  record()
  for command in [
    "flag live_activity on", "login alice", "request", "pickup home", "dropoff airport",
    "select xl", "card amex", "confirm", "seats 3", "request", "wait \(TripService.matchDelay)s",
    "wait 5m", "wait \(TripService.boardingDelay)s", "wait 1h", "done", "logout",
  ] {
    await rides.run(command)
    record()
  }

  #expect(graph.ribs.count == 17)
  #expect(Set(graph.ribs.map(\.name)) == Set(views.keys))
  #expect(Set(graph.edges.map { "\($0.parent) → \($0.child)" }) == edges)
  #expect(Set(graph.roots) == roots)
  for rib in graph.ribs {
    #expect(views[rib.name] == rib.hasView, "\(rib.name): view")
  }
  // The optional children are the plugins, each behind the flag the app registers it with.
  let plugins = graph.edges.filter { $0.flag != nil }.map {
    "\($0.parent) → \($0.child): \($0.flag!)"
  }
  #expect(plugins.sorted() == ["Confirm → Coupon: coupons", "Ride → LiveActivity: live_activity"])
  #expect(Set(graph.edges.compactMap(\.flag)).isSubset(of: Set(RidesFlags.all.map(\.key))))
  await rides.harness.expectNoLeaks()
}
