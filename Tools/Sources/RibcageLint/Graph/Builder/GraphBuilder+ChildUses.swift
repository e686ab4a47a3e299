extension GraphBuilder {
  /// The children `rib` uses, keyed by their router key.
  func childUses(
    of rib: RIB, context: EdgeContext
  ) -> [String: [Use]] {
    let builders = context.builders
    var result: [String: [Use]] = [:]
    let owners =
      [rib.builderKey, rib.routerKey, rib.componentKey].compactMap { $0 }
      .compactMap { index.entries[$0] } + (context.helpers[rib.routerKey] ?? [])
    let ownBuilder = rib.builderKey
    func buildersNamed(_ name: String, from module: String, path: String) -> [BuilderInfo] {
      guard let type = index.lookup(name, from: module, path: path) else { return [] }
      if let builder = builders[type.key] { return [builder] }
      // A `Buildable` protocol stands for the builders conforming to it (`Game`, which the
      // adapters also conform to, does not); of several, those the file can see. ShortRibs'
      // builder protocols refine only `AnyObject` (`protocol BookBuildable: AnyObject`): the
      // name says it.
      if type.kind == .protocolType, type.name != RoleBases.buildable,
        lineage.names(of: type).contains(RoleBases.buildable)
          || type.name.hasSuffix(RoleBases.buildable)
      {
        let conforming = lineage.classes(conformingTo: type).compactMap { builders[$0.key] }
        let visible = conforming.filter {
          index.sees($0.entry.module, from: module, path: path)
        }
        return conforming.count > 1 && !visible.isEmpty ? visible : conforming
      }
      return []
    }
    func add(_ builder: BuilderInfo, _ use: Use, builtAtOnce: Bool = false) {
      guard builder.entry.key != ownBuilder else {
        if nestsItself(use, builtAtOnce: builtAtOnce) {
          result[rib.routerKey, default: []].append(use)
        }
        return
      }
      for router in builder.routers where router != rib.routerKey {
        result[router, default: []].append(use)
      }
    }
    // A RIB opening another of its kind (a thread's replies, a folder's subfolder): its own
    // builder made, built or stored by its builder, router or component — not by a helper, and
    // not by an adapter wrapping the builder (a different builder). Only when no other builder
    // has its name (a `Builder` in every folder names no RIB in particular), and not when the
    // new builder is built while the RIB itself is being built: that recurses without end. A
    // component conforming to its own RIB's dependency opens nothing, nor does a static
    // factory (a preview's, a test's).
    func nestsItself(_ use: Use, builtAtOnce: Bool) -> Bool {
      guard let ownBuilder, let name = index.entries[ownBuilder]?.name,
        context.builderNameCounts[name] == 1, !use.evidence.hasPrefix("extension "),
        !use.isInStaticScope,
        [rib.routerKey, rib.componentKey].contains(use.owner.key)
          || (use.owner.key == ownBuilder && !use.evidence.hasPrefix("stores "))
      else { return false }
      let isBuilding = use.owner.key == ownBuilder || use.function == "init"
      return !(builtAtOnce && isBuilding)
    }
    let ownBuilderComponents = Set(rib.builderKey.flatMap { builders[$0]?.components } ?? [])
    for owner in owners {
      for part in owner.parts {
        let declaration = part.declaration
        for creation in declaration.creations where !creation.isUnused {
          // A builder created inside a `gatedBy:` closure is built there: a plugin.
          let use = Use(
            evidence: "creates \(creation.type)", path: part.path, place: creation.place,
            scope: creation.scope, owner: owner, flag: creation.flag, isCreation: true,
            isGatedBuild: creation.flag != nil, isUngatedBuild: false,
            function: creation.function, isProvision: owner.key == rib.componentKey,
            isInStaticScope: creation.isInStaticScope)
          for builder in buildersNamed(creation.type, from: owner.module, path: part.path) {
            add(builder, use, builtAtOnce: creation.isBuiltAtOnce)
          }
          // Components of other RIBs created here (Needle's `ChildComponent(parent: self)`).
          if let type = index.lookup(creation.type, from: owner.module, path: part.path),
            context.componentKeys.contains(type.key), type.key != rib.componentKey,
            !ownBuilderComponents.contains(type.key),
            let child = context.componentOwners[type.key], child != rib.routerKey
          {
            var componentUse = use
            componentUse.evidence = "creates component \(creation.type)"
            result[child, default: []].append(componentUse)
          }
        }
        for call in declaration.buildCalls {
          // Through another object (`dependency.profileBuilder`): the RIB's component's
          // property of that name, which that object is.
          guard
            let type = call.isThroughMember
              ? (owner.binding(call.receiver)
                ?? rib.componentKey.flatMap { index.entries[$0]?.binding(call.receiver) })
              : owner.binding(call.receiver, in: call.function)
          else { continue }
          for builder in buildersNamed(type, from: owner.module, path: part.path) {
            add(
              builder,
              Use(
                evidence: "builds with \(call.receiver): \(type)", path: part.path,
                place: call.place, scope: nil, owner: owner, flag: call.flag, isCreation: false,
                isGatedBuild: call.flag != nil, isUngatedBuild: call.flag == nil,
                function: call.function, isInStaticScope: call.isInStaticScope))
          }
        }
        for (name, place) in declaration.mentions.sorted(by: { $0.key < $1.key }) {
          for builder in buildersNamed(name, from: owner.module, path: part.path) {
            add(
              builder,
              Use(
                evidence: "stores \(name)", path: part.path, place: place, scope: nil,
                owner: owner, flag: nil, isCreation: false, isGatedBuild: false,
                isUngatedBuild: false, isProvision: owner.key == rib.componentKey))
          }
        }
        // `extension ParentComponent: ChildDependency`.
        if owner.key == rib.componentKey, declaration.kind == .extensionType {
          for reference in declaration.inherits {
            guard
              let dependency = index.lookup(reference.name, from: owner.module, path: part.path)
            else { continue }
            for builder in context.buildersByDependency[dependency.key] ?? [] {
              add(
                builder,
                Use(
                  evidence: "extension \(owner.name): \(reference.name)", path: part.path,
                  place: declaration.place, scope: "self", owner: owner, flag: nil,
                  isCreation: false, isGatedBuild: false, isUngatedBuild: false,
                  isProvision: true))
            }
          }
        }
      }
    }
    return result
  }
}
