/// Turns the files' ``GraphFacts`` into a ``RIBGraph``: finds the RIBs by what their types
/// inherit (names only as a fallback), the edges by what each parent's builder, router and
/// component create, store or conform to, then runs the dependency and tree checks. Each step
/// is an extension in this folder.
struct GraphBuilder {
  let index: TypeIndex
  /// `--root`: a RIB, router, builder or interactor name.
  var rootName: String?
  /// What each type inherits, computed once.
  let lineage: Lineage

  init(files: [GraphFacts], rootName: String? = nil) {
    self.index = TypeIndex(files)
    self.rootName = rootName
    self.lineage = Lineage(index: index)
  }

  func build() -> RIBGraph {
    var graph = RIBGraph()
    let parts = findParts()
    graph.interactorCount = parts.interactors.count
    var builders = describeBuilders(parts)
    // RIBs: one per router class, and one per builder creating the framework's router.
    var ribs = ribsOfRouterClasses(parts, builders: builders)
    ribs.merge(ribsOfFrameworkRouters(parts, builders: &builders)) { first, _ in first }
    // RIBs of a router-less framework: one per builder creating an interactor.
    ribs.merge(ribsOfRouterlessBuilders(parts, builders: &builders)) { first, _ in first }
    assignIDs(&ribs)

    var found = uses(of: ribs, builders: builders, parts: parts)
    let neverBuilt = dropNeverBuilt(from: &found, ribs: ribs, builders: builders)
    let edgeUses = connect(&graph, ribs: ribs, uses: found)
    graph.nodes = ribs.values.map(\.node).sorted { $0.id < $1.id }
    // Where every builder is created: what launches a root, and the scope a stored-only
    // child builder is given.
    let sites = creationSites(of: builders)
    placeRoots(&graph, ribs: ribs, builders: builders, sites: sites)
    explainNeverBuilt(neverBuilt, in: &graph, ribs: ribs)
    findCycles(&graph)
    graph.problems += dependencyProblems(
      in: graph, ribs: ribs, edgeUses: edgeUses, sites: sites, componentKeys: parts.componentKeys)
    graph.workflows = readWorkflows(ribs: ribs)
    graph.unplaced = unplaced(parts, builders: builders, ribs: ribs)
    graph.problems.sort {
      ($0.path, $0.line, $0.column, $0.kind.rawValue, $0.message)
        < ($1.path, $1.line, $1.column, $1.kind.rawValue, $1.message)
    }
    return graph
  }
}
