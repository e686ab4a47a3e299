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

  /// The graph in this format; `colored` styles text for a terminal; `sarif` sets SARIF's links
  /// and result limit.
  public func render(
    _ report: GraphReport, colored: Bool = false, sarif: SARIFOptions = SARIFOptions()
  ) -> String {
    switch self {
    case .text: GraphText.render(report.graph, colored: colored)
    case .json: GraphJSON.render(report)
    case .mermaid: GraphMermaid.render(report.graph)
    case .dot: GraphDOT.render(report.graph)
    case .sarif: GraphSARIF.render(report, options: sarif)
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
