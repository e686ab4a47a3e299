extension GraphBuilder {
  /// What could not be placed: interactors no router uses, builders whose router could not be
  /// read, routers whose interactor could not be resolved.
  func unplaced(
    _ parts: Parts, builders: [String: BuilderInfo], ribs: [String: RIB]
  ) -> [RIBGraph.Unplaced] {
    var unplaced: [RIBGraph.Unplaced] = []
    let usedInteractors = Set(ribs.values.compactMap(\.interactorKey))
    for interactor in parts.interactors where !usedInteractors.contains(interactor.key) {
      unplaced.append(
        .init(
          type: interactor.name, path: interactor.path, line: interactor.place.line,
          reason: "an interactor no router in the given folders uses"))
    }
    for builder in builders.values.sorted(by: { $0.entry.key < $1.entry.key })
    where builder.routers.isEmpty {
      unplaced.append(
        .init(
          type: builder.entry.name, path: builder.entry.path, line: builder.entry.place.line,
          reason: "a builder whose router could not be read (no router class it creates or returns)"
        ))
    }
    for rib in ribs.values where rib.interactorKey == nil {
      unplaced.append(
        .init(
          type: rib.node.router, path: rib.node.path, line: rib.node.line,
          reason: "a router whose interactor could not be resolved (placed without one)"))
    }
    return unplaced.sorted { ($0.path, $0.line, $0.type) < ($1.path, $1.line, $1.type) }
  }
}
