/// The graph as a Mermaid flowchart.
enum GraphMermaid {
  /// `flowchart TD`, one node per RIB (`n0["Root"]`; a viewless RIB rounded: `n1("LoggedIn")`),
  /// one edge per line (`n0 --> n1`; a plugin dotted with its flag: `n5 -. "coupons" .-> n9`),
  /// RIBs with problems in the `problem` class.
  static func render(_ graph: RIBGraph) -> String {
    let ids = Dictionary(
      uniqueKeysWithValues: graph.nodes.enumerated().map { ($1.id, "n\($0)") })
    var lines = ["flowchart TD"]
    for node in graph.nodes {
      let label = "\"" + escape(node.name) + "\""
      lines.append("  \(ids[node.id]!)" + (node.hasView ? "[\(label)]" : "(\(label))"))
    }
    for edge in graph.edges {
      guard let parent = ids[edge.parent], let child = ids[edge.child] else { continue }
      if let flag = edge.flag {
        lines.append("  \(parent) -. \"\(escape(flag))\" .-> \(child)")
      } else {
        lines.append("  \(parent) --> \(child)")
      }
    }
    let troubled = Set(graph.problems.filter { $0.kind.isWiring }.compactMap(\.rib))
    if !troubled.isEmpty {
      lines.append("  classDef problem stroke:#c00,stroke-width:2px")
      let members = graph.nodes.filter { troubled.contains($0.id) }.compactMap { ids[$0.id] }
      lines.append("  class \(members.joined(separator: ",")) problem")
    }
    return lines.joined(separator: "\n")
  }

  /// Mermaid labels take entity codes for quotes and brackets.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\"": result += "#quot;"
      case "<": result += "#lt;"
      case ">": result += "#gt;"
      case "\n": result += " "
      default: result.append(character)
      }
    }
    return result
  }
}
