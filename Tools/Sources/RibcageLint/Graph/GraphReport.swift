/// What a graph run found: the graph, and how much was read to draw it.
public struct GraphReport: Sendable {
  public var graph: RIBGraph
  /// Files skipped or only partly analysed.
  public var notes: [FileNote]
  public var analyzedFileCount: Int
  public var discoveredFileCount: Int
  public var lineCount: Int
  /// Files parsed (equal to `analyzedFileCount`: each file is parsed once).
  public var parseCount: Int

  public init(
    graph: RIBGraph, notes: [FileNote] = [], analyzedFileCount: Int = 0,
    discoveredFileCount: Int = 0, lineCount: Int = 0, parseCount: Int = 0
  ) {
    self.graph = graph
    self.notes = notes
    self.analyzedFileCount = analyzedFileCount
    self.discoveredFileCount = discoveredFileCount
    self.lineCount = lineCount
    self.parseCount = parseCount
  }
}
