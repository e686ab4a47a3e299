extension GraphBuilder {
  /// The RIBs without a router class: their builder creates the framework's router
  /// (`ViewableRouter(interactor:viewController:)`). Their builders learn the RIB's key.
  func ribsOfFrameworkRouters(
    _ parts: Parts, builders: inout [String: BuilderInfo]
  ) -> [String: RIB] {
    var ribs: [String: RIB] = [:]
    let interactorKeys = parts.interactorKeys
    // RIBs without a router class: their builder creates the framework's router.
    for key in builders.keys.sorted() {
      guard let builder = builders[key], builder.routers.isEmpty,
        let frameworkRouter = builder.frameworkRouter
      else { continue }
      let routerKey = key + "#" + frameworkRouter
      builders[key]!.routers = [routerKey]
      let entry = builder.entry
      let name = entry.name.hasSuffix("Builder") ? String(entry.name.dropLast(7)) : entry.name
      let created = entry.parts.flatMap(\.declaration.creations).compactMap {
        index.lookup($0.type, from: entry.module, path: entry.path)
      }
      let interactor = created.first { interactorKeys.contains($0.key) }
      let view =
        RoleBases.viewlessRouters.contains(frameworkRouter)
        ? nil
        : created.first {
          $0.kind == .classType
            && ($0.name.hasSuffix("ViewController") || $0.name.hasSuffix("View"))
        }?.name ?? "view"
      var node = RIBGraph.Node(
        id: name, name: name, module: entry.module, router: frameworkRouter, builder: entry.name,
        interactor: interactor?.name,
        component: builder.components.first.flatMap { index.entries[$0]?.name },
        dependency: builder.dependency, listener: builder.listener, view: view, path: entry.path,
        line: entry.place.line)
      node.presenter = interactor.flatMap { presenter(of: $0) }
      ribs[routerKey] = RIB(
        node: node, routerKey: routerKey, builderKey: key, interactorKey: interactor?.key,
        componentKey: builder.components.first)
    }
    return ribs
  }
}
