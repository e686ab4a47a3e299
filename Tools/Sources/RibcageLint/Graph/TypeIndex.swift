/// Every type of a run, its declaration and extensions merged, looked up per module: what it
/// inherits (through the project's own base classes and protocols), what it declares, creates
/// and calls.
struct TypeIndex {
  /// A type with all its parts (the declaration and every extension, in any file of its module).
  struct Entry {
    /// `Module.Name`, or `Module.Name@path` for a second declaration of the name in the module.
    let key: String
    let module: String
    let name: String
    var kind: TypeDeclaration.Kind
    /// The declaration first (when there is one), then the extensions.
    var parts: [(declaration: TypeDeclaration, path: String)] = []
    var isDeclared = false

    var path: String { parts.first?.path ?? "" }
    var place: SourcePoint { parts.first?.declaration.place ?? SourcePoint(line: 1, column: 1) }
    var inherits: [TypeReference] { parts.flatMap(\.declaration.inherits) }
    var isGeneric: Bool { parts.contains { $0.declaration.isGeneric } }
    var isTestDouble: Bool { parts.first?.declaration.isTestDouble ?? false }

    /// `name` bound in any part (stored property, parameter or local) → its type's base name.
    /// `name` as bound in `function` (a parameter or local), else as a stored property.
    func binding(_ name: String, in function: String? = nil) -> String? {
      if let function {
        for part in parts {
          if let type = part.declaration.bindings[function + "|" + name] { return type }
        }
      }
      for part in parts { if let type = part.declaration.bindings[name] { return type } }
      // A parameter or local of some method, when the place is not known.
      for part in parts {
        if let found = part.declaration.bindings.first(where: { $0.key.hasSuffix("|" + name) }) {
          return found.value
        }
      }
      return nil
    }

    /// `name` through the type's own type aliases (`Listener` → `HomeListener`).
    func resolvingNestedAlias(_ name: String) -> String {
      for part in parts { if let target = part.declaration.aliases[name] { return target } }
      return name
    }
  }

  private(set) var entries: [String: Entry] = [:]
  /// Keys of names declared more than once in their module (a copied feature).
  private var duplicated: Set<String> = []
  /// Declared entries per kind, sorted by key (computed once).
  private var declaredByKind: [TypeDeclaration.Kind: [Entry]] = [:]
  /// Name → keys of the entries with that name (one per module declaring or extending it).
  private var byName: [String: [String]] = [:]
  /// Feature flag expressions (`RidesFlags.coupons`, `coupons`) → keys.
  private(set) var featureFlags: [String: String] = [:]
  private(set) var typeAliases: [String: String] = [:]
  /// Path → the modules its file imports (to tell apart types of the same name in two modules).
  private var imports: [String: Set<String>] = [:]
  /// Every workflow chain, with its file's module and path.
  private(set) var workflows: [(chain: WorkflowChain, module: String, path: String)] = []
  /// Top-level code of every file (`main.swift`), with its module.
  private(set) var topLevel: [(declaration: TypeDeclaration, module: String, path: String)] = []

  init(_ files: [GraphFacts]) {
    var extensions: [(declaration: TypeDeclaration, module: String, path: String)] = []
    for file in files {
      imports[file.path] = file.imports
      workflows += file.workflows.map { ($0, file.module, file.path) }
      featureFlags.merge(file.featureFlags) { first, _ in first }
      typeAliases.merge(file.typeAliases) { first, _ in first }
      if !file.topLevel.creations.isEmpty || !file.topLevel.buildCalls.isEmpty {
        topLevel.append((file.topLevel, file.module, file.path))
      }
      for declaration in file.declarations where !declaration.name.isEmpty {
        guard declaration.kind != .extensionType else {
          extensions.append((declaration, file.module, file.path))
          continue
        }
        var key = file.module + "." + declaration.name
        if let existing = entries[key] {
          // `#if os(iOS) … #else …` alternatives in one file: one type.
          if existing.path == file.path {
            entries[key]?.parts.append((declaration, file.path))
            continue
          }
          // The same name declared twice in one module (a copied feature): kept apart.
          duplicated.insert(key)
          key += "@" + file.path
          if let again = entries[key], again.path == file.path {
            entries[key]?.parts.append((declaration, file.path))
            continue
          }
        }
        var entry = Entry(
          key: key, module: file.module, name: declaration.name, kind: declaration.kind)
        entry.isDeclared = true
        entry.parts = [(declaration, file.path)]
        entries[key] = entry
        byName[declaration.name, default: []].append(key)
      }
    }
    // Extensions join the declaration they extend: in their module (the nearest one when the
    // module declares the name twice), else the only one declared elsewhere; else they stand
    // alone (a framework type's extension).
    for (declaration, module, path) in extensions {
      if let target = lookup(declaration.name, from: module, path: path, unambiguous: true) {
        entries[target.key]?.parts.append((declaration, path))
        continue
      }
      let key = module + "." + declaration.name
      if entries[key] == nil {
        entries[key] = Entry(key: key, module: module, name: declaration.name, kind: .extensionType)
        byName[declaration.name, default: []].append(key)
      }
      entries[key]?.parts.append((declaration, path))
    }
    declaredByKind = Dictionary(grouping: entries.values.filter(\.isDeclared), by: \.kind)
      .mapValues { $0.sorted { $0.key < $1.key } }
  }

  /// The type `name` as seen from `module` (and from the file at `path`, whose imports pick
  /// between modules declaring the name): its own, else the only one declared elsewhere, else
  /// the one in a module the file imports.
  func lookup(
    _ name: String, from module: String, path: String? = nil, unambiguous: Bool = false
  ) -> Entry? {
    if !Self.isPlainName(name), let qualified = lookupQualified(name, from: module) {
      return qualified
    }
    let name =
      Self.isPlainName(name) ? resolvingAlias(name) : TypeText.baseName(resolvingAlias(name))
    if let own = entries[module + "." + name], own.isDeclared {
      guard let path, duplicated.contains(own.key) else { return own }
      // A name declared twice in the module: the declaration nearest the reference.
      let same = (byName[name] ?? []).compactMap { entries[$0] }.filter {
        $0.module == module && $0.isDeclared
      }
      guard same.count > 1 else { return own }
      return same.max { Self.sharedPrefix($0.path, path) < Self.sharedPrefix($1.path, path) }!
    }
    let declared = (byName[name] ?? []).compactMap { entries[$0] }.filter(\.isDeclared)
    if declared.count == 1 { return declared[0] }
    if let path, let imported = imports[path] {
      let visible = declared.filter { Self.isImported($0.module, by: imported) }
      if visible.count == 1 { return visible[0] }
    }
    // Several candidates and nothing to choose by: the first, unless asked not to guess.
    return unambiguous ? nil : entries[module + "." + name] ?? declared.first
  }

  /// `Main.Builder` as the module `Main`'s own `Builder` (apps whose modules each name their
  /// types plainly `Builder`, `Router`): nil when no module of the run is so named (a nested
  /// type, a framework's name), or when the referring module declares a type of that name,
  /// which shadows the module as in Swift; the base name decides then.
  private func lookupQualified(_ name: String, from referring: String) -> Entry? {
    let qualified = TypeText.qualifiedBaseName(name)
    guard let dot = qualified.firstIndex(of: ".") else { return nil }
    let module = String(qualified[..<dot])
    if entries[referring + "." + module]?.isDeclared == true { return nil }
    let base = String(qualified[qualified.index(after: dot)...])
    let candidates = (byName[base] ?? []).compactMap { entries[$0] }.filter {
      $0.isDeclared && Self.isImported($0.module, by: [module])
    }
    return candidates.count == 1 ? candidates[0] : nil
  }

  /// Whether a file importing `imports` sees `module` (`StyleUserInterface/Implement` is the
  /// target `StyleUserInterfaceImpl`: a Tuist project's targets share its folder's name).
  static func isImported(_ module: String, by imports: Set<String>) -> Bool {
    if imports.contains(module) { return true }
    let names = module.split(separator: "/").map(String.init).filter {
      !["Sources", "Interface", "Implement", "Sample", "Tests", "DemoApp", "Example"].contains($0)
    }
    // `import StyleUserInterfaceImpl` is the project `StyleUserInterface`'s target; `import
    // CoreData` is not the module `Core`.
    let suffixes = ["", "Impl", "Implementation", "Interface", "Interfaces", "Feature", "Module"]
    if imports.contains(where: { imported in
      names.contains { name in suffixes.contains { name + $0 == imported } }
    }) {
      return true
    }
    // A project's target named from its folders either way round: `Onboarding/Feature` is
    // `FeatureOnboarding` or `OnboardingFeature`.
    let folders = module.split(separator: "/")
    guard folders.count > 1 else { return false }
    return imports.contains { imported in
      folders.contains { first in
        imported.hasPrefix(first)
          && folders.contains { $0 != first && imported.dropFirst(first.count) == $0 }
      }
    }
  }

  /// Of several candidates, the one declared nearest `path` (the longest shared folder prefix).
  func nearest(_ candidates: [Entry], to path: String) -> Entry? {
    candidates.max { Self.sharedPrefix($0.path, path) < Self.sharedPrefix($1.path, path) }
  }

  /// Whether the file at `path` (in `module`) sees types of `other`.
  func sees(_ other: String, from module: String, path: String) -> Bool {
    other == module || Self.isImported(other, by: imports[path] ?? [])
  }

  /// Whether `name` is a bare identifier (no generic arguments, optionality or module), the
  /// common case that needs no parsing.
  static func isPlainName(_ name: String) -> Bool {
    name.utf8.allSatisfy {
      $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "?")
        && $0 != UInt8(ascii: "!")
    }
  }

  /// How many leading characters two paths share.
  static func sharedPrefix(_ first: String, _ second: String) -> Int {
    zip(first.utf8, second.utf8).prefix { $0 == $1 }.count
  }

  func resolvingAlias(_ name: String) -> String {
    guard typeAliases[name] != nil else { return name }  // the common case: no alias
    var name = name
    var seen: Set<String> = []
    while let target = typeAliases[name], seen.insert(name).inserted { name = target }
    return name
  }

  /// Every name `entry` inherits or conforms to, through project classes and protocols
  /// (framework names included as they are written).
  func ancestors(of entry: Entry) -> Set<String> {
    ancestry(of: entry).names
  }

  /// The keys of the project types `entry` inherits or conforms to, through one another: what
  /// tells `LoggedOutBuildable` of one copy of a feature from the other's.
  func ancestorKeys(of entry: Entry) -> Set<String> {
    ancestry(of: entry).keys
  }

  private func ancestry(of entry: Entry) -> (names: Set<String>, keys: Set<String>) {
    var names: Set<String> = []
    var keys: Set<String> = []
    var stack = [entry]
    var seen: Set<String> = [entry.key]
    while let current = stack.popLast() {
      for reference in current.inherits {
        names.insert(reference.name)
        if let next = lookup(reference.name, from: current.module, path: current.path) {
          keys.insert(next.key)
          if seen.insert(next.key).inserted { stack.append(next) }
        }
      }
    }
    return (names, keys)
  }

  /// The first framework base class among `bases` that `entry` reaches through its superclass
  /// chain, with the generic arguments of the nearest reference that has some
  /// (`PendingRouter: ViewableRouter<PendingInteractor, …>` → `ViewableRouter`, its arguments).
  func frameworkBase(of entry: Entry, among bases: Set<String>) -> TypeReference? {
    var current = entry
    var arguments: [String] = []
    var seen: Set<String> = [entry.key]
    while true {
      guard let superclass = current.parts.first?.declaration.inherits.first else { return nil }
      if arguments.isEmpty { arguments = superclass.arguments }
      // A framework name is the framework's class, even when the app vendors its sources.
      if bases.contains(superclass.name) {
        // …unless the project declares the name as something else (a VIPER `protocol Router`).
        // (`Router<HomeInteractor>`, with arguments, is the framework's either way.)
        if superclass.arguments.isEmpty,
          let own = entries[current.module + "." + superclass.name], own.isDeclared,
          own.kind != .classType
        {
          return nil
        }
        return TypeReference(name: superclass.name, arguments: arguments)
      }
      guard let next = lookup(superclass.name, from: current.module, path: current.path),
        next.kind == .classType,
        seen.insert(next.key).inserted
      else { return nil }
      current = next
    }
  }

  /// Every declared entry of `kind`, sorted by key.
  func all(_ kind: TypeDeclaration.Kind) -> [Entry] {
    declaredByKind[kind] ?? []
  }
}
