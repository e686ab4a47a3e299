/// Needle's check, on any RIBs code: along each edge, every requirement of the child's
/// `Dependency` protocol must be provided by the scope the parent hands its builder (its
/// component, its own dependency, `self`), declared there, in an extension, through the
/// component's own dependency from further up, or by a protocol extension; with the same type.
/// And the parent's interactor must conform to the child's listener protocol.
struct DependencyChecker {
  let index: TypeIndex
  let graph: RIBGraph
  /// What each type inherits, shared with the graph builder.
  let lineage: Lineage
  /// Each RIB's parent on a shortest path from a root (for messages and Needle's walk up).
  private let parentOf: [String: String]
  private let nodes: [String: RIBGraph.Node]
  /// RIB id → its component's entry.
  private let components: [String: TypeIndex.Entry]
  /// Root id → the components above it (a Needle bootstrap component that builds it).
  private let aboveRoots: [String: [TypeIndex.Entry]]

  init(
    index: TypeIndex, lineage: Lineage, graph: RIBGraph, ribs: [GraphBuilder.RIB],
    aboveRoots: [String: [TypeIndex.Entry]] = [:]
  ) {
    self.index = index
    self.lineage = lineage
    self.graph = graph
    self.aboveRoots = aboveRoots
    nodes = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var components: [String: TypeIndex.Entry] = [:]
    for rib in ribs {
      if let key = rib.componentKey, let entry = index.entries[key] {
        components[rib.node.id] = entry
      }
    }
    self.components = components
    var children: [String: [String]] = [:]
    for edge in graph.edges { children[edge.parent, default: []].append(edge.child) }
    // Breadth first from the roots; RIBs no root reaches take their first parent by id.
    var parentOf: [String: String] = [:]
    var queue = graph.roots
    var seen = Set(graph.roots)
    var next = 0
    while next < queue.count {
      let id = queue[next]
      next += 1
      for child in children[id] ?? [] where seen.insert(child).inserted {
        parentOf[child] = id
        queue.append(child)
      }
    }
    for edge in graph.edges
    where parentOf[edge.child] == nil && !graph.roots.contains(edge.child)
      && edge.parent != edge.child
    {
      parentOf[edge.child] = edge.parent
    }
    self.parentOf = parentOf
  }

  /// A requirement of a dependency protocol.
  struct Requirement {
    var name: String
    var type: String?
    var protocolName: String
  }

  /// The problems along the edge `parent` → `child`; `use` is where the parent uses the child
  /// (its scope is read when `checksDependencies`).
  func check(
    parent: GraphBuilder.RIB, child: GraphBuilder.RIB, use: GraphBuilder.Use,
    checksDependencies: Bool
  ) -> [RIBGraph.Problem] {
    var problems: [RIBGraph.Problem] = []
    let path = ribPath(to: parent.node.id).map { nodes[$0]?.name ?? $0 } + [child.node.name]
    let location = (use.path, use.place.line, use.place.column)

    if checksDependencies, let dependencyName = child.node.dependency,
      let dependency = index.lookup(dependencyName, from: child.node.module, path: child.node.path),
      dependency.kind == .protocolType,
      let scope = scope(of: use, parent: parent)
    {
      // Needle: the components above the parent, nearest first.
      let chain = ribPath(to: parent.node.id)
      let upper =
        chain.reversed().compactMap { components[$0] }
        + (chain.first.flatMap { aboveRoots[$0] } ?? [])
      let provided = providedMembers(by: scope, for: dependency, upper: upper)
      for requirement in provided == nil ? [] : requirements(of: dependency) {
        let shown =
          "\(path.joined(separator: " → ")): \(requirement.protocolName).\(requirement.name)"
          + (requirement.type.map { ": \($0)" } ?? "")
        guard let found = provided?[requirement.name] else {
          problems.append(
            .init(
              kind: .missingDependency,
              message: "\(shown) is not provided by \(scope.name) or its ancestors",
              path: location.0, line: location.1, column: location.2, rib: child.node.id))
          continue
        }
        if let wanted = requirement.type, let given = found.type, differ(wanted, given) {
          problems.append(
            .init(
              kind: .dependencyTypeMismatch,
              message:
                "\(shown) is provided by \(found.owner) as \(given), not \(wanted)",
              path: location.0, line: location.1, column: location.2, rib: child.node.id))
        }
      }
    }

    if let listenerName = child.node.listener,
      let listener = index.lookup(listenerName, from: child.node.module, path: child.node.path),
      listener.kind == .protocolType,
      let interactorKey = parent.interactorKey, let interactor = index.entries[interactorKey],
      !lineage.names(of: interactor).contains(listener.name),
      !hasAdapter(conformingTo: listener.name, in: parent),
      // An empty listener asks nothing of its parent: not conforming misses no call.
      asksAnything(listener)
    {
      problems.append(
        .init(
          kind: .listenerNotImplemented,
          message:
            "\(path.joined(separator: " → ")): \(interactor.name) does not conform to "
            + "\(listener.name), the listener \(child.node.name) reports to; add the conformance "
            + "(e.g. to \(parent.node.name)Interactable)",
          path: location.0, line: location.1, column: location.2, rib: child.node.id))
    }
    return problems
  }

  /// Whether the parent's builder, router or component creates a class conforming to
  /// `listener`: an adapter that listens on the interactor's behalf.
  private func hasAdapter(conformingTo listener: String, in parent: GraphBuilder.RIB) -> Bool {
    let owners = [parent.builderKey, parent.routerKey, parent.componentKey].compactMap { $0 }
      .compactMap { index.entries[$0] }
    return owners.contains { owner in
      owner.parts.flatMap(\.declaration.creations).contains { creation in
        index.lookup(creation.type, from: owner.module, path: owner.path).map {
          lineage.names(of: $0).contains(listener)
        } ?? false
      }
    }
  }

  /// The ids from a root down to `id`.
  private func ribPath(to id: String) -> [String] {
    var ids: [String] = []
    var current: String? = id
    var seen: Set<String> = []
    while let node = current, seen.insert(node).inserted {
      ids.append(node)
      current = parentOf[node]
    }
    return ids.reversed()
  }

  /// The type the child builder is given: what `use.scope` names in its owner, else the
  /// parent's component, else the parent's dependency.
  private func scope(of use: GraphBuilder.Use, parent: GraphBuilder.RIB) -> TypeIndex.Entry? {
    let owner = use.owner
    let module = owner.module
    let parentComponent = parent.componentKey.flatMap { index.entries[$0] }
    let parentDependency = parent.node.dependency.flatMap {
      index.lookup($0, from: module, path: owner.path)
    }
    switch use.scope.map(TypeText.normalized) {
    case "self"?:
      return owner
    case "dependency"?, "self.dependency"?:
      if owner.key == parent.componentKey {
        return componentDependency(owner) ?? parentDependency
      }
      return parentDependency
    case let name?:
      let bare = name.hasPrefix("self.") ? String(name.dropFirst(5)) : name
      if let type = owner.binding(bare, in: use.function),
        let entry = index.lookup(type, from: module, path: owner.path)
      {
        return entry
      }
      if let created = GraphBuilder.createdTypeName(bare),
        let entry = index.lookup(created, from: module, path: owner.path)
      {
        return entry
      }
      return parentComponent ?? parentDependency
    case nil:
      return parentComponent ?? parentDependency
    }
  }

  /// `Component<any XDependency>` → `XDependency`.
  private func componentDependency(_ component: TypeIndex.Entry) -> TypeIndex.Entry? {
    index.frameworkBase(of: component, among: RoleBases.components)?.arguments.first
      .flatMap { index.lookup($0, from: component.module, path: component.path) }
  }

  /// A dependency protocol's requirements, its inherited protocols' included.
  func requirements(of dependency: TypeIndex.Entry) -> [Requirement] {
    var result: [Requirement] = []
    var seen: Set<String> = []
    var names: Set<String> = []
    var stack = [dependency]
    while let entry = stack.popLast() {
      guard seen.insert(entry.key).inserted, entry.kind == .protocolType else { continue }
      for member in entry.parts[0].declaration.members where names.insert(member.name).inserted {
        result.append(Requirement(name: member.name, type: member.type, protocolName: entry.name))
      }
      for reference in entry.inherits.reversed() {
        if let next = index.lookup(reference.name, from: entry.module, path: entry.path) {
          stack.append(next)
        }
      }
    }
    return result
  }

  /// Whether `protocolEntry`, or a protocol it inherits, declares any member.
  func asksAnything(_ protocolEntry: TypeIndex.Entry) -> Bool {
    var seen: Set<String> = []
    var stack = [protocolEntry]
    while let entry = stack.popLast() {
      guard seen.insert(entry.key).inserted, entry.kind == .protocolType else { continue }
      if entry.parts.contains(where: {
        !$0.declaration.members.isEmpty || !$0.declaration.functions.isEmpty
      }) {
        return true
      }
      for reference in entry.inherits {
        if let next = index.lookup(reference.name, from: entry.module, path: entry.path) {
          stack.append(next)
        } else if !["AnyObject", "class", "Sendable"].contains(reference.name) {
          return true  // a protocol from outside (a package): it may ask anything
        }
      }
    }
    return false
  }

  /// A provided member: its type when known, and who provides it.
  struct Provided {
    var type: String?
    var owner: String
  }

  /// What `scope` provides for a child whose dependency is `dependency`, by name; `nil` when the
  /// scope is a protocol inheriting `dependency` (whoever implements it provides everything —
  /// checked where it is implemented).
  ///
  /// A class provides what it implements: its members and its extensions', its superclasses',
  /// and default implementations in extensions of the protocols it conforms to (conforming to
  /// the child's dependency proves nothing by itself: the compiler wants each member). A
  /// component that does not conform to it (Needle's `ChildComponent(parent: self)`) also
  /// provides what its own dependency promises and, as Needle walks up the tree, what the
  /// components above it implement (`upper`, nearest first).
  func providedMembers(
    by scope: TypeIndex.Entry, for dependency: TypeIndex.Entry, upper: [TypeIndex.Entry] = []
  ) -> [String: Provided]? {
    let scopeAncestors = lineage.keys(of: scope)
    if scope.kind == .protocolType, scopeAncestors.contains(dependency.key) { return nil }
    var result: [String: Provided] = [:]
    func take(_ members: [TypeDeclaration.Member], from owner: String) {
      for member in members where result[member.name] == nil {
        result[member.name] = Provided(type: member.type, owner: owner)
      }
    }
    func takeImplementations(of entry: TypeIndex.Entry) {
      for implementer in implementers(of: entry) {
        let isProtocol = implementer.kind == .protocolType
        for part in implementer.parts where !(isProtocol && part.declaration.kind == .protocolType)
        {
          take(part.declaration.members, from: implementer.name)
        }
      }
    }
    takeImplementations(of: scope)
    // Promises: a protocol scope's requirements; a non-conforming component's dependency, and
    // the components above it.
    var promised: [TypeIndex.Entry] = []
    if scope.kind == .protocolType {
      promised.append(scope)
    } else if !scopeAncestors.contains(dependency.key) {
      if let own = componentDependency(scope) { promised.append(own) }
      for component in upper where component.key != scope.key {
        takeImplementations(of: component)
        if let above = componentDependency(component) { promised.append(above) }
      }
    }
    for entry in promised {
      for requirement in requirements(of: entry) where result[requirement.name] == nil {
        result[requirement.name] = Provided(type: requirement.type, owner: requirement.protocolName)
      }
    }
    return result
  }

  /// `entry`, then its superclasses nearest first, then the protocols it reaches by name: where
  /// its members are implemented, in a fixed order.
  private func implementers(of entry: TypeIndex.Entry) -> [TypeIndex.Entry] {
    var chain = [entry]
    var seen: Set<String> = [entry.key]
    var current = entry
    while let superclass = current.parts.first?.declaration.inherits.first,
      let next = index.lookup(superclass.name, from: current.module, path: current.path),
      next.kind == .classType, seen.insert(next.key).inserted
    {
      chain.append(next)
      current = next
    }
    let protocols = lineage.names(of: entry).sorted().compactMap {
      index.lookup($0, from: entry.module, path: entry.path)
    }.filter { $0.kind == .protocolType && seen.insert($0.key).inserted }
    return chain + protocols
  }

  /// Whether two type texts name different types. `BehaviorRelay` (created as
  /// `BehaviorRelay(value: false)`, its arguments inferred) matches `BehaviorRelay<Bool>`.
  private func differ(_ wanted: String, _ given: String) -> Bool {
    let wanted = TypeText.normalized(resolvingAliases(in: wanted))
    let given = TypeText.normalized(resolvingAliases(in: given))
    if wanted == given { return false }
    if !wanted.contains("<") || !given.contains("<") {
      return TypeText.baseName(wanted) != TypeText.baseName(given)
        || wanted.hasSuffix("?") != given.hasSuffix("?")
    }
    return true
  }

  /// Every identifier of a type's text through the type aliases (`[Score]?` → `[Int]?`), and
  /// `Optional<X>` as `X?` at any depth.
  private func resolvingAliases(in text: String) -> String {
    var result = ""
    var word = ""
    func flush() {
      if !word.isEmpty { result += index.resolvingAlias(word) }
      word = ""
    }
    for character in text {
      if character.isLetter || character.isNumber || character == "_" || character == "." {
        word.append(character)
      } else {
        flush()
        result.append(character)
      }
    }
    flush()
    while let range = result.range(of: "Optional<") {
      var depth = 0
      var end = range.upperBound
      while end < result.endIndex {
        let character = result[end]
        if character == "<" { depth += 1 }
        if character == ">" {
          if depth == 0 { break }
          depth -= 1
        }
        end = result.index(after: end)
      }
      guard end < result.endIndex else { break }
      let inner = result[range.upperBound..<end]
      result.replaceSubrange(range.lowerBound...end, with: inner + "?")
    }
    return result
  }
}
