/// The RIB tree drawn with box-drawing characters from each root, marks per RIB (`view` or
/// `viewless`, a plugin's flag, dependency and listener problems), then the RIBs no root reaches.
enum GraphTree {
  static func lines(_ graph: RIBGraph) -> [String] {
    var lines: [String] = []
    var shown: Set<String> = []
    let children = Dictionary(grouping: graph.edges, by: \.parent)
    let nodes = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let problemsByRIB = Dictionary(grouping: graph.problems.filter { $0.rib != nil }) { $0.rib! }

    func marks(_ node: RIBGraph.Node, edge: RIBGraph.Edge?) -> String {
      var marks = [node.hasView ? "view" : "viewless"]
      if let flag = edge?.flag { marks.append("plugin: \(flag)") }
      let missing = (problemsByRIB[node.id] ?? []).filter {
        $0.kind == .missingDependency || $0.kind == .dependencyTypeMismatch
      }
      if !missing.isEmpty { marks.append("\(missing.count) dependency problem(s)") }
      if (problemsByRIB[node.id] ?? []).contains(where: { $0.kind == .listenerNotImplemented }) {
        marks.append("listener not implemented")
      }
      return "[" + marks.joined(separator: ", ") + "]"
    }

    func draw(
      _ id: String, edge: RIBGraph.Edge?, prefix: String, childPrefix: String, path: Set<String>
    ) {
      guard let node = nodes[id] else { return }
      var line = prefix + node.name + " " + marks(node, edge: edge)
      if edge?.parent == id {
        lines.append(line + " ↺ opens another of itself")
        return
      }
      if path.contains(id) {
        lines.append(line + " ↺ cycle")
        return
      }
      if !shown.insert(id).inserted, !(children[id] ?? []).isEmpty {
        lines.append(line + " (children shown above)")
        return
      }
      if edge == nil { line += "  " + node.path + ":\(node.line)" }
      lines.append(line)
      let edges = children[id] ?? []
      for (offset, child) in edges.enumerated() {
        let last = offset == edges.count - 1
        draw(
          child.child, edge: child, prefix: childPrefix + (last ? "└─ " : "├─ "),
          childPrefix: childPrefix + (last ? "   " : "│  "), path: path.union([id]))
      }
    }

    for root in graph.roots { draw(root, edge: nil, prefix: "", childPrefix: "", path: []) }
    let unreached = graph.nodes.filter { !shown.contains($0.id) }
    let parents = Set(graph.edges.filter { $0.parent != $0.child }.map(\.child))
    let heads = unreached.filter { !parents.contains($0.id) }
    if !heads.isEmpty || unreached.contains(where: { !shown.contains($0.id) }) {
      var first = true
      for head in heads {
        if first {
          lines.append("")
          lines.append("Not reached from a root:")
        }
        first = false
        draw(head.id, edge: nil, prefix: "", childPrefix: "", path: [])
      }
      // What is left sits on a cycle no root reaches.
      for node in graph.nodes where !shown.contains(node.id) {
        if first {
          lines.append("")
          lines.append("Not reached from a root:")
        }
        first = false
        draw(node.id, edge: nil, prefix: "", childPrefix: "", path: [])
      }
    }
    return lines
  }
}
