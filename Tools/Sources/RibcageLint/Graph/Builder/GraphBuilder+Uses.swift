extension GraphBuilder {
  /// Parent router key → child router key → how the parent uses the child: what each RIB's
  /// builder, router, component and helpers create, store, build or conform to.
  func uses(
    of ribs: [String: RIB], builders: [String: BuilderInfo], parts: Parts
  ) -> [String: [String: [Use]]] {
    // Edges.
    var componentOwners: [String: String] = [:]
    for rib in ribs.values {
      if let component = rib.componentKey { componentOwners[component] = rib.routerKey }
    }
    var buildersByDependency: [String: [BuilderInfo]] = [:]
    for builder in builders.values.sorted(by: { $0.entry.key < $1.entry.key }) {
      guard let dependency = builder.dependency,
        let type = index.lookup(dependency, from: builder.entry.module, path: builder.entry.path)
      else { continue }
      buildersByDependency[type.key, default: []].append(builder)
    }
    var context = EdgeContext(
      builders: builders, componentKeys: parts.componentKeys, componentOwners: componentOwners,
      buildersByDependency: buildersByDependency)
    context.builderNameCounts = builders.values.reduce(into: [:]) {
      $0[$1.entry.name, default: 0] += 1
    }
    context.helpers = helpers(
      of: ribs, builders: builders,
      partKeys: Set(builders.keys).union(parts.routerKeys).union(parts.componentKeys)
        .union(parts.interactorKeys))
    var uses: [String: [String: [Use]]] = [:]  // parent router key → child router key → uses
    for (key, rib) in ribs {
      for (child, found) in childUses(of: rib, context: context) {
        uses[key, default: [:]][child, default: []] += found
      }
    }
    // A component providing for a child (a modular app's root component conforms to every
    // feature's dependency, or makes their builders as `lazy var`s for DI) is not its parent
    // when another RIB's builder or router makes, stores or builds the child: the parent is the
    // RIB whose router attaches it.
    var attachedBy: [String: Set<String>] = [:]  // child → parents with more than a provision
    for (parent, children) in uses {
      for (child, found) in children where found.contains(where: { !$0.isProvision }) {
        attachedBy[child, default: []].insert(parent)
      }
    }
    for (parent, children) in uses {
      for (child, found) in children
      where found.allSatisfy(\.isProvision)
        && !(attachedBy[child] ?? []).subtracting([parent]).isEmpty
      {
        uses[parent]?[child] = nil
      }
    }
    return uses
  }
}
