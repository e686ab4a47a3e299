extension GraphBuilder {
  /// Per RIB, the helper objects its builder creates or its router stores (a "router
  /// component" made in the builder and handed to the router, holding the child builders), and
  /// the helpers those create or store in turn (a router component made of nested ones, each
  /// holding some of the builders): plain types of the app that are no RIB part, used by that
  /// one RIB only.
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
          TypeText.qualifiedBaseName)
        origin.append(router)
      }
      guard let from = origin.first else { continue }
      var seen: Set<String> = []
      var pending = names.map { (name: $0, from: from, depth: 1) }
      while let (name, from, depth) = pending.popLast() {
        guard let entry = index.lookup(name, from: from.module, path: from.path),
          entry.kind == .classType || entry.kind == .structType,
          !partKeys.contains(entry.key), !entry.isTestDouble, seen.insert(entry.key).inserted
        else { continue }
        if makesBuilders(entry, builders) {
          found[key, default: []].append(entry)
          users[entry.key, default: []].insert(key)
        }
        // What this object creates or stores may hold builders (a helper made of helpers).
        guard depth < Self.helperDepth else { continue }
        let inner =
          entry.parts.flatMap(\.declaration.creations).filter { !$0.isUnused }.map(\.type)
          + entry.parts.flatMap(\.declaration.members).compactMap(\.type).map(
            TypeText.qualifiedBaseName)
        pending += inner.map { (name: $0, from: entry, depth: depth + 1) }
      }
    }
    return found.mapValues { $0.filter { users[$0.key]?.count == 1 } }
  }

  /// How deep helpers are followed from a RIB's builder or router (a router component, the
  /// components it is made of, theirs).
  static let helperDepth = 3

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
