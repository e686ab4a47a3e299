extension GraphBuilder {
  /// The RIBs without a router class: their builder creates the framework's router
  /// (`ViewableRouter(interactor:viewController:)`). Their builders learn the RIB's key.
  func ribsOfFrameworkRouters(
    _ parts: Parts, builders: inout [String: BuilderInfo]
  ) -> [String: RIB] {
    var ribs: [String: RIB] = [:]
    // RIBs without a router class: their builder creates the framework's router.
    for key in builders.keys.sorted() {
      guard let builder = builders[key], builder.routers.isEmpty,
        let frameworkRouter = builder.frameworkRouter
      else { continue }
      let routerKey = key + "#" + frameworkRouter
      builders[key]!.routers = [routerKey]
      let made = partsMade(by: builder, interactorKeys: parts.interactorKeys)
      let view = RoleBases.viewlessRouters.contains(frameworkRouter) ? nil : made.view ?? "view"
      ribs[routerKey] = rib(
        of: builder, routerKey: routerKey, router: frameworkRouter, interactor: made.interactor,
        view: view, declaredAt: builder.entry)
    }
    return ribs
  }

  /// The interactor and the view (controller) class `builder` creates: of several
  /// interactors, the one named after the builder (`ShelfBuilder` → `ShelfInteractor`).
  func partsMade(
    by builder: BuilderInfo, interactorKeys: Set<String>
  ) -> (interactor: TypeIndex.Entry?, view: String?) {
    let entry = builder.entry
    let created = entry.parts.flatMap(\.declaration.creations).compactMap {
      index.lookup($0.type, from: entry.module, path: entry.path)
    }
    let view = created.first {
      $0.kind == .classType && ($0.name.hasSuffix("ViewController") || $0.name.hasSuffix("View"))
    }
    let interactors = created.filter { interactorKeys.contains($0.key) }
    let named = interactors.first {
      Self.ribPrefix(of: $0.name, "Interactor") == ribPrefix(of: entry)
    }
    return (named ?? interactors.first, view?.name)
  }

  /// `Shelf` for `ShelfBuilder`.
  func ribPrefix(of builder: TypeIndex.Entry) -> String {
    Self.ribPrefix(of: builder.name, "Builder")
  }

  /// `name` without the role suffix `suffix`.
  static func ribPrefix(of name: String, _ suffix: String) -> String {
    name.hasSuffix(suffix) && name.count > suffix.count ? String(name.dropLast(suffix.count)) : name
  }

  /// The RIB `builder` builds, its router `router` (keyed `routerKey`), named after the builder
  /// (`LoggedInBuilder` → `LoggedIn`) and declared where `declaration` is.
  func rib(
    of builder: BuilderInfo, routerKey: String, router: String, interactor: TypeIndex.Entry?,
    view: String?, declaredAt declaration: TypeIndex.Entry
  ) -> RIB {
    let entry = builder.entry
    let name = ribPrefix(of: entry)
    var node = RIBGraph.Node(
      id: name, name: name, module: entry.module, router: router, builder: entry.name,
      interactor: interactor?.name,
      component: builder.components.first.flatMap { index.entries[$0]?.name },
      dependency: builder.dependency, listener: builder.listener, view: view,
      path: declaration.path, line: declaration.place.line)
    node.presenter = interactor.flatMap { presenter(of: $0) }
    return RIB(
      node: node, routerKey: routerKey, builderKey: entry.key, interactorKey: interactor?.key,
      componentKey: builder.components.first)
  }
}
