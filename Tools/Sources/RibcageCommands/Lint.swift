import ArgumentParser
import Foundation
import RibcageGenerator
import RibcageLint

/// `ribcage lint`: architecture rules over Swift sources.
struct Lint: ParsableCommand, ConsoleCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check RIB architecture rules: leaks, lifecycle, layering.",
    discussion: """
      Exit status: 0 when nothing is at error severity, 1 when something is, 2 on usage or I/O \
      errors. Rules: \(Rule.all.map(\.id).joined(separator: ", ")). Suppress one finding with \
      `// ribcage:disable:next <rule-id>`, a range with `// ribcage:disable <rule-id>` … \
      `// ribcage:enable <rule-id>`.
      """)

  @Argument(help: "Files or folders to check (default: the current folder).")
  var paths: [String] = []

  @Option(help: "The configuration file (default: .ribcage.yml in the current folder, if any).")
  var config: String?

  @Option(help: "Output format: text, json or sarif.")
  var format: String = "text"

  @Option(name: .customLong("rule"), help: "Run only this rule (repeatable).")
  var rules: [String] = []

  @Option(name: .customLong("disable"), help: "Do not run this rule (repeatable).")
  var disabled: [String] = []

  @Option(help: "Report only findings not recorded in this baseline file.")
  var baseline: String?

  @Option(help: "Record the current findings in this baseline file and exit 0.")
  var writeBaseline: String?

  @Option(help: "Files analysed in parallel (default: one per core).")
  var jobs: Int?

  @Flag(help: "Print findings only: no summary, no notes about skipped files.")
  var quiet = false

  @Flag(help: "List the rules and exit.")
  var listRules = false

  func run(on console: ToolConsole) throws {
    if listRules {
      for rule in Rule.all {
        console.print("\(rule.id) (\(rule.defaultSeverity.rawValue)): \(rule.summary)")
      }
      return
    }
    guard let outputFormat = OutputFormat(rawValue: format) else {
      throw ToolFailure("unknown format '\(format)'; formats: text, json, sarif")
    }
    for id in rules + disabled where Rule.named(id) == nil {
      throw ToolFailure(
        "unknown rule '\(id)'; rules: \(Rule.all.map(\.id).joined(separator: ", "))")
    }
    if let jobs, jobs < 1 { throw ToolFailure("--jobs must be at least 1, not \(jobs)") }

    let cwd = console.workingDirectory
    var linter = Linter(configuration: try loadConfiguration(in: cwd))
    linter.onlyRules = Set(rules)
    linter.disabledRules = Set(disabled)
    linter.jobs = jobs
    var accepted: Baseline?
    if let baseline {
      let path = FilePath.resolved(baseline, in: cwd)
      guard let data = FileManager.default.contents(atPath: path) else {
        throw ToolFailure("cannot read the baseline \(baseline)")
      }
      accepted = try Baseline.decode(data, file: baseline)
    }
    let report: LintReport
    do {
      report = try linter.lint(paths: paths, workingDirectory: cwd, baseline: accepted)
    } catch {
      throw ToolFailure("\(error)")
    }

    if let writeBaseline {
      let path = FilePath.resolved(writeBaseline, in: cwd)
      do {
        try Baseline.encode(report.findings).write(toFile: path, atomically: true, encoding: .utf8)
      } catch {
        throw ToolFailure(
          "cannot write the baseline \(writeBaseline): \(error.localizedDescription)")
      }
      console.printError("recorded \(report.findings.count) finding(s) in \(writeBaseline)")
      throw ExitCode.success
    }

    let output = outputFormat.render(report, rules: linter.activeRules)
    if !output.isEmpty { console.print(output) }
    if !quiet {
      for note in report.notes {
        console.printError(
          "\(note.path): \(note.kind == .skipped ? "warning: skipped" : "note"): \(note.reason)")
      }
      let errors = report.findings.filter { $0.severity == .error }.count
      var summary =
        "\(report.findings.count) finding(s), \(errors) error(s) in \(report.analyzedFileCount) "
        + "file(s), \(report.lineCount) line(s)"
      if report.baselineHiddenCount > 0 {
        summary += "; \(report.baselineHiddenCount) in the baseline"
      }
      console.printError(summary)
    }
    if report.hasErrors { throw ExitCode.failure }
  }

  private func loadConfiguration(in cwd: String) throws -> LintConfiguration {
    if let config {
      let path = FilePath.resolved(config, in: cwd)
      guard FileManager.default.fileExists(atPath: path) else {
        throw ToolFailure("the configuration file \(config) does not exist")
      }
      return try LintConfiguration.load(from: path, shownAs: config)
    }
    let path = cwd + "/.ribcage.yml"
    guard FileManager.default.fileExists(atPath: path) else { return LintConfiguration() }
    return try LintConfiguration.load(from: path, shownAs: ".ribcage.yml")
  }
}

/// A failure that ends a command with a message and exit status 2.
struct ToolFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
