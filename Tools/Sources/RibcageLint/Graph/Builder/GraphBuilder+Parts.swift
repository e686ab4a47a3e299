extension GraphBuilder {
  /// The run's classes that are RIB parts by what they inherit: routers, interactors and
  /// components (test doubles, generic bases and project base classes other parts inherit
  /// left out), and every class, for the builders.
  struct Parts {
    let classes: [TypeIndex.Entry]
    let routers: [TypeIndex.Entry]
    let interactors: [TypeIndex.Entry]
    let components: [TypeIndex.Entry]
    /// Router key → the framework base a router stands for when its own base class is not in
    /// the run (``unseenRouterBase(of:interactors:)``).
    var unseenRouterBases: [String: TypeReference] = [:]
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
    var routers = concrete(RoleBases.routers)
    let interactors = concrete(RoleBases.interactors)
    let components = concrete(RoleBases.components)
    var unseen: [String: TypeReference] = [:]
    let found = Set(routers.map(\.key))
    for entry in classes where !found.contains(entry.key) {
      guard let base = unseenRouterBase(of: entry, interactors: interactors) else { continue }
      unseen[entry.key] = base
      routers.append(entry)
    }
    return Parts(
      classes: classes, routers: routers, interactors: interactors, components: components,
      unseenRouterBases: unseen)
  }

  /// The framework base of a router whose own base class the run does not declare: an app's
  /// generic base router in a module not passed (`final class CartRouter:
  /// AppRouterBase<CartInteractor, CartViewController>`). The class is named `…Router`, and its
  /// base's first generic argument is an interactor class of the run, or the `…Interactable` of
  /// the RIB whose interactor it names. It stands for `ViewableRouter` with a second argument,
  /// `Router` without.
  func unseenRouterBase(of entry: TypeIndex.Entry, interactors: [TypeIndex.Entry])
    -> TypeReference?
  {
    guard entry.name.hasSuffix("Router"), !entry.isGeneric,
      let superclass = entry.parts.first?.declaration.inherits.first,
      let first = superclass.arguments.first,
      index.lookup(superclass.name, from: entry.module, path: entry.path) == nil
    else { return nil }
    let argument = TypeText.baseName(first)
    let interactor = Self.ribName(entry.name) + "Interactor"
    let names = Set(interactors.map(\.name))
    guard
      names.contains(argument)
        || (argument == Self.ribName(entry.name) + "Interactable" && names.contains(interactor))
    else { return nil }
    return TypeReference(
      name: superclass.arguments.count > 1 ? "ViewableRouter" : "Router",
      arguments: superclass.arguments)
  }
}
