import RibcageToolInfo

/// How `ribcage graph` prints a graph.
public enum GraphFormat: String, Sendable, CaseIterable {
  /// An indented tree with marks per RIB, then the problems in the compiler's form.
  case text
  /// The stable `ribcage-graph` schema (version 1), documented in `docs/graph.md`.
  case json
  /// A Mermaid flowchart.
  case mermaid
  /// A Graphviz digraph.
  case dot
  /// SARIF 2.1.0: the problems, for code scanning.
  case sarif

  /// The graph in this format; `colored` styles text for a terminal.
  public func render(_ report: GraphReport, colored: Bool = false) -> String {
    switch self {
    case .text: GraphText.render(report.graph, colored: colored)
    case .json: GraphJSON.render(report)
    case .mermaid: GraphMermaid.render(report.graph)
    case .dot: GraphDOT.render(report.graph)
    case .sarif: GraphSARIF.render(report.graph)
    }
  }

  /// The problems only, one per line in the compiler's form (`path:line:col: error: …`).
  public static func problems(_ graph: RIBGraph, colored: Bool = false) -> String {
    GraphText.problems(graph, colored: colored)
  }

  /// One line: what was found.
  public static func summary(_ report: GraphReport) -> String {
    let graph = report.graph
    let errors = graph.problems.filter { $0.severity == .error }.count
    let plugins = graph.edges.filter(\.isPlugin).count
    return "\(graph.nodes.count) RIB(s) (\(graph.interactorCount) interactor class(es)), "
      + "\(graph.edges.count) edge(s) (\(plugins) plugin(s)), \(graph.roots.count) root(s); "
      + "\(errors) error(s), \(graph.problems.count - errors) warning(s), "
      + "\(graph.unplaced.count) unplaced; \(report.analyzedFileCount) file(s), "
      + "\(report.lineCount) line(s)"
  }
}

enum GraphText {
  static func render(_ graph: RIBGraph, colored: Bool) -> String {
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
    let parents = Set(graph.edges.map(\.child))
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
    if !graph.workflows.isEmpty {
      lines.append("")
      lines.append("Workflows:")
      for workflow in graph.workflows {
        let steps = workflow.steps.map { step in
          (step.rib.map { $0 + "." } ?? "?.") + (step.method ?? "?")
        }
        lines.append(
          "  \(workflow.name): \(steps.joined(separator: " → "))  \(workflow.path):\(workflow.line)"
        )
      }
    }
    if !graph.unplaced.isEmpty {
      lines.append("")
      lines.append("Not placed:")
      for item in graph.unplaced {
        lines.append("  \(item.type) (\(item.path):\(item.line)): \(item.reason)")
      }
    }
    let problems = problems(graph, colored: colored)
    if !problems.isEmpty {
      lines.append("")
      lines.append(problems)
    }
    return lines.joined(separator: "\n")
  }

  static func problems(_ graph: RIBGraph, colored: Bool) -> String {
    graph.problems.map { problem in
      TextReport.line(
        location: problem.path.isEmpty
          ? "ribcage:" : "\(problem.path):\(problem.line):\(problem.column):",
        severity: problem.severity, message: problem.message, tag: problem.kind.rawValue,
        colored: colored)
    }.joined(separator: "\n")
  }
}

enum GraphJSON {
  static func render(_ report: GraphReport) -> String {
    let graph = report.graph
    func optional(_ text: String?) -> String { text.map(JSONText.quote) ?? "null" }
    let ribs = graph.nodes.map { node in
      "    {\"id\": \(JSONText.quote(node.id)), \"name\": \(JSONText.quote(node.name)), "
        + "\"module\": \(JSONText.quote(node.module)), \"router\": \(JSONText.quote(node.router)), "
        + "\"builder\": \(optional(node.builder)), \"interactor\": \(optional(node.interactor)), "
        + "\"component\": \(optional(node.component)), \"dependency\": \(optional(node.dependency)), "
        + "\"listener\": \(optional(node.listener)), \"view\": \(optional(node.view)), "
        + "\"presenter\": \(optional(node.presenter)), "
        + "\"hasView\": \(node.hasView), \"path\": \(JSONText.quote(node.path)), \"line\": \(node.line)}"
    }
    let edges = graph.edges.map { edge in
      "    {\"parent\": \(JSONText.quote(edge.parent)), \"child\": \(JSONText.quote(edge.child)), "
        + "\"plugin\": \(edge.isPlugin), \"flag\": \(optional(edge.flag)), "
        + "\"evidence\": \(JSONText.quote(edge.evidence)), \"path\": \(JSONText.quote(edge.path)), "
        + "\"line\": \(edge.line), \"column\": \(edge.column)}"
    }
    let problems = graph.problems.map { problem in
      "    {\"kind\": \(JSONText.quote(problem.kind.rawValue)), "
        + "\"severity\": \"\(problem.severity.rawValue)\", \"rib\": \(optional(problem.rib)), "
        + "\"message\": \(JSONText.quote(problem.message)), \"path\": \(JSONText.quote(problem.path)), "
        + "\"line\": \(problem.line), \"column\": \(problem.column)}"
    }
    let unplaced = graph.unplaced.map { item in
      "    {\"type\": \(JSONText.quote(item.type)), \"path\": \(JSONText.quote(item.path)), "
        + "\"line\": \(item.line), \"reason\": \(JSONText.quote(item.reason))}"
    }
    let workflows = graph.workflows.map { workflow in
      let steps = workflow.steps.map { step in
        "{\"method\": \(optional(step.method)), \"actionable\": \(optional(step.actionable)), "
          + "\"rib\": \(optional(step.rib))}"
      }
      return
        "    {\"name\": \(JSONText.quote(workflow.name)), \"root\": \(optional(workflow.root)), "
        + "\"steps\": [\(steps.joined(separator: ", "))], \"path\": \(JSONText.quote(workflow.path)), "
        + "\"line\": \(workflow.line)}"
    }
    func list(_ items: [String]) -> String {
      items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n  ]"
    }
    return """
      {
        "schema": "ribcage-graph",
        "version": 1,
        "tool": \(JSONText.quote(ToolVersion.current)),
        "files": {"discovered": \(report.discoveredFileCount), "analyzed": \(report.analyzedFileCount), "lines": \(report.lineCount)},
        "counts": {"ribs": \(graph.nodes.count), "interactors": \(graph.interactorCount), "edges": \(graph.edges.count), "plugins": \(graph.edges.filter(\.isPlugin).count)},
        "roots": [\(graph.roots.map(JSONText.quote).joined(separator: ", "))],
        "ribs": \(list(ribs)),
        "edges": \(list(edges)),
        "problems": \(list(problems)),
        "unplaced": \(list(unplaced)),
        "workflows": \(list(workflows))
      }
      """
  }
}

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

enum GraphSARIF {
  static func render(_ graph: RIBGraph) -> String {
    let kinds = RIBGraph.Problem.Kind.allCases
    let index = Dictionary(uniqueKeysWithValues: kinds.enumerated().map { ($1, $0) })
    let descriptors = kinds.map { kind in
      """
              {
                "id": \(JSONText.quote(kind.rawValue)),
                "shortDescription": {"text": \(JSONText.quote(summary(kind)))},
                "defaultConfiguration": {"level": "\(kind.severity.rawValue)"}
              }
      """
    }
    let results = graph.problems.map { problem in
      let location =
        problem.path.isEmpty
        ? ""
        : """
        ,
                "locations": [{
                  "physicalLocation": {
                    "artifactLocation": {"uri": \(JSONText.quote(SARIFReport.uri(problem.path))), "uriBaseId": "%SRCROOT%"},
                    "region": {"startLine": \(max(problem.line, 1)), "startColumn": \(max(problem.column, 1))}
                  }
                }]
        """
      return """
                {
                  "ruleId": \(JSONText.quote(problem.kind.rawValue)),
                  "ruleIndex": \(index[problem.kind]!),
                  "level": "\(problem.severity.rawValue)",
                  "message": {"text": \(JSONText.quote(problem.message))}\(location)
                }
        """
    }
    return """
      {
        "$schema": "\(SARIFReport.schema)",
        "version": "2.1.0",
        "runs": [
          {
            "tool": {
              "driver": {
                "name": "ribcage-graph",
                "semanticVersion": \(JSONText.quote(ToolVersion.current)),
                "rules": [
      \(descriptors.joined(separator: ",\n"))
                ]
              }
            },
            "results": [
      \(results.joined(separator: ",\n"))
            ]
          }
        ]
      }
      """
  }

  static func summary(_ kind: RIBGraph.Problem.Kind) -> String {
    switch kind {
    case .missingDependency:
      "A child's dependency requirement is not provided by its parent's scope."
    case .dependencyTypeMismatch: "A child's dependency requirement is provided with another type."
    case .listenerNotImplemented:
      "The parent's interactor does not conform to the child's listener."
    case .cycle: "RIBs build each other in a cycle."
    case .orphan: "A RIB no other RIB builds."
    case .builtTwice: "A parent creates the same child builder more than once."
    case .multipleRoots: "More than one RIB could be the root."
    case .unknownRoot: "--root names no RIB."
    }
  }
}
