extension GraphBuilder {
  /// The RIBs of an app whose framework has no routers (ShortRibs: each interactor attaches
  /// and detaches its children itself): one per builder creating an interactor, the interactor
  /// standing in the router's place — it stores the child builders, builds and attaches the
  /// children. Only when the run has no router at all: in an app with routers, a builder whose
  /// router cannot be read is left unplaced rather than drawn without its router.
  func ribsOfRouterlessBuilders(
    _ parts: Parts, builders: inout [String: BuilderInfo]
  ) -> [String: RIB] {
    guard parts.routers.isEmpty, builders.values.allSatisfy({ $0.routers.isEmpty }) else {
      return [:]
    }
    var ribs: [String: RIB] = [:]
    var buildersOfInteractor: [String: [String]] = [:]
    let interactorKeys = parts.interactorKeys
    for key in builders.keys.sorted() {
      guard let builder = builders[key], !builder.delegates,
        let interactor = partsMade(by: builder, interactorKeys: interactorKeys).interactor
      else { continue }
      buildersOfInteractor[interactor.key, default: []].append(key)
    }
    // An interactor two builders make (a builder and a test's, a preview's) names no one RIB.
    for (interactorKey, keys) in buildersOfInteractor where keys.count == 1 {
      guard let builder = builders[keys[0]], let interactor = index.entries[interactorKey]
      else { continue }
      builders[keys[0]]!.routers = [interactorKey]
      ribs[interactorKey] = rib(
        of: builder, routerKey: interactorKey, router: interactor.name, interactor: interactor,
        view: partsMade(by: builder, interactorKeys: interactorKeys).view,
        declaredAt: interactor)
    }
    return ribs
  }
}
