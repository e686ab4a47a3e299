extension GraphBuilder {
  /// A child builder a parent's builder makes and hands to its router, which keeps it in a
  /// property it never reads outside its initializer: the child is never built, so it is no
  /// child at all (dead code, or a route not written yet).
  struct NeverBuilt {
    /// The parent's RIB id and the router property the builder is kept in.
    var parent: String
    var property: String
    /// Where the parent makes the builder.
    var made: Use
  }

  /// Drops from `uses` each child its parent makes, keeps in its router and never builds;
  /// returns them by the child's router key.
  func dropNeverBuilt(
    from uses: inout [String: [String: [Use]]], ribs: [String: RIB],
    builders: [String: BuilderInfo]
  ) -> [String: NeverBuilt] {
    var dropped: [String: NeverBuilt] = [:]
    for (parent, children) in uses {
      guard let parentRIB = ribs[parent], let router = index.entries[parentRIB.routerKey]
      else { continue }
      let read = namesRead(by: router)
      for (child, found) in children {
        guard !found.contains(where: { $0.isGatedBuild || $0.isUngatedBuild }),
          let made = found.first(where: { $0.isCreation && $0.owner.key == parentRIB.builderKey })
        else { continue }
        let kept = storedBuilderProperties(of: router, building: child, builders: builders)
        guard let property = kept.first, read.isDisjoint(with: kept) else { continue }
        uses[parent]?[child] = nil
        dropped[child] = NeverBuilt(parent: parentRIB.node.id, property: property, made: made)
      }
    }
    return dropped
  }

  /// The names the router reads outside its initializers, and those its superclasses and the
  /// protocols it conforms to read in their extensions (`extension DetailRoutable { func
  /// routeToDetail() { attachChild(detailBuilder.build(…)) } }`).
  private func namesRead(by router: TypeIndex.Entry) -> Set<String> {
    var read = Set<String>()
    var entries = [router]
    for name in lineage.names(of: router) {
      if let entry = index.lookup(name, from: router.module, path: router.path) {
        entries.append(entry)
      }
    }
    for entry in entries {
      for part in entry.parts { read.formUnion(part.declaration.readNames) }
    }
    return read
  }

  /// The router's stored properties holding a builder (or a `Buildable` its builders conform
  /// to) of the RIB whose router is `child`.
  private func storedBuilderProperties(
    of router: TypeIndex.Entry, building child: String, builders: [String: BuilderInfo]
  ) -> [String] {
    var names: [String] = []
    for part in router.parts {
      for (name, type) in part.declaration.bindings.sorted(by: { $0.key < $1.key })
      where !name.contains("|") {
        guard let entry = index.lookup(type, from: router.module, path: part.path) else {
          continue
        }
        let candidates =
          builders[entry.key].map { [$0] }
          ?? (entry.kind == .protocolType
            ? lineage.classes(conformingTo: entry).compactMap { builders[$0.key] } : [])
        if candidates.contains(where: { $0.routers.contains(child) }) { names.append(name) }
      }
    }
    return names
  }

  /// The orphan warnings of children made and never built, said as such, where they are made.
  func explainNeverBuilt(
    _ dropped: [String: NeverBuilt], in graph: inout RIBGraph, ribs: [String: RIB]
  ) {
    let byID = Dictionary(
      uniqueKeysWithValues: dropped.compactMap { key, value in ribs[key].map { ($0.node.id, value) }
      })
    for index in graph.problems.indices where graph.problems[index].kind == .orphan {
      guard let id = graph.problems[index].rib, let never = byID[id] else { continue }
      let name = ribs.values.first { $0.node.id == id }?.node.name ?? id
      graph.problems[index].message =
        "\(name) is made by \(never.parent) and kept in '\(never.property)', which its router "
        + "never reads: it is never built or attached (dead code, or a route not written yet)"
      graph.problems[index].path = never.made.path
      graph.problems[index].line = never.made.place.line
      graph.problems[index].column = never.made.place.column
    }
  }
}
