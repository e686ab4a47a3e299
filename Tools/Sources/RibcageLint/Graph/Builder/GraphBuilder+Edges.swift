extension GraphBuilder {
  /// A parent → child edge found, with the use its checks read the child's scope from.
  typealias EdgeUse = (parent: String, child: String, use: Use)

  /// The edges `uses` make, sorted into `graph` (a child created at several places in one
  /// parent is a `built-twice` problem), and for each edge the use to check it by.
  func connect(
    _ graph: inout RIBGraph, ribs: [String: RIB], uses: [String: [String: [Use]]]
  ) -> [EdgeUse] {
    var edges: [RIBGraph.Edge] = []
    var edgeUses: [EdgeUse] = []
    for (parent, children) in uses {
      for (child, found) in children {
        guard let first = found.sorted(by: Self.evidenceOrder).first,
          let parentRIB = ribs[parent], let childRIB = ribs[child]
        else { continue }
        let gated = found.first { $0.isGatedBuild }
        let isPlugin = gated != nil && !found.contains { $0.isUngatedBuild }
        let flag = isPlugin ? gated?.flag.map(flagKey) : nil
        edges.append(
          RIBGraph.Edge(
            parent: parentRIB.node.id, child: childRIB.node.id, flag: flag,
            evidence: first.evidence, path: first.path, line: first.place.line,
            column: first.place.column))
        let scoped = found.filter(\.isCreation).sorted(by: Self.evidenceOrder).first ?? first
        edgeUses.append((parent, child, scoped))
        // The same child builder created at several places in one parent — where one build
        // of the parent runs them all: the parent builder's alternative build methods
        // (`build(withListener:)`, `build(withListener:reply:)`) each run alone.
        let places = found.filter { $0.isCreation && !$0.evidence.hasPrefix("creates component") }
        let creations = Set(places.map { "\($0.path):\($0.place.line):\($0.place.column)" })
        let inBuildMethods = Dictionary(
          grouping: places.filter {
            $0.owner.key == parentRIB.builderKey && $0.function?.hasPrefix("build") == true
          },
          by: { $0.function ?? "" })
        let alternatives = max(inBuildMethods.count - 1, 0)
        if creations.count - alternatives > 1 {
          graph.problems.append(
            RIBGraph.Problem(
              kind: .builtTwice,
              message:
                "\(childRIB.node.builder ?? childRIB.node.router) is created \(creations.count) "
                + "times in \(parentRIB.node.name) (\(creations.sorted().joined(separator: ", "))); "
                + "one builder per child is enough — keep it and build from it as often as needed",
              path: first.path, line: first.place.line, column: first.place.column,
              rib: parentRIB.node.id))
        }
      }
    }
    graph.edges = edges.sorted { ($0.parent, $0.child) < ($1.parent, $1.child) }
    return edgeUses
  }
}
