extension GraphBuilder {
  /// Per RIB, the helper objects its builder creates or its router stores (a "router
  /// component" made in the builder and handed to the router, holding the child builders):
  /// plain types of the app that are no RIB part, used by that one RIB only.
  func helpers(
    of ribs: [String: RIB], builders: [String: BuilderInfo], partKeys: Set<String>
  ) -> [String: [TypeIndex.Entry]] {
    var found: [String: [TypeIndex.Entry]] = [:]
    var users: [String: Set<String>] = [:]
    for (key, rib) in ribs {
      var names: [String] = []
      var origin: [TypeIndex.Entry] = []
      if let builder = rib.builderKey.flatMap({ index.entries[$0] }) {
        names += builder.parts.flatMap(\.declaration.creations).filter { !$0.isUnused }.map(\.type)
        origin.append(builder)
      }
      if let router = index.entries[rib.routerKey] {
        names += router.parts.flatMap(\.declaration.members).compactMap(\.type).map(
          TypeText.baseName)
        origin.append(router)
      }
      guard let from = origin.first else { continue }
      var seen: Set<String> = []
      for name in names {
        guard let entry = index.lookup(name, from: from.module, path: from.path),
          entry.kind == .classType || entry.kind == .structType,
          !partKeys.contains(entry.key), !entry.isTestDouble, seen.insert(entry.key).inserted,
          makesBuilders(entry, builders)
        else { continue }
        found[key, default: []].append(entry)
        users[entry.key, default: []].insert(key)
      }
    }
    return found.mapValues { $0.filter { users[$0.key]?.count == 1 } }
  }

  /// Whether `entry` creates a builder or stores a `…Buildable`.
  func makesBuilders(_ entry: TypeIndex.Entry, _ builders: [String: BuilderInfo]) -> Bool {
    entry.parts.contains { part in
      part.declaration.creations.contains { creation in
        index.lookup(creation.type, from: entry.module, path: part.path).map {
          builders[$0.key] != nil
        } ?? false
      } || part.declaration.mentions.keys.contains { $0.hasSuffix("Buildable") }
    }
  }
}
