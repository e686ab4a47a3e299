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
  /// Findings the baseline hid.
  public var baselineHiddenCount = 0

  /// Whether any finding is at error severity (exit status 1).
  public var hasErrors: Bool { findings.contains { $0.severity == .error } }
}

/// Runs the rules over a set of paths, using every core.
public struct Linter: Sendable {
  public var configuration: LintConfiguration
  /// Rule ids to run (`--rule`); empty means every rule the configuration enables.
  public var onlyRules: Set<String> = []
  /// Rule ids not to run (`--disable`).
  public var disabledRules: Set<String> = []
  /// Parallel workers; `nil` means one per active core.
  public var jobs: Int?

  public init(configuration: LintConfiguration) {
    self.configuration = configuration
  }

  /// The rules that run, with their severities.
  public var activeRules: [(rule: Rule, severity: Severity)] {
    Rule.all.compactMap { rule in
      guard let severity = configuration.severity(of: rule) else { return nil }
      if !onlyRules.isEmpty, !onlyRules.contains(rule.id) { return nil }
      if disabledRules.contains(rule.id) { return nil }
      return (rule, severity)
    }
  }

  /// Lints `paths` (files or folders; the working directory when empty).
  public func lint(paths: [String], workingDirectory: String, baseline: Baseline? = nil)
    throws(InputError) -> LintReport
  {
    let discovery = try SourceDiscovery(
      paths: paths, workingDirectory: workingDirectory, excludes: configuration.excludes)
    let active = activeRules
    let enabled = Set(active.map(\.rule.id))
    let severities = Dictionary(uniqueKeysWithValues: active.map { ($0.rule.id, $0.severity) })
    let files = discovery.files
    let naming = configuration.naming

    // Files are analysed in parallel; each worker takes the next file.
    let results = ResultSlots(count: files.count)
    let workers = max(
      1, min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, max(files.count, 1)))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while let index = results.claimNext() {
        let file = files[index]
        results.store(
          FileAnalyzer.analyze(
            shownPath: file.shown, absolutePath: file.absolute, naming: naming, enabled: enabled),
          at: index)
      }
    }
    let analyses = results.values

    var notes = discovery.skipped
    var raw: [(analysis: Int, finding: RawFinding)] = []
    var lineCount = 0
    var analyzed = 0
    for (index, analysis) in analyses.enumerated() {
      if let note = analysis.note { notes.append(note) }
      if analysis.note?.kind != .skipped { analyzed += 1 }
      lineCount += analysis.lineCount
      raw += analysis.findings.map { (index, $0) }
    }
    raw += CrossFileRules.findings(analyses, enabled: enabled)

    var findings: [Finding] = []
    var occurrences: [String: Int] = [:]
    for (index, finding) in raw {
      let analysis = analyses[index]
      guard let severity = severities[finding.rule.id],
        !analysis.suppressions.suppresses(finding.rule.id, at: finding.place.line)
      else { continue }
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
    if let baseline {
      let before = report.findings.count
      report.findings.removeAll { baseline.contains($0) }
      report.baselineHiddenCount = before - report.findings.count
    }
    return report
  }
}

/// Per-file results written by parallel workers, each into its own slot.
private final class ResultSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 0
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

  func store(_ analysis: FileAnalysis, at index: Int) {
    lock.lock()
    slots[index] = analysis
    lock.unlock()
  }

  var values: [FileAnalysis] {
    lock.lock()
    defer { lock.unlock() }
    return slots.map { $0! }
  }
}
