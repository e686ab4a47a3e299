import Dispatch
import Foundation

/// What a lint run found.
public struct LintReport: Sendable {
  /// Findings after suppressions, severities and the baseline, sorted by path and position.
  public var findings: [Finding]
  /// Files skipped or only partly analysed.
  public var notes: [FileNote]
  /// Files analysed (skipped ones not counted).
  public var analyzedFileCount: Int
  /// Files found (analysed and skipped).
  public var discoveredFileCount: Int
  /// Lines analysed.
  public var lineCount: Int
  /// Files parsed, counting a file parsed twice twice (a second look at a file whose tree was
  /// not kept): equal to the files analysed when each was parsed once.
  public var parseCount = 0
  /// Findings the baseline hid.
  public var baselineHiddenCount = 0
  /// The configuration files that applied to at least one file, relative to the working
  /// directory (`../` when above it), outermost first.
  public var configurationFiles: [String] = []
  /// The rules that ran on at least one file, in `Rule.all` order, each at the highest severity
  /// any file's configuration gives it.
  public var rules: [(rule: Rule, severity: Severity)] = []

  /// Whether any finding is at error severity (exit status 1).
  public var hasErrors: Bool { findings.contains { $0.severity == .error } }
}

/// Runs the rules over a set of paths, using every core.
public struct Linter: Sendable {
  /// Which configuration each file is checked with.
  public var configurations: ConfigurationScope
  /// Rule ids to run (`--rule`); empty means every rule the configuration enables.
  public var onlyRules: Set<String> = []
  /// Rule ids not to run (`--disable`).
  public var disabledRules: Set<String> = []
  /// Parallel workers; `nil` means one per active core.
  public var jobs: Int?
  /// Called from the workers after each file is analysed, with the files done and the total
  /// (for a progress line); must be thread-safe and cheap.
  public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

  /// A linter that checks every file with `configuration` (excludes relative to the working
  /// directory).
  public init(configuration: LintConfiguration) {
    self.configurations = .fixed(configuration)
  }

  /// A linter that finds each file's configuration as `configurations` says (by default the
  /// nearest `.ribcage.yml`, as `ribcage lint` does).
  public init(configurations: ConfigurationScope = .nearest) {
    self.configurations = configurations
  }

  /// The rules that run under `settings`, with their severities, after `--rule`/`--disable`.
  func activeRules(under settings: LintConfiguration) -> [(rule: Rule, severity: Severity)] {
    Rule.all.compactMap { rule in
      guard let severity = settings.severity(of: rule) else { return nil }
      if !onlyRules.isEmpty, !onlyRules.contains(rule.id) { return nil }
      if disabledRules.contains(rule.id) { return nil }
      return (rule, severity)
    }
  }

  /// Lints `paths` (files or folders; the working directory when empty).
  public func lint(paths: [String], workingDirectory: String, baseline: Baseline? = nil)
    throws(LintError) -> LintReport
  {
    try run(paths: paths, workingDirectory: workingDirectory, baseline: baseline, graph: nil).lint
  }

  /// Draws the RIB graph of `paths` (no lint rules run); `root` is `--root`.
  public func graph(paths: [String], workingDirectory: String, root: String? = nil)
    throws(LintError) -> GraphReport
  {
    try run(
      paths: paths, workingDirectory: workingDirectory, baseline: nil, rules: false,
      graph: GraphRequest(root: root)
    ).graph!
  }

  /// Lints `paths` and draws their graph from one parse of each file (`ribcage check`).
  public func check(
    paths: [String], workingDirectory: String, baseline: Baseline? = nil, root: String? = nil
  ) throws(LintError) -> (lint: LintReport, graph: GraphReport) {
    let result = try run(
      paths: paths, workingDirectory: workingDirectory, baseline: baseline,
      graph: GraphRequest(root: root))
    return (result.lint, result.graph!)
  }

  /// What to draw.
  struct GraphRequest: Sendable {
    var root: String?
  }

  /// Sources held in memory for a second look at their rules, at most (beyond it a file is read
  /// and parsed again): about 800,000 lines.
  static let retainedSourceLimit = 32 << 20

  private func run(
    paths: [String], workingDirectory: String, baseline: Baseline?, rules: Bool = true,
    graph: GraphRequest?
  ) throws(LintError) -> (lint: LintReport, graph: GraphReport?) {
    let resolver: ConfigurationResolver
    do {
      resolver = try ConfigurationResolver(
        scope: configurations, workingDirectory: workingDirectory)
    } catch {
      throw .configuration(error)
    }
    let discovery = try SourceDiscovery(
      paths: paths, workingDirectory: workingDirectory, resolver: resolver)
    let configurations = resolver.resolved
    // Per configuration, not per file: a handful of configurations serve every file.
    let severities = configurations.map { configuration in
      Dictionary(
        uniqueKeysWithValues: activeRules(under: configuration.settings).map {
          ($0.rule.id, $0.severity)
        })
    }
    let enabled = severities.map { Set($0.keys) }
    let collecting = Set(discovery.files.map(\.configuration)).reduce(into: Set<String>()) {
      $0.formUnion(enabled[$1])
    }
    let files = discovery.files
    let used = Set(files.map(\.configuration))

    // Files are analysed in parallel; each worker takes the next file.
    let results = ResultSlots(count: files.count)
    let retained = RetentionBudget(limit: Self.retainedSourceLimit)
    let modules =
      graph == nil
      ? []
      : ModuleNames.modules(
        of: files.map { ($0.absolute, $0.root) }, workingDirectory: workingDirectory)
    @Sendable func request(for index: Int) -> FileAnalyzer.Request {
      let file = files[index]
      let settings = configurations[file.configuration].settings
      return FileAnalyzer.Request(
        naming: settings.naming, enabled: enabled[file.configuration], collecting: collecting,
        includesTests: settings.includesTests, rules: rules,
        graphModule: graph == nil ? nil : modules[index],
        retainsTree: rules && retained.admits())
    }
    let workers = max(
      1, min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, max(files.count, 1)))
    let progress = self.progress
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while let index = results.claimNext() {
        let file = files[index]
        var analysis = FileAnalyzer.analyze(
          shownPath: file.shown, absolutePath: file.absolute, request: request(for: index))
        // Only a file whose roles the whole run may change needs its tree kept.
        if analysis.retained != nil, !Self.mayNeedSecondLook(analysis.facts) {
          analysis.retained = nil
        }
        if let kept = analysis.retained { retained.keep(kept.bytes.count) }
        let done = results.store(analysis, at: index)
        progress?(done, files.count)
      }
    }
    var analyses = results.values

    // Roles that only the whole run can tell: a class inheriting a project base class declared
    // in another file (`final class Home: BaseInteractor`, `BaseInteractor: PresentableInteractor`)
    // is an interactor. The few files declaring or extending such classes are analysed again with
    // those roles; the rest keep their first analysis.
    let external = rules ? Self.rolesFromInheritance(analyses) : [:]
    let revisit = analyses.indices.filter { index in
      analyses[index].facts.typeRoles.contains { name, roles in
        !(external[name] ?? []).isSubset(of: roles)
      }
    }
    if !revisit.isEmpty {
      let again = ResultSlots(count: revisit.count)
      let firstLook = analyses
      DispatchQueue.concurrentPerform(iterations: max(1, min(workers, revisit.count))) { _ in
        while let slot = again.claimNext() {
          let file = files[revisit[slot]]
          _ = again.store(
            FileAnalyzer.reapplyRules(
              to: firstLook[revisit[slot]], absolutePath: file.absolute,
              request: request(for: revisit[slot]),
              externalRoles: external),
            at: slot)
        }
      }
      for (slot, analysis) in again.values.enumerated() { analyses[revisit[slot]] = analysis }
    }

    var notes = discovery.skipped
    var raw: [(analysis: Int, finding: RawFinding)] = []
    var lineCount = 0
    var analyzed = 0
    var parses = 0
    for (index, analysis) in analyses.enumerated() {
      parses += analysis.parseCount
      analyses[index].retained = nil
      if let note = analysis.note { notes.append(note) }
      if analysis.note?.kind != .skipped { analyzed += 1 }
      lineCount += analysis.lineCount
      raw += analysis.findings.map { (index, $0) }
    }
    // Cross-file rules see every file; each finding is then kept or dropped by its own file's
    // configuration, like any other.
    if rules {
      raw += RunFacts.findings(
        analyses, enabled: used.reduce(into: Set()) { $0.formUnion(enabled[$1]) })
    }

    var findings: [Finding] = []
    var occurrences: [String: Int] = [:]
    for (index, finding) in raw {
      let analysis = analyses[index]
      guard var severity = severities[files[index].configuration][finding.rule.id],
        !analysis.suppressions.suppresses(finding.rule.id, at: finding.place.line)
      else { continue }
      // Severity is a promise: a rule's default `error` is for faults in every reading; a
      // judgment is a warning unless the team named the rule's severity itself.
      if finding.isJudgment, severity == .error,
        configurations[files[index].configuration].settings.severities[finding.rule.id] == nil
      {
        severity = .warning
      }
      let key = "\(finding.rule.id)|\(analysis.shownPath)|\(finding.place.lineText)"
      let occurrence = occurrences[key, default: 0]
      occurrences[key] = occurrence + 1
      findings.append(
        Finding(
          rule: finding.rule.id, severity: severity, path: analysis.shownPath,
          line: finding.place.line, column: finding.place.column, message: finding.message,
          fingerprint: Baseline.fingerprint(key: key, occurrence: occurrence)))
    }
    findings.sort {
      ($0.path, $0.line, $0.column, $0.rule) < ($1.path, $1.line, $1.column, $1.rule)
    }
    var report = LintReport(
      findings: findings, notes: notes.sorted { $0.path < $1.path }, analyzedFileCount: analyzed,
      discoveredFileCount: files.count + discovery.skipped.count, lineCount: lineCount)
    let applied = used.isEmpty ? Set(configurations.indices) : used
    report.configurationFiles = Set(applied.flatMap { configurations[$0].files }).sorted().map {
      PathText.relative($0, to: PathText.absolute(".", in: workingDirectory))
    }
    report.rules = Self.strongest(applied.sorted().map { severities[$0] })
    if let baseline {
      let before = report.findings.count
      report.findings.removeAll { baseline.contains($0) }
      report.baselineHiddenCount = before - report.findings.count
    }
    report.parseCount = parses
    guard let graph else { return (report, nil) }
    let drawn = GraphBuilder(
      files: analyses.compactMap(\.graphFacts), rootName: graph.root
    ).build()
    let graphReport = GraphReport(
      graph: drawn, notes: report.notes, analyzedFileCount: analyzed,
      discoveredFileCount: report.discoveredFileCount, lineCount: lineCount, parseCount: parses)
    return (report, graphReport)
  }

  /// Whether a file's rules may change once every file is read: it declares or extends a type
  /// that inherits something (a project base class may give it a role).
  static func mayNeedSecondLook(_ facts: FileFacts) -> Bool {
    !facts.typeRoles.isEmpty || !facts.declaredInheritance.isEmpty
  }

  /// Class name → the RIB roles it inherits through classes declared anywhere in the run.
  static func rolesFromInheritance(_ analyses: [FileAnalysis]) -> [String: Set<Role>] {
    var inheritance: [String: [String]] = [:]
    for analysis in analyses {
      inheritance.merge(analysis.facts.declaredInheritance) { first, _ in first }
    }
    var resolved: [String: Set<Role>] = [:]
    func roles(of name: String) -> Set<Role> {
      if let known = resolved[name] { return known }
      resolved[name] = []  // cycles end here
      var found: Set<Role> = []
      for parent in inheritance[name] ?? [] {
        if let role = Role.conformance(parent) { found.insert(role) }
        if inheritance[parent] != nil { found.formUnion(roles(of: parent)) }
      }
      resolved[name] = found
      return found
    }
    // Only what comes through a superclass declared in the run: a file already sees the roles of
    // what its own declarations name.
    var result: [String: Set<Role>] = [:]
    for name in inheritance.keys.sorted() {
      var found: Set<Role> = []
      for parent in inheritance[name] ?? [] where inheritance[parent] != nil {
        found.formUnion(roles(of: parent))
      }
      if found.contains(.presenter) { found.remove(.view) }
      if !found.isEmpty { result[name] = found }
    }
    return result
  }

  /// The rules enabled in any of `severities`, at the highest severity any gives them.
  private static func strongest(_ severities: [[String: Severity]])
    -> [(rule: Rule, severity: Severity)]
  {
    Rule.all.compactMap { rule in
      let levels = severities.compactMap { $0[rule.id] }
      guard !levels.isEmpty else { return nil }
      return (rule, levels.max()!)
    }
  }
}

/// How much source the workers may keep parsed for a second look, shared between them.
private final class RetentionBudget: @unchecked Sendable {
  private let lock = NSLock()
  private let limit: Int
  private var used = 0

  init(limit: Int) {
    self.limit = limit
  }

  /// Whether another file may be kept (asked before the file is read; its size is counted by
  /// `keep` once it is).
  func admits() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return used < limit
  }

  func keep(_ bytes: Int) {
    lock.lock()
    used += bytes
    lock.unlock()
  }
}

/// Per-file results written by parallel workers, each into its own slot.
private final class ResultSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 0
  private var stored = 0
  private var slots: [FileAnalysis?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  func claimNext() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < slots.count else { return nil }
    next += 1
    return next - 1
  }

  /// Stores a result; returns how many are stored so far.
  func store(_ analysis: FileAnalysis, at index: Int) -> Int {
    lock.lock()
    defer { lock.unlock() }
    slots[index] = analysis
    stored += 1
    return stored
  }

  var values: [FileAnalysis] {
    lock.lock()
    defer { lock.unlock() }
    return slots.map { $0! }
  }
}
