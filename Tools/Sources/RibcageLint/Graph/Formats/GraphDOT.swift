/// The graph as a Graphviz digraph.
enum GraphDOT {
  /// A `digraph`: boxes for RIBs with a view, dashed boxes for viewless ones, dashed edges
  /// labelled with their flag for plugins, red outlines for RIBs with wiring problems.
  static func render(_ graph: RIBGraph) -> String {
    let troubled = Set(graph.problems.filter { $0.kind.isWiring }.compactMap(\.rib))
    var lines = [
      "digraph RIBs {",
      "  rankdir=TB;",
      "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
      "  edge [fontname=\"Helvetica\", fontsize=10];",
    ]
    for node in graph.nodes {
      var attributes = ["label=\(quote(node.name))"]
      if !node.hasView { attributes.append("style=\"rounded,dashed\"") }
      if troubled.contains(node.id) { attributes.append("color=red") }
      lines.append("  \(quote(node.id)) [\(attributes.joined(separator: ", "))];")
    }
    for edge in graph.edges {
      var line = "  \(quote(edge.parent)) -> \(quote(edge.child))"
      if let flag = edge.flag { line += " [style=dashed, label=\(quote(flag))]" }
      lines.append(line + ";")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  static func quote(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      default: result.append(character)
      }
    }
    return result + "\""
  }
}
