extension GraphBuilder {
  /// The run's classes that are RIB parts by what they inherit: routers, interactors and
  /// components (test doubles, generic bases and project base classes other parts inherit
  /// left out), and every class, for the builders.
  struct Parts {
    let classes: [TypeIndex.Entry]
    let routers: [TypeIndex.Entry]
    let interactors: [TypeIndex.Entry]
    let components: [TypeIndex.Entry]
    var routerKeys: Set<String> { Set(routers.map(\.key)) }
    var interactorKeys: Set<String> { Set(interactors.map(\.key)) }
    var componentKeys: Set<String> { Set(components.map(\.key)) }
  }

  func findParts() -> Parts {
    let classes = index.all(.classType).filter { !$0.isTestDouble }

    func concrete(_ bases: Set<String>) -> [TypeIndex.Entry] {
      let found = classes.filter { index.frameworkBase(of: $0, among: bases) != nil }
      // A project base class (`BaseRouter`) another found class inherits is not a RIB itself.
      let inherited = Set(
        found.compactMap { $0.parts.first?.declaration.inherits.first?.name })
      return found.filter { !$0.isGeneric && !inherited.contains($0.name) }
    }
    let routers = concrete(RoleBases.routers)
    let interactors = concrete(RoleBases.interactors)
    let components = concrete(RoleBases.components)
    return Parts(
      classes: classes, routers: routers, interactors: interactors, components: components)
  }
}
