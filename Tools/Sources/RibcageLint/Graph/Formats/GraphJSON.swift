import RibcageToolInfo

/// The graph as JSON: the stable `ribcage-graph` schema (version 1, `docs/graph.md`), one
/// record per line.
enum GraphJSON {
  static func render(_ report: GraphReport) -> String {
    let graph = report.graph
    let document: JSONValue = [
      "schema": "ribcage-graph",
      "version": 1,
      "tool": .string(ToolVersion.current),
      "files": [
        "discovered": .integer(report.discoveredFileCount),
        "analyzed": .integer(report.analyzedFileCount), "lines": .integer(report.lineCount),
      ],
      "counts": [
        "ribs": .integer(graph.nodes.count), "interactors": .integer(graph.interactorCount),
        "edges": .integer(graph.edges.count),
        "plugins": .integer(graph.edges.filter(\.isPlugin).count),
      ],
      "roots": .array(graph.roots.map(JSONValue.string)),
      "ribs": .array(graph.nodes.map(\.json)),
      "edges": .array(graph.edges.map(\.json)),
      "problems": .array(graph.problems.map(\.json)),
      "unplaced": .array(graph.unplaced.map(\.json)),
      "workflows": .array(graph.workflows.map(\.json)),
    ]
    return JSONWriter.render(document, layout: .records)
  }
}
