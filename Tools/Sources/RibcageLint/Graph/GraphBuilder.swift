/// Turns the files' ``GraphFacts`` into a ``RIBGraph``: finds the RIBs by what their types
/// inherit (names only as a fallback), the edges by what each parent's builder, router and
/// component create, store or conform to, then runs the dependency and tree checks.
struct GraphBuilder {
  /// What was learnt of one builder class.
  struct BuilderInfo {
    let entry: TypeIndex.Entry
    var dependency: String?
    var routers: [String] = []  // router keys
    var components: [String] = []  // component keys
    var listener: String?
    /// An adapter: it builds through another builder it creates (uber's tutorial 4 games).
    var delegates = false
    /// The framework router it creates when the RIB has no router class of its own
    /// (`ViewableRouter(interactor:viewController:)`).
    var frameworkRouter: String?
  }

  /// A RIB under construction.
  struct RIB {
    var node: RIBGraph.Node
    let routerKey: String
    var builderKey: String?
    var interactorKey: String?
    var componentKey: String?
    var dependencyKey: String?
  }

  /// A parent's use of a child builder (or component).
  struct Use {
    var evidence: String
    var path: String
    var place: SourcePoint
    var scope: String?
    /// The type the use is in (to read `scope` there).
    var owner: TypeIndex.Entry
    var flag: String?
    var isCreation: Bool
    var isGatedBuild: Bool
    var isUngatedBuild: Bool
    /// The method the use is in (to read `scope` among its parameters and locals).
    var function: String? = nil
    /// The parent's component providing for the child (conforming to its dependency, or making
    /// its builder as a property for DI): it provides, but another RIB may be the one that
    /// attaches the child.
    var isProvision = false
  }

  /// What every parent's edge search shares, computed once per run.
  struct EdgeContext {
    let builders: [String: BuilderInfo]
    let componentKeys: Set<String>
    /// Component key → the RIB (router key) it is the component of, when it is one RIB's only.
    let componentOwners: [String: String]
    /// Dependency protocol key → the builders taking it.
    let buildersByDependency: [String: [BuilderInfo]]
    /// Router key → helper objects its builder creates or its router stores (a "router
    /// component" holding the child builders), when no other RIB uses them.
    var helpers: [String: [TypeIndex.Entry]] = [:]
  }

  let index: TypeIndex
  /// `--root`: a RIB, router, builder or interactor name.
  var rootName: String?
  /// What each type inherits, computed once.
  private let lineage: Lineage

  init(files: [GraphFacts], rootName: String? = nil) {
    self.index = TypeIndex(files)
    self.rootName = rootName
    self.lineage = Lineage(index: index)
  }

  // MARK: Building

  func build() -> RIBGraph {
    var graph = RIBGraph()
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
    let routerKeys = Set(routers.map(\.key))
    let componentKeys = Set(components.map(\.key))
    graph.interactorCount = interactors.count

    // Builders: framework builder subclasses, and classes conforming to a `Buildable` protocol.
    let builderEntries = classes.filter { entry in
      !entry.isGeneric
        && (index.frameworkBase(of: entry, among: RoleBases.builders) != nil
          || lineage.names(of: entry).contains(RoleBases.buildable))
    }
    var builders: [String: BuilderInfo] = [:]
    for entry in builderEntries {
      builders[entry.key] = describeBuilder(
        entry, routerKeys: routerKeys, componentKeys: componentKeys)
    }

    // Adapters: a "builder" that creates no router but another builder builds what that builds.
    for key in builders.keys.sorted() where builders[key]!.routers.isEmpty {
      let entry = builders[key]!.entry
      let inner = entry.parts.flatMap(\.declaration.creations).compactMap {
        index.lookup($0.type, from: entry.module, path: entry.path)
      }.compactMap { builders[$0.key] }.filter { !$0.routers.isEmpty }
      if !inner.isEmpty {
        builders[key]!.routers = inner.flatMap(\.routers)
        builders[key]!.delegates = true
      }
    }

    // A component several builders are given (`Builder<AppComponent>` for many RIBs) is no
    // single RIB's: its creations are not one RIB's children.
    var componentUsers: [String: Int] = [:]
    for builder in builders.values {
      if let component = builder.components.first { componentUsers[component, default: 0] += 1 }
    }
    for key in builders.keys {
      if let component = builders[key]!.components.first, componentUsers[component]! > 1 {
        builders[key]!.components = []
      }
    }

    // RIBs: one per router class.
    var ribs: [String: RIB] = [:]
    var buildersOfRouter: [String: [BuilderInfo]] = [:]
    for builder in builders.values {
      for router in builder.routers { buildersOfRouter[router, default: []].append(builder) }
    }
    let interactorKeys = Set(interactors.map(\.key))
    for router in routers {
      let name = Self.ribName(router.name)
      let id = name  // made unique below, once every RIB is known
      let builder = (buildersOfRouter[router.key] ?? [])
        .min { ($0.delegates ? 1 : 0, $0.entry.key) < ($1.delegates ? 1 : 0, $1.entry.key) }
      let base = index.frameworkBase(of: router, among: RoleBases.routers)
      let interactor = resolveInteractor(
        router: router, base: base, builder: builder, interactors: interactors,
        interactorKeys: interactorKeys)
      var view: String?
      if let base, !RoleBases.viewlessRouters.contains(base.name) {
        view =
          base.arguments.count > 1
          ? resolveView(base.arguments[1], from: router) : "view"
      }
      var listener = builder?.listener
      if listener == nil, let interactor,
        let type = interactor.parts.lazy.flatMap(\.declaration.members).first(where: {
          $0.name == "listener"
        })?.type
      {
        listener = TypeText.baseName(type)
      }
      let component = builder?.routers.count == 1 ? builder?.components.first : nil
      var node = RIBGraph.Node(
        id: id, name: name, module: router.module, router: router.name,
        builder: builder?.entry.name, interactor: interactor?.name,
        component: component.flatMap { index.entries[$0]?.name },
        dependency: builder?.dependency, listener: listener, view: view, path: router.path,
        line: router.place.line)
      node.presenter = interactor.flatMap { presenter(of: $0) }
      ribs[router.key] = RIB(
        node: node, routerKey: router.key, builderKey: builder?.entry.key,
        interactorKey: interactor?.key, componentKey: component)
    }

    // RIBs without a router class: their builder creates the framework's router.
    for key in builders.keys.sorted() {
      guard let builder = builders[key], builder.routers.isEmpty,
        let frameworkRouter = builder.frameworkRouter
      else { continue }
      let routerKey = key + "#" + frameworkRouter
      builders[key]!.routers = [routerKey]
      let entry = builder.entry
      let name = entry.name.hasSuffix("Builder") ? String(entry.name.dropLast(7)) : entry.name
      let created = entry.parts.flatMap(\.declaration.creations).compactMap {
        index.lookup($0.type, from: entry.module, path: entry.path)
      }
      let interactor = created.first { interactorKeys.contains($0.key) }
      let view =
        RoleBases.viewlessRouters.contains(frameworkRouter)
        ? nil
        : created.first {
          $0.kind == .classType
            && ($0.name.hasSuffix("ViewController") || $0.name.hasSuffix("View"))
        }?.name ?? "view"
      var node = RIBGraph.Node(
        id: name, name: name, module: entry.module, router: frameworkRouter, builder: entry.name,
        interactor: interactor?.name,
        component: builder.components.first.flatMap { index.entries[$0]?.name },
        dependency: builder.dependency, listener: builder.listener, view: view, path: entry.path,
        line: entry.place.line)
      node.presenter = interactor.flatMap { presenter(of: $0) }
      ribs[routerKey] = RIB(
        node: node, routerKey: routerKey, builderKey: key, interactorKey: interactor?.key,
        componentKey: builder.components.first)
    }

    assignIDs(&ribs)

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
      builders: builders, componentKeys: componentKeys, componentOwners: componentOwners,
      buildersByDependency: buildersByDependency)
    context.helpers = helpers(
      of: ribs, builders: builders,
      partKeys: Set(builders.keys).union(routerKeys).union(componentKeys).union(interactorKeys))
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
    var edges: [RIBGraph.Edge] = []
    var edgeUses: [(parent: String, child: String, use: Use)] = []
    for (parent, children) in uses {
      for (child, found) in children {
        guard let first = found.sorted(by: Self.evidenceOrder).first,
          let parentRIB = ribs[parent], let childRIB = ribs[child]
        else { continue }
        let gated = found.first { $0.isGatedBuild }
        let isPlugin = gated != nil && !found.contains { $0.isUngatedBuild }
        let flag = isPlugin ? gated?.flag.map(flagKey) : nil
        edges.append(
          RIBGraph.Edge(
            parent: parentRIB.node.id, child: childRIB.node.id, flag: flag,
            evidence: first.evidence, path: first.path, line: first.place.line,
            column: first.place.column))
        let scoped = found.filter(\.isCreation).sorted(by: Self.evidenceOrder).first ?? first
        edgeUses.append((parent, child, scoped))
        // The same child builder created at several places in one parent.
        let creations = Set(
          found.filter { $0.isCreation && !$0.evidence.hasPrefix("creates component") }.map {
            "\($0.path):\($0.place.line):\($0.place.column)"
          })
        if creations.count > 1 {
          graph.problems.append(
            RIBGraph.Problem(
              kind: .builtTwice,
              message:
                "\(childRIB.node.builder ?? childRIB.node.router) is created \(creations.count) "
                + "times in \(parentRIB.node.name) (\(creations.sorted().joined(separator: ", "))); "
                + "one builder per child is enough — keep it and build from it as often as needed",
              path: first.path, line: first.place.line, column: first.place.column,
              rib: parentRIB.node.id))
        }
      }
    }
    graph.nodes = ribs.values.map(\.node).sorted { $0.id < $1.id }
    graph.edges = edges.sorted { ($0.parent, $0.child) < ($1.parent, $1.child) }

    // Where every builder is created: what launches a root, and the scope a stored-only
    // child builder is given.
    let sites = creationSites(of: builders)

    // Roots, orphans, cycles.
    placeRoots(&graph, ribs: ribs, builders: builders, sites: sites)
    findCycles(&graph)

    // Dependencies and listeners, along each edge. The scope a child builder is given is read
    // where the parent creates it; a builder the parent only stores (made by a flat app
    // component, say) is checked against the scope of wherever it is created, if that is one
    // place.
    // Needle resolves up to the bootstrap component that builds the root.
    var aboveRoots: [String: [TypeIndex.Entry]] = [:]
    for root in graph.roots {
      guard let rib = ribs.values.first(where: { $0.node.id == root }), let builder = rib.builderKey
      else { continue }
      aboveRoots[root] = (sites[builder] ?? []).map(\.owner).filter {
        componentKeys.contains($0.key)
      }
    }
    let checker = DependencyChecker(
      index: index, lineage: lineage, graph: graph,
      ribs: ribs.values.sorted { $0.routerKey < $1.routerKey },
      aboveRoots: aboveRoots)
    for (parent, child, use) in edgeUses.sorted(by: {
      ($0.parent, $0.child) < ($1.parent, $1.child)
    }) {
      guard let parentRIB = ribs[parent], let childRIB = ribs[child] else { continue }
      var scoped: Use? = use.isCreation ? use : nil
      if scoped == nil, let builder = childRIB.builderKey, let found = sites[builder],
        found.count == 1
      {
        scoped = found[0]
      }
      graph.problems += checker.check(
        parent: parentRIB, child: childRIB, use: scoped ?? use, checksDependencies: scoped != nil)
    }

    graph.workflows = readWorkflows(ribs: ribs)

    // What could not be placed.
    let usedInteractors = Set(ribs.values.compactMap(\.interactorKey))
    for interactor in interactors where !usedInteractors.contains(interactor.key) {
      graph.unplaced.append(
        .init(
          type: interactor.name, path: interactor.path, line: interactor.place.line,
          reason: "an interactor no router in the given folders uses"))
    }
    for builder in builders.values.sorted(by: { $0.entry.key < $1.entry.key })
    where builder.routers.isEmpty {
      graph.unplaced.append(
        .init(
          type: builder.entry.name, path: builder.entry.path, line: builder.entry.place.line,
          reason: "a builder whose router could not be read (no router class it creates or returns)"
        ))
    }
    for rib in ribs.values where rib.interactorKey == nil {
      graph.unplaced.append(
        .init(
          type: rib.node.router, path: rib.node.path, line: rib.node.line,
          reason: "a router whose interactor could not be resolved (placed without one)"))
    }
    graph.unplaced.sort { ($0.path, $0.line, $0.type) < ($1.path, $1.line, $1.type) }
    graph.problems.sort {
      ($0.path, $0.line, $0.column, $0.kind.rawValue, $0.message)
        < ($1.path, $1.line, $1.column, $1.kind.rawValue, $1.message)
    }
    return graph
  }

  /// The workflows' steps, each placed on the RIB whose interactor implements the actionable
  /// protocol declaring the step's method.
  private func readWorkflows(
    ribs: [String: RIB]
  ) -> [RIBGraph.Workflow] {
    guard !index.workflows.isEmpty else { return [] }
    // Method → the (protocol, RIB) pairs that implement it.
    var implementers: [String: [(actionable: String, rib: String)]] = [:]
    for rib in ribs.values.sorted(by: { $0.node.id < $1.node.id }) {
      guard let key = rib.interactorKey, let interactor = index.entries[key] else { continue }
      for name in lineage.names(of: interactor).sorted() {
        guard let type = index.lookup(name, from: interactor.module, path: interactor.path),
          type.kind == .protocolType
        else { continue }
        for member in type.parts[0].declaration.members where member.isFunction {
          implementers[String(member.name.dropLast(2)), default: []].append(
            (type.name, rib.node.id))
        }
      }
    }
    return index.workflows.map { chain, module, path in
      var root = chain.root
      if root == nil, let owner = chain.owner,
        let entry = index.lookup(owner, from: module, path: path)
      {
        root = entry.inherits.first { $0.name == "Workflow" }?.arguments.first
      }
      var previous = root
      let steps = chain.steps.map { method -> RIBGraph.Workflow.Step in
        guard let method else { return .init() }
        let candidates = implementers[method] ?? []
        let chosen = candidates.first { $0.actionable == previous } ?? candidates.first
        previous = nil
        return .init(method: method, actionable: chosen?.actionable, rib: chosen?.rib)
      }
      return RIBGraph.Workflow(
        name: chain.name, root: root, steps: steps, path: path, line: chain.place.line)
    }.sorted { ($0.path, $0.line) < ($1.path, $1.line) }
  }

  /// Where each builder is created, anywhere in the run (builder key → the creations).
  private func creationSites(of builders: [String: BuilderInfo]) -> [String: [Use]] {
    let names = Set(builders.values.map(\.entry.name))
    var sites: [String: [Use]] = [:]
    for entry in index.entries.values.sorted(by: { $0.key < $1.key }) where !entry.isTestDouble {
      for part in entry.parts {
        for creation in part.declaration.creations where names.contains(creation.type) {
          guard let type = index.lookup(creation.type, from: entry.module, path: part.path),
            builders[type.key] != nil
          else { continue }
          sites[type.key, default: []].append(
            Use(
              evidence: "creates \(creation.type)", path: part.path, place: creation.place,
              scope: creation.scope, owner: entry, flag: creation.flag, isCreation: true,
              isGatedBuild: false, isUngatedBuild: false))
        }
      }
    }
    return sites
  }

  /// `LoggedInRouter` → `LoggedIn`.
  static func ribName(_ router: String) -> String {
    router.hasSuffix("Router") && router.count > 6 ? String(router.dropLast(6)) : router
  }

  /// `LoggedInComponent(dependency: dependency)` → `LoggedInComponent`.
  static func createdTypeName(_ expression: String) -> String? {
    guard let open = expression.firstIndex(of: "("), expression.hasSuffix(")") else { return nil }
    let name = expression[..<open]
    guard let first = name.first, first.isUppercase,
      name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
    else { return nil }
    return TypeText.baseName(String(name))
  }

  static func evidenceOrder(_ first: Use, _ second: Use) -> Bool {
    (first.isCreation ? 0 : 1, first.path, first.place.line, first.place.column)
      < (second.isCreation ? 0 : 1, second.path, second.place.line, second.place.column)
  }

  /// `RidesFlags.coupons` → `coupons` when the flag's key can be read.
  func flagKey(_ expression: String) -> String {
    if let key = index.featureFlags[expression] { return key }
    if let last = expression.split(separator: ".").last, let key = index.featureFlags[String(last)]
    {
      return key
    }
    return expression
  }

  // MARK: Builders

  private func describeBuilder(
    _ entry: TypeIndex.Entry, routerKeys: Set<String>, componentKeys: Set<String>
  ) -> BuilderInfo {
    var info = BuilderInfo(entry: entry)
    let base = index.frameworkBase(of: entry, among: RoleBases.builders)
    if let base, let first = base.arguments.first {
      if base.name == RoleBases.dependencyBuilder {
        info.dependency = first
      } else if let component = index.lookup(first, from: entry.module, path: entry.path),
        componentKeys.contains(component.key)
      {
        info.components.append(component.key)
        info.dependency =
          index.frameworkBase(of: component, among: RoleBases.components)?
          .arguments.first
      }
    }
    var found: [String] = []
    for part in entry.parts {
      for creation in part.declaration.creations {
        guard let created = index.lookup(creation.type, from: entry.module, path: part.path)
        else { continue }
        if routerKeys.contains(created.key) {
          found.append(created.key)
        } else if componentKeys.contains(created.key), !info.components.contains(created.key) {
          info.components.append(created.key)
        }
      }
    }
    if found.isEmpty {
      // `func build(…) -> LoggedOutRouting`: the router conforming to what it returns.
      for function in entry.parts.flatMap(\.declaration.functions) {
        guard let returned = function.returnType,
          let type = index.lookup(returned, from: entry.module, path: entry.path)
        else { continue }
        if routerKeys.contains(type.key) {
          found.append(type.key)
        } else if type.kind == .protocolType {
          let conforming = lineage.classes(conformingTo: type).filter {
            routerKeys.contains($0.key)
          }
          found += conforming.count == 1 ? conforming.map(\.key) : []
        }
      }
    }
    if found.isEmpty, entry.name.hasSuffix("Builder"),
      let router = index.lookup(
        String(entry.name.dropLast(7)) + "Router", from: entry.module, path: entry.path),
      routerKeys.contains(router.key)
    {
      found.append(router.key)  // names: the fallback
    }
    var seen: Set<String> = []
    info.routers = found.filter { seen.insert($0).inserted }
    if info.routers.isEmpty {
      info.frameworkRouter =
        entry.parts.flatMap(\.declaration.creations).first {
          RoleBases.routers.contains($0.type)
            && index.lookup($0.type, from: entry.module, path: entry.path) == nil
        }?.type
    }
    // `Builder<AppComponent>`: the component it is given is its scope.
    if info.components.isEmpty, let dependency = info.dependency,
      let component = index.lookup(dependency, from: entry.module, path: entry.path),
      componentKeys.contains(component.key)
    {
      info.components.append(component.key)
    }
    for function in entry.parts.flatMap(\.declaration.functions) {
      if let parameter = function.parameters.first(where: {
        $0.label == "withListener" || $0.label == "listener"
      }) {
        info.listener = entry.resolvingNestedAlias(parameter.type)
        break
      }
    }
    return info
  }

  private func resolveInteractor(
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
  private func presenter(of interactor: TypeIndex.Entry) -> String? {
    guard let base = index.frameworkBase(of: interactor, among: [RoleBases.presentableInteractor]),
      let name = base.arguments.first
    else { return nil }
    return implementingClass(of: name, from: interactor)
  }

  /// `ViewableRouter<…, LoggedOutViewControllable>`'s view: the class conforming to it.
  private func resolveView(_ name: String, from router: TypeIndex.Entry) -> String {
    implementingClass(of: name, from: router)
  }

  /// The class `name` stands for where `entry` names it: a protocol resolved to the class
  /// conforming to it (of several, the one `entry`'s file sees, else the nearest); the name
  /// itself otherwise.
  private func implementingClass(of name: String, from entry: TypeIndex.Entry) -> String {
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

  // MARK: Edges

  /// The children `rib` uses, keyed by their router key.
  private func childUses(
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
      // adapters also conform to, does not); of several, those the file can see.
      if type.kind == .protocolType, type.name != RoleBases.buildable,
        lineage.names(of: type).contains(RoleBases.buildable)
      {
        let conforming = lineage.classes(conformingTo: type).compactMap { builders[$0.key] }
        let visible = conforming.filter {
          index.sees($0.entry.module, from: module, path: path)
        }
        return conforming.count > 1 && !visible.isEmpty ? visible : conforming
      }
      return []
    }
    func add(_ builder: BuilderInfo, _ use: Use) {
      guard builder.entry.key != ownBuilder else { return }
      for router in builder.routers where router != rib.routerKey {
        result[router, default: []].append(use)
      }
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
            function: creation.function, isProvision: owner.key == rib.componentKey)
          for builder in buildersNamed(creation.type, from: owner.module, path: part.path) {
            add(builder, use)
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
          guard let type = owner.binding(call.receiver, in: call.function) else { continue }
          for builder in buildersNamed(type, from: owner.module, path: part.path) {
            add(
              builder,
              Use(
                evidence: "builds with \(call.receiver): \(type)", path: part.path,
                place: call.place, scope: nil, owner: owner, flag: call.flag, isCreation: false,
                isGatedBuild: call.flag != nil, isUngatedBuild: call.flag == nil,
                function: call.function))
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

  /// Per RIB, the helper objects its builder creates or its router stores (a "router
  /// component" made in the builder and handed to the router, holding the child builders):
  /// plain types of the app that are no RIB part, used by that one RIB only.
  private func helpers(
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
  private func makesBuilders(_ entry: TypeIndex.Entry, _ builders: [String: BuilderInfo]) -> Bool {
    entry.parts.contains { part in
      part.declaration.creations.contains { creation in
        index.lookup(creation.type, from: entry.module, path: part.path).map {
          builders[$0.key] != nil
        } ?? false
      } || part.declaration.mentions.keys.contains { $0.hasSuffix("Buildable") }
    }
  }

  /// Unique ids: the name; `Module.Name` when modules share it; with ` (path:line)` when one
  /// module declares it twice; numbered if even that repeats (a file passed twice).
  private func assignIDs(_ ribs: inout [String: RIB]) {
    let keys = ribs.keys.sorted()
    let byName = Dictionary(grouping: keys) { ribs[$0]!.node.name }
    let byModule = Dictionary(grouping: keys) { ribs[$0]!.node.module + "." + ribs[$0]!.node.name }
    var taken: [String: Int] = [:]
    for key in keys {
      let node = ribs[key]!.node
      var id = node.name
      if (byName[node.name]?.count ?? 0) > 1 { id = node.module + "." + node.name }
      if (byModule[node.module + "." + node.name]?.count ?? 0) > 1 {
        id += " (\(node.path):\(node.line))"
      }
      let seen = taken[id, default: 0]
      taken[id] = seen + 1
      if seen > 0 { id += " #\(seen + 1)" }
      ribs[key]!.node.id = id
    }
  }

  // MARK: Tree checks

  private func placeRoots(
    _ graph: inout RIBGraph, ribs: [String: RIB], builders: [String: BuilderInfo],
    sites: [String: [Use]]
  ) {
    let children = Set(graph.edges.map(\.child))
    let parentless = graph.nodes.filter { !children.contains($0.id) }
    if let rootName {
      guard
        let root = graph.nodes.first(where: {
          [$0.id, $0.name, $0.router, $0.builder, $0.interactor].contains(rootName)
        })
      else {
        graph.problems.append(
          .init(
            kind: .unknownRoot,
            message:
              "--root \(rootName) names no RIB; RIBs: "
              + graph.nodes.map(\.name).joined(separator: ", "),
            path: "", line: 0, column: 0, rib: nil))
        return
      }
      graph.roots = [root.id]
      let reachable = reachableIDs(from: [root.id], in: graph)
      for node in parentless where !reachable.contains(node.id) {
        graph.problems.append(orphan(node))
      }
      return
    }
    // A root is built by code outside the RIBs (an app delegate, `main.swift`) or is a launch
    // router; failing that, the parentless RIBs that have children.
    let ribTypes = Set(
      ribs.values.flatMap {
        [$0.routerKey, $0.builderKey, $0.componentKey, $0.interactorKey].compactMap { $0 }
      })
    var builtAtTopLevel: Set<String> = []
    for (declaration, module, path) in index.topLevel {
      for creation in declaration.creations {
        if let type = index.lookup(creation.type, from: module, path: path),
          builders[type.key] != nil
        {
          builtAtTopLevel.insert(type.key)
        }
      }
    }
    let parentlessIDs = Set(parentless.map(\.id))
    var launchedIDs: Set<String> = []
    for rib in ribs.values where parentlessIDs.contains(rib.node.id) {
      let builtOutside = rib.builderKey.map { key in
        builtAtTopLevel.contains(key)
          || (sites[key] ?? []).contains { !ribTypes.contains($0.owner.key) }
      }
      let launchRouter =
        index.entries[rib.routerKey].flatMap {
          index.frameworkBase(of: $0, among: RoleBases.routers)?.name
        } == RoleBases.launchRouter
      if builtOutside == true || launchRouter { launchedIDs.insert(rib.node.id) }
    }
    let launched = parentless.filter { launchedIDs.contains($0.id) }
    let parents = Set(graph.edges.map(\.parent))
    let withChildren = parentless.filter { parents.contains($0.id) }
    let roots = !launched.isEmpty ? launched : (!withChildren.isEmpty ? withChildren : parentless)
    graph.roots = roots.map(\.id).sorted()
    for node in parentless where !graph.roots.contains(node.id) {
      graph.problems.append(orphan(node))
    }
    if graph.roots.count > 1 {
      let first = roots.sorted { $0.id < $1.id }[0]
      graph.problems.append(
        .init(
          kind: .multipleRoots,
          message:
            "\(graph.roots.count) roots (\(graph.roots.joined(separator: ", "))): pass --root to "
            + "choose the app's root, and the others show as orphans",
          path: first.path, line: first.line, column: 1, rib: nil))
    }
  }

  private func orphan(_ node: RIBGraph.Node) -> RIBGraph.Problem {
    .init(
      kind: .orphan,
      message:
        "\(node.name) is built by no RIB in the given folders: dead code, or its parent is in a "
        + "folder not passed",
      path: node.path, line: node.line, column: 1, rib: node.id)
  }

  private func reachableIDs(from roots: [String], in graph: RIBGraph) -> Set<String> {
    let children = Dictionary(grouping: graph.edges, by: \.parent)
    var seen = Set(roots)
    var stack = roots
    while let id = stack.popLast() {
      for edge in children[id] ?? [] where seen.insert(edge.child).inserted {
        stack.append(edge.child)
      }
    }
    return seen
  }

  /// Each cycle once, as the path that closes it.
  private func findCycles(_ graph: inout RIBGraph) {
    var children: [String: [RIBGraph.Edge]] = [:]
    for edge in graph.edges { children[edge.parent, default: []].append(edge) }
    var state: [String: Int] = [:]  // 1 on the path, 2 done
    var reported: Set<Set<String>> = []
    for start in graph.nodes.map(\.id) where state[start] == nil {
      var path: [String] = []
      var stack: [(id: String, next: Int)] = [(start, 0)]
      state[start] = 1
      path.append(start)
      while !stack.isEmpty {
        let (id, next) = stack[stack.count - 1]
        let edges = children[id] ?? []
        guard next < edges.count else {
          state[id] = 2
          stack.removeLast()
          path.removeLast()
          continue
        }
        stack[stack.count - 1].next += 1
        let edge = edges[next]
        switch state[edge.child] {
        case nil:
          state[edge.child] = 1
          stack.append((edge.child, 0))
          path.append(edge.child)
        case 1:
          let cycle = Array(path[path.lastIndex(of: edge.child)!...]) + [edge.child]
          if reported.insert(Set(cycle)).inserted {
            graph.problems.append(
              .init(
                kind: .cycle,
                message:
                  "cycle: \(cycle.joined(separator: " → ")); a RIB that builds its own ancestor "
                  + "recurses without end if the builders are created eagerly — break it with a "
                  + "listener or a shared parent",
                path: edge.path, line: edge.line, column: edge.column, rib: edge.child))
          }
        default: break
        }
      }
    }
  }
}
