extension GraphBuilder {
  /// Every builder of the run (builder key → what was learnt of it).
  func describeBuilders(_ parts: Parts) -> [String: BuilderInfo] {
    let routerKeys = parts.routerKeys
    let componentKeys = parts.componentKeys
    // Builders: framework builder subclasses, and classes conforming to a `Buildable` protocol.
    let builderEntries = parts.classes.filter { entry in
      !entry.isGeneric
        && (index.frameworkBase(of: entry, among: RoleBases.builders) != nil
          || lineage.names(of: entry).contains(RoleBases.buildable))
    }
    var builders: [String: BuilderInfo] = [:]
    for entry in builderEntries {
      builders[entry.key] = describeBuilder(
        entry, routerKeys: routerKeys, componentKeys: componentKeys)
    }

    // Adapters: a "builder" that creates no router but another builder builds what that builds.
    for key in builders.keys.sorted() where builders[key]!.routers.isEmpty {
      let entry = builders[key]!.entry
      let inner = entry.parts.flatMap(\.declaration.creations).compactMap {
        index.lookup($0.type, from: entry.module, path: entry.path)
      }.compactMap { builders[$0.key] }.filter { !$0.routers.isEmpty }
      if !inner.isEmpty {
        builders[key]!.routers = inner.flatMap(\.routers)
        builders[key]!.delegates = true
      }
    }

    // A component several builders are given (`Builder<AppComponent>` for many RIBs) is no
    // single RIB's: its creations are not one RIB's children.
    var componentUsers: [String: Int] = [:]
    for builder in builders.values {
      if let component = builder.components.first { componentUsers[component, default: 0] += 1 }
    }
    for key in builders.keys {
      if let component = builders[key]!.components.first, componentUsers[component]! > 1 {
        builders[key]!.components = []
      }
    }
    return builders
  }
}
