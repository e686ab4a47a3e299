extension GraphBuilder {
  /// The RIBs of an app whose framework has no routers (ShortRibs: each interactor attaches
  /// and detaches its children itself): one per builder creating an interactor, the interactor
  /// standing in the router's place — it stores the child builders, builds and attaches the
  /// children. Only when the run has no router at all: in an app with routers, a builder whose
  /// router cannot be read is left unplaced rather than drawn without its router.
  func ribsOfRouterlessBuilders(
    _ parts: Parts, builders: inout [String: BuilderInfo]
  ) -> [String: RIB] {
    guard parts.routers.isEmpty, builders.values.allSatisfy({ $0.routers.isEmpty }),
      !builders.values.contains(where: { mentionsARouter($0.entry) })
    else { return [:] }
    var ribs: [String: RIB] = [:]
    var buildersOfInteractor: [String: [String]] = [:]
    let interactorKeys = parts.interactorKeys
    for key in builders.keys.sorted() {
      guard let builder = builders[key], !builder.delegates,
        let interactor = partsMade(by: builder, interactorKeys: interactorKeys).interactor
      else { continue }
      buildersOfInteractor[interactor.key, default: []].append(key)
    }
    // An interactor two builders make (a builder and a preview's): the one named after it.
    for (interactorKey, keys) in buildersOfInteractor {
      guard let interactor = index.entries[interactorKey],
        let key = keys.count == 1
          ? keys[0]
          : keys.first(where: {
            builders[$0].map(\.entry).map(ribPrefix(of:))
              == Self.ribPrefix(of: interactor.name, "Interactor")
          }),
        let builder = builders[key]
      else { continue }
      builders[key]!.routers = [interactorKey]
      ribs[interactorKey] = rib(
        of: builder, routerKey: interactorKey, router: interactor.name, interactor: interactor,
        view: partsMade(by: builder, interactorKeys: interactorKeys).view,
        declaredAt: interactor)
    }
    return ribs
  }

  /// Whether `builder` creates its RIB's router type, which the run does not declare
  /// (`LoggedOutRouter(…)` in `LoggedOutBuilder`), or returns a routing protocol (`->
  /// LoggedOutRouting`): an app with routers whose routers are in folders not passed, not a
  /// router-less one.
  private func mentionsARouter(_ builder: TypeIndex.Entry) -> Bool {
    // Its own RIB's router (`LoggedOutRouter` for `LoggedOutBuilder`), not a package's
    // `DeepLinkRouter` it hands on.
    let router = ribPrefix(of: builder) + "Router"
    return builder.parts.contains { part in
      part.declaration.creations.contains {
        TypeText.baseName($0.type) == router
          && index.lookup($0.type, from: builder.module, path: part.path) == nil
      }
        || part.declaration.functions.contains {
          guard let returned = $0.returnType.map(TypeText.baseName) else { return false }
          return returned.hasSuffix("Routing") || returned == router
        }
    }
  }
}
