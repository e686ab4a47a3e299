/// Whose a stream a RIB writes through its dependency or its component is, from every file of
/// the run: a subject a RIB's own component makes is that RIB's state, unless the component only
/// stores its parent's (`x = dependency.x`) or another RIB's dependency asks for it too (others
/// read it: it is shared).
struct StreamOwnership {
  /// Keys are `module|RIB`.
  private var componentProperties: [String: Set<String>] = [:]
  private var madeProperties: [String: Set<String>] = [:]
  private var forwarded: [String: Set<String>] = [:]
  /// What each RIB's component conforms to, and its own type.
  private var conformances: [String: Set<String>] = [:]
  private var componentTypes: [String: String] = [:]
  /// Property → the dependency protocols asking for it.
  private var requiredBy: [String: Set<String>] = [:]
  /// Property → RIBs whose own component makes one of that name: their dependency protocols
  /// asking for it ask for their own (two RIBs each with a `copyTextSubject`).
  private var makers: [String: Set<String>] = [:]
  /// Declaring type → alias → what it returns.
  private var aliases: [String: [String: Set<String>]] = [:]
  /// A type or protocol → what it conforms to, inherits or (a type alias) composes.
  private var supertypes: [String: [String]] = [:]

  init(_ run: RunFacts) {
    for (index, analysis) in run.analyses.enumerated() {
      let module = run.modules[index]
      let facts = analysis.facts
      for (rib, properties) in facts.componentProperties {
        componentProperties["\(module)|\(rib)", default: []].formUnion(properties)
      }
      for (rib, properties) in facts.madeComponentProperties {
        madeProperties["\(module)|\(rib)", default: []].formUnion(properties)
      }
      for (rib, properties) in facts.forwardedComponentProperties {
        forwarded["\(module)|\(rib)", default: []].formUnion(properties)
      }
      for (dependency, properties) in facts.dependencyRequirements {
        for property in properties { requiredBy[property, default: []].insert(dependency) }
      }
      for (rib, names) in facts.componentConformances {
        conformances["\(module)|\(rib)", default: []].formUnion(names)
      }
      for (rib, name) in facts.componentTypes { componentTypes["\(module)|\(rib)"] = name }
      for (type, names) in facts.propertyAliases {
        aliases[type, default: [:]].merge(names) { $0.union($1) }
      }
      for (name, inherited) in facts.protocols { supertypes[name, default: []] += inherited }
      for (name, members) in facts.typeAliasMembers { supertypes[name, default: []] += members }
      for (type, names) in facts.extensionConformances {
        supertypes[type, default: []] += Array(names)
      }
    }
    for (key, properties) in componentProperties {
      let rib = String(key.split(separator: "|").last ?? "")
      for property in properties where forwarded[key]?.contains(property) != true {
        makers[property, default: []].insert(rib)
      }
    }
  }

  /// Whether `rib` writing `dependency.property` writes its own state: its component makes it
  /// and only the RIB's own dependencies ask for it.
  func ownsThroughDependency(_ property: String, rib: String, module: String) -> Bool {
    let key = "\(module)|\(rib)"
    return componentProperties[key]?.contains(property) == true
      && forwarded[key]?.contains(property) != true
      && isReadOnlyByItsOwn(property, rib: rib, key: key)
  }

  /// Whether `rib` writing `component.property` writes its own state: its component makes it by
  /// calling an initializer, under that name or one the name returns (`var noteStream:
  /// MutableNote { self.confirmStream }` in the component or in an extension of a protocol it
  /// conforms to), and only the RIB's own dependencies ask for any of those names.
  func ownsThroughComponent(_ property: String, rib: String, module: String) -> Bool {
    let key = "\(module)|\(rib)"
    let names = self.names(property, key: key)
    return names.contains { madeProperties[key]?.contains($0) == true }
      && names.allSatisfy { forwarded[key]?.contains($0) != true }
      && names.allSatisfy { isReadOnlyByItsOwn($0, rib: rib, key: key) }
  }

  /// Whether every dependency protocol asking for `property` is the RIB's own or one its
  /// component provides (its interactor's, its children's, and their interactors' and routers').
  private func isReadOnlyByItsOwn(_ property: String, rib: String, key: String) -> Bool {
    let readers = requiredBy[property, default: []].filter {
      makers[property]?.contains(Self.rib(of: $0)) != true
    }
    let provided = conformances[key, default: []].union([rib + "Dependency"])
    let providedRIBs = Set(provided.map(Self.rib(of:)))
    return readers.allSatisfy { provided.contains($0) || providedRIBs.contains(Self.rib(of: $0)) }
  }

  /// `property` and what it returns, followed through the aliases the component declares or
  /// gets from what it conforms to (a protocol, a protocol it inherits, a type alias's members).
  private func names(_ property: String, key: String) -> Set<String> {
    var types: Set<String> = conformances[key, default: []]
    if let own = componentTypes[key] { types.insert(own) }
    var pending = Array(types)
    while let type = pending.popLast() {
      for next in supertypes[type, default: []] where types.insert(next).inserted {
        pending.append(next)
      }
    }
    var names: Set<String> = [property]
    var pendingNames = [property]
    while let name = pendingNames.popLast() {
      for type in types {
        for target in aliases[type]?[name] ?? [] where names.insert(target).inserted {
          pendingNames.append(target)
        }
      }
    }
    return names
  }

  /// `Home` for `HomeDependency`, `HomeInteractorDependency` and `HomeRouterDependency`.
  static func rib(of dependency: String) -> String {
    for suffix in ["InteractorDependency", "RouterDependency", "Dependency"]
    where dependency.hasSuffix(suffix) {
      return String(dependency.dropLast(suffix.count))
    }
    return dependency
  }
}
