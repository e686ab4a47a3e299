extension GraphBuilder {
  func placeRoots(
    _ graph: inout RIBGraph, ribs: [String: RIB], builders: [String: BuilderInfo],
    sites: [String: [Use]]
  ) {
    // A RIB opening another of its kind is not its own parent.
    let children = Set(graph.edges.filter { $0.parent != $0.child }.map(\.child))
    let parentless = graph.nodes.filter { !children.contains($0.id) }
    if let rootName {
      guard
        let root = graph.nodes.first(where: {
          [$0.id, $0.name, $0.router, $0.builder, $0.interactor].contains(rootName)
        })
      else {
        graph.problems.append(
          .init(
            kind: .unknownRoot,
            message:
              "--root \(rootName) names no RIB; RIBs: "
              + graph.nodes.map(\.name).joined(separator: ", "),
            path: "", line: 0, column: 0, rib: nil))
        return
      }
      graph.roots = [root.id]
      let reachable = reachableIDs(from: [root.id], in: graph)
      // Another root the app's own delegate or `main.swift` launches (a splash before the main
      // tree) is no dead code — when the root chosen is a root itself.
      let isRoot = parentless.contains { $0.id == root.id }
      let launchedIDs =
        isRoot
        ? launchedRIBs(
          among: parentless, ribs: ribs, builders: builders, sites: sites, byTheAppOnly: true)
        : []
      for node in parentless where !reachable.contains(node.id) && !launchedIDs.contains(node.id) {
        graph.problems.append(orphan(node))
      }
      return
    }
    // A root is built by code outside the RIBs (an app delegate, `main.swift`) or is a launch
    // router; failing that, the parentless RIBs that have children.
    let launchedIDs = launchedRIBs(
      among: parentless, ribs: ribs, builders: builders, sites: sites)
    let launched = parentless.filter { launchedIDs.contains($0.id) }
    let parents = Set(graph.edges.filter { $0.parent != $0.child }.map(\.parent))
    let withChildren = parentless.filter { parents.contains($0.id) }
    let roots = !launched.isEmpty ? launched : (!withChildren.isEmpty ? withChildren : parentless)
    graph.roots = roots.map(\.id).sorted()
    for node in parentless where !graph.roots.contains(node.id) {
      graph.problems.append(orphan(node))
    }
    if graph.roots.count > 1 {
      let first = roots.sorted { $0.id < $1.id }[0]
      graph.problems.append(
        .init(
          kind: .multipleRoots,
          message:
            "\(graph.roots.count) roots (\(graph.roots.joined(separator: ", "))): pass --root to "
            + "choose the app's root, and the others show as orphans",
          path: first.path, line: first.line, column: 1, rib: nil))
    }
  }

  func orphan(_ node: RIBGraph.Node) -> RIBGraph.Problem {
    .init(
      kind: .orphan,
      message:
        "\(node.name) is built by no RIB in the given folders: dead code, or its parent is in a "
        + "folder not passed",
      path: node.path, line: node.line, column: 1, rib: node.id)
  }

  func reachableIDs(from roots: [String], in graph: RIBGraph) -> Set<String> {
    let children = Dictionary(grouping: graph.edges, by: \.parent)
    var seen = Set(roots)
    var stack = roots
    while let id = stack.popLast() {
      for edge in children[id] ?? [] where seen.insert(edge.child).inserted {
        stack.append(edge.child)
      }
    }
    return seen
  }

  /// The parentless RIBs the app launches: built by code outside the RIBs (an app or scene
  /// delegate, `main.swift`), or launch routers. `byTheAppOnly`: built at the top level or by
  /// an app or scene delegate (`…Delegate`), not by any other code (a preview, a helper) and
  /// not merely a launch router.
  func launchedRIBs(
    among parentless: [RIBGraph.Node], ribs: [String: RIB], builders: [String: BuilderInfo],
    sites: [String: [Use]], byTheAppOnly: Bool = false
  ) -> Set<String> {
    let ribTypes = Set(
      ribs.values.flatMap {
        [$0.routerKey, $0.builderKey, $0.componentKey, $0.interactorKey].compactMap { $0 }
      })
    var builtAtTopLevel: Set<String> = []
    for (declaration, module, path) in index.topLevel {
      for creation in declaration.creations {
        if let type = index.lookup(creation.type, from: module, path: path),
          builders[type.key] != nil
        {
          builtAtTopLevel.insert(type.key)
        }
      }
    }
    let parentlessIDs = Set(parentless.map(\.id))
    var launchedIDs: Set<String> = []
    for rib in ribs.values where parentlessIDs.contains(rib.node.id) {
      let builtOutside = rib.builderKey.map { key in
        builtAtTopLevel.contains(key)
          || (sites[key] ?? []).contains {
            !ribTypes.contains($0.owner.key)
              && (!byTheAppOnly || $0.owner.name.hasSuffix("Delegate"))
          }
      }
      let launchRouter =
        index.entries[rib.routerKey].flatMap {
          index.frameworkBase(of: $0, among: RoleBases.routers)?.name
        } == RoleBases.launchRouter
      if builtOutside == true || (launchRouter && !byTheAppOnly) { launchedIDs.insert(rib.node.id) }
    }
    return launchedIDs
  }
}
