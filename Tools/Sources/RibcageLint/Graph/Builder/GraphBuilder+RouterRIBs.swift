extension GraphBuilder {
  /// The RIBs with a router class of their own, keyed by router key.
  func ribsOfRouterClasses(_ parts: Parts, builders: [String: BuilderInfo]) -> [String: RIB] {
    // RIBs: one per router class.
    var ribs: [String: RIB] = [:]
    var buildersOfRouter: [String: [BuilderInfo]] = [:]
    for builder in builders.values {
      for router in builder.routers { buildersOfRouter[router, default: []].append(builder) }
    }
    let interactors = parts.interactors
    let interactorKeys = parts.interactorKeys
    for router in parts.routers {
      let name = Self.ribName(router.name)
      let id = name  // made unique below, once every RIB is known
      let builder = (buildersOfRouter[router.key] ?? [])
        .min { ($0.delegates ? 1 : 0, $0.entry.key) < ($1.delegates ? 1 : 0, $1.entry.key) }
      let base =
        index.frameworkBase(of: router, among: RoleBases.routers)
        ?? parts.unseenRouterBases[router.key]
      let interactor = resolveInteractor(
        router: router, base: base, builder: builder, interactors: interactors,
        interactorKeys: interactorKeys)
      var view: String?
      if let base, !RoleBases.viewlessRouters.contains(base.name) {
        view =
          base.arguments.count > 1
          ? resolveView(base.arguments[1], from: router) : "view"
      }
      var listener = builder?.listener
      if listener == nil, let interactor,
        let type = interactor.parts.lazy.flatMap(\.declaration.members).first(where: {
          $0.name == "listener"
        })?.type
      {
        listener = TypeText.baseName(type)
      }
      let component = builder?.routers.count == 1 ? builder?.components.first : nil
      var node = RIBGraph.Node(
        id: id, name: name, module: router.module, router: router.name,
        builder: builder?.entry.name, interactor: interactor?.name,
        component: component.flatMap { index.entries[$0]?.name },
        dependency: builder?.dependency, listener: listener, view: view, path: router.path,
        line: router.place.line)
      node.presenter = interactor.flatMap { presenter(of: $0) }
      ribs[router.key] = RIB(
        node: node, routerKey: router.key, builderKey: builder?.entry.key,
        interactorKey: interactor?.key, componentKey: component)
    }
    return ribs
  }
}
