/// The graph as text: the tree (``GraphTree``), then the workflows, what could not be placed and
/// the problems.
enum GraphText {
  static func render(_ graph: RIBGraph, colored: Bool) -> String {
    var lines = GraphTree.lines(graph)
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
