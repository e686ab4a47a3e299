extension GraphBuilder {
  func resolveInteractor(
    router: TypeIndex.Entry, base: TypeReference?, builder: BuilderInfo?,
    interactors: [TypeIndex.Entry], interactorKeys keys: Set<String>
  ) -> TypeIndex.Entry? {
    if let name = base?.arguments.first,
      let type = index.lookup(name, from: router.module, path: router.path)
    {
      if keys.contains(type.key) { return type }
      if type.kind == .protocolType {
        var conforming = lineage.classes(conformingTo: type).filter { keys.contains($0.key) }
        if conforming.count > 1 {
          conforming = conforming.filter {
            index.sees($0.module, from: router.module, path: router.path)
          }
        }
        if conforming.count == 1 { return conforming[0] }
        let named = conforming.filter { Self.ribName(router.name) + "Interactor" == $0.name }
        if let nearest = index.nearest(named.isEmpty ? conforming : named, to: router.path) {
          return nearest
        }
      }
    }
    if let builder {
      let created = builder.entry.parts.flatMap(\.declaration.creations).compactMap {
        index.lookup($0.type, from: builder.entry.module, path: builder.entry.path)
      }.filter { keys.contains($0.key) }
      if created.count == 1 || builder.routers.count == 1, let first = created.first {
        return first
      }
    }
    let named = interactors.filter { $0.name == Self.ribName(router.name) + "Interactor" }
    return named.count > 1 ? index.nearest(named, to: router.path) : named.first
  }

  /// `PresentableInteractor<LoggedOutPresentable>` → the class conforming to
  /// `LoggedOutPresentable` (the type itself when it is a class, the name when nothing does).
  func presenter(of interactor: TypeIndex.Entry) -> String? {
    guard let base = index.frameworkBase(of: interactor, among: [RoleBases.presentableInteractor]),
      let name = base.arguments.first
    else { return nil }
    return implementingClass(of: name, from: interactor)
  }

  /// `ViewableRouter<…, LoggedOutViewControllable>`'s view: the class conforming to it.
  func resolveView(_ name: String, from router: TypeIndex.Entry) -> String {
    implementingClass(of: name, from: router)
  }

  /// The class `name` stands for where `entry` names it: a protocol resolved to the class
  /// conforming to it (of several, the one `entry`'s file sees, else the nearest); the name
  /// itself otherwise.
  func implementingClass(of name: String, from entry: TypeIndex.Entry) -> String {
    guard let type = index.lookup(name, from: entry.module, path: entry.path),
      type.kind == .protocolType
    else { return name }
    var conforming = lineage.classes(conformingTo: type).filter { !$0.isTestDouble }
    if conforming.count > 1 {
      conforming = conforming.filter { index.sees($0.module, from: entry.module, path: entry.path) }
    }
    if conforming.count == 1 { return conforming[0].name }
    return index.nearest(conforming, to: entry.path)?.name ?? name
  }
}
