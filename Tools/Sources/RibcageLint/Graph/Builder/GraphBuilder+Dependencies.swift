extension GraphBuilder {
  /// The dependency and listener problems along each edge.
  func dependencyProblems(
    in graph: RIBGraph, ribs: [String: RIB], edgeUses: [EdgeUse], sites: [String: [Use]],
    componentKeys: Set<String>
  ) -> [RIBGraph.Problem] {
    var problems: [RIBGraph.Problem] = []
    // Dependencies and listeners, along each edge. The scope a child builder is given is read
    // where the parent creates it; a builder the parent only stores (made by a flat app
    // component, say) is checked against the scope of wherever it is created, if that is one
    // place.
    // Needle resolves up to the bootstrap component that builds the root.
    var aboveRoots: [String: [TypeIndex.Entry]] = [:]
    for root in graph.roots {
      guard let rib = ribs.values.first(where: { $0.node.id == root }), let builder = rib.builderKey
      else { continue }
      aboveRoots[root] = (sites[builder] ?? []).map(\.owner).filter {
        componentKeys.contains($0.key)
      }
    }
    let checker = DependencyChecker(
      index: index, lineage: lineage, graph: graph,
      ribs: ribs.values.sorted { $0.routerKey < $1.routerKey },
      aboveRoots: aboveRoots)
    for (parent, child, use) in edgeUses.sorted(by: {
      ($0.parent, $0.child) < ($1.parent, $1.child)
    }) {
      guard let parentRIB = ribs[parent], let childRIB = ribs[child] else { continue }
      var scoped: Use? = use.isCreation ? use : nil
      if scoped == nil, let builder = childRIB.builderKey, let found = sites[builder],
        found.count == 1
      {
        scoped = found[0]
      }
      problems += checker.check(
        parent: parentRIB, child: childRIB, use: scoped ?? use, checksDependencies: scoped != nil)
    }
    return problems
  }
}
