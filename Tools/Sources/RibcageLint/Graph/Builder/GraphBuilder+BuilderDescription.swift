extension GraphBuilder {
  func describeBuilder(
    _ entry: TypeIndex.Entry, routerKeys: Set<String>, componentKeys: Set<String>
  ) -> BuilderInfo {
    var info = BuilderInfo(entry: entry)
    let base = index.frameworkBase(of: entry, among: RoleBases.builders)
    if let base, let first = base.arguments.first {
      if base.name == RoleBases.dependencyBuilder {
        info.dependency = first
      } else if let component = index.lookup(first, from: entry.module, path: entry.path),
        componentKeys.contains(component.key)
      {
        info.components.append(component.key)
        info.dependency =
          index.frameworkBase(of: component, among: RoleBases.components)?
          .arguments.first
      }
    }
    var found: [String] = []
    for part in entry.parts {
      for creation in part.declaration.creations {
        guard let created = index.lookup(creation.type, from: entry.module, path: part.path)
        else { continue }
        if routerKeys.contains(created.key) {
          found.append(created.key)
        } else if componentKeys.contains(created.key), !info.components.contains(created.key) {
          info.components.append(created.key)
        }
      }
    }
    if found.isEmpty {
      // `func build(…) -> LoggedOutRouting`: the router conforming to what it returns.
      for function in entry.parts.flatMap(\.declaration.functions) {
        guard let returned = function.returnType,
          let type = index.lookup(returned, from: entry.module, path: entry.path)
        else { continue }
        if routerKeys.contains(type.key) {
          found.append(type.key)
        } else if type.kind == .protocolType {
          let conforming = lineage.classes(conformingTo: type).filter {
            routerKeys.contains($0.key)
          }
          found += conforming.count == 1 ? conforming.map(\.key) : []
        }
      }
    }
    if found.isEmpty, entry.name.hasSuffix("Builder"),
      let router = index.lookup(
        String(entry.name.dropLast(7)) + "Router", from: entry.module, path: entry.path),
      routerKeys.contains(router.key)
    {
      found.append(router.key)  // names: the fallback
    }
    var seen: Set<String> = []
    info.routers = found.filter { seen.insert($0).inserted }
    if info.routers.isEmpty {
      info.frameworkRouter =
        entry.parts.flatMap(\.declaration.creations).first {
          RoleBases.routers.contains(TypeText.baseName($0.type))
            && index.lookup($0.type, from: entry.module, path: entry.path) == nil
        }?.type
    }
    // `Builder<AppComponent>`: the component it is given is its scope.
    if info.components.isEmpty, let dependency = info.dependency,
      let component = index.lookup(dependency, from: entry.module, path: entry.path),
      componentKeys.contains(component.key)
    {
      info.components.append(component.key)
    }
    for function in entry.parts.flatMap(\.declaration.functions) {
      if let parameter = function.parameters.first(where: {
        $0.label == "withListener" || $0.label == "listener"
      }) {
        info.listener = entry.resolvingNestedAlias(parameter.type)
        break
      }
    }
    return info
  }
}
