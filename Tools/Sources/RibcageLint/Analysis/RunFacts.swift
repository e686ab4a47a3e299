/// Every file's facts together, for the part of a rule that needs the whole run.
///
/// Types are identified per module (the folder of their target: `…/Sources/<Target>`, else the
/// first two folders of the path), so two same-named routers in two targets stay two.
struct RunFacts {
  let analyses: [FileAnalysis]
  /// The rules enabled for any file.
  let enabled: Set<String>
  /// Each file's module and folder.
  let modules: [String]
  let folders: [String]
  /// Module → type → (folder, shape) of its declaration.
  private let declared: [String: [String: (folder: String, shape: TypeInfo.Shape)]]
  private let declaringModules: [String]
  /// Class → what it inherits, over every file (the first declaration wins).
  let inheritance: [String: [String]]

  init(_ analyses: [FileAnalysis], enabled: Set<String>) {
    self.analyses = analyses
    self.enabled = enabled
    modules = analyses.map { Self.module(of: $0.shownPath) }
    folders = analyses.map { Self.folder(of: $0.shownPath) }
    var declared: [String: [String: (folder: String, shape: TypeInfo.Shape)]] = [:]
    for (index, analysis) in analyses.enumerated() {
      for (name, shape) in analysis.facts.declaredTypes {
        declared[modules[index], default: [:]][name] = (folders[index], shape)
      }
    }
    self.declared = declared
    declaringModules = declared.keys.sorted()
    var inheritance: [String: [String]] = [:]
    for analysis in analyses {
      inheritance.merge(analysis.facts.declaredInheritance) { first, _ in first }
    }
    self.inheritance = inheritance
  }

  /// Whether class `name` takes one of `roles` from what it inherits or conforms to, through
  /// the project's own base classes too (a class merely named `…Interactor` does not).
  func inheritsRole(_ name: String, _ roles: Set<Role>, depth: Int = 0) -> Bool {
    guard depth < 20 else { return false }
    return (inheritance[name] ?? []).contains { parent in
      if let role = Role.conformance(parent), roles.contains(role) { return true }
      return inheritsRole(parent, roles, depth: depth + 1)
    }
  }

  /// Where `name` is declared, as seen from file `index`: its own module first.
  func declaration(_ name: String, from index: Int) -> (folder: String, shape: TypeInfo.Shape)? {
    if let local = declared[modules[index]]?[name] { return local }
    for module in declaringModules {
      if let found = declared[module]?[name] { return found }
    }
    return nil
  }

  /// How many modules declare a type named `name`.
  func moduleCount(declaring name: String) -> Int {
    declaringModules.reduce(0) { $0 + (declared[$1]?[name] != nil ? 1 : 0) }
  }

  /// The module a file belongs to, from its path.
  static func module(of path: String) -> String {
    let folders = path.split(separator: "/").dropLast().map(String.init)
    if let index = folders.lastIndex(where: { $0 == "Sources" || $0 == "Source" }),
      index + 1 < folders.count
    {
      return folders[...(index + 1)].joined(separator: "/")
    }
    return folders.prefix(2).joined(separator: "/")
  }

  static func folder(of path: String) -> String {
    path.split(separator: "/").dropLast().joined(separator: "/")
  }

  /// Whether `folder` is `ancestor` or inside it.
  static func isInside(_ folder: String, _ ancestor: String) -> Bool {
    folder == ancestor || ancestor.isEmpty || folder.hasPrefix(ancestor + "/")
  }

  /// The findings of every enabled rule that needs the whole run.
  static func findings(_ analyses: [FileAnalysis], enabled: Set<String>) -> [(Int, RawFinding)] {
    let run = RunFacts(analyses, enabled: enabled)
    var result: [(Int, RawFinding)] = []
    for rule in RuleRegistry.rules where enabled.contains(rule.description.id) {
      result += rule.findings(in: run).map { ($0.file, $0.finding) }
    }
    return result
  }
}
