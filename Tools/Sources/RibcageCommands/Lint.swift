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
      `// ribcage:enable <rule-id>`. Each file is checked with the nearest .ribcage.yml found \
      walking up from its folder to the root of its git repository; a nested file refines the \
      ones above it.
      """)

  @Argument(help: "Files or folders to check (default: the current folder).")
  var paths: [String] = []

  @Option(
    help: "The configuration file for every file (default: the nearest .ribcage.yml above each).")
  var config: String?

  @Option(help: "Output format: text, json or sarif.")
  var format: String = "text"

  @OptionGroup var sarif: SARIFArguments

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
        let level = rule.isOnByDefault ? rule.defaultSeverity.rawValue : "off by default"
        console.print("\(rule.id) (\(level)): \(rule.summary)")
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
    let sarifOptions = try sarif.options()

    let cwd = console.workingDirectory
    var linter = Linter(configurations: try Self.configurationScope(config, in: cwd))
    linter.onlyRules = Set(rules)
    linter.disabledRules = Set(disabled)
    linter.jobs = jobs
    let progress = quiet ? nil : ProgressLine("ribcage lint", on: console)
    if let progress { linter.progress = { progress.update(done: $0, total: $1) } }
    let accepted = try baseline.map { try Self.loadBaseline($0, in: cwd) }
    let report: LintReport
    do {
      defer { progress?.finish() }
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

    // Findings first, then notes and the summary: standard output is unbuffered (see
    // `ConsoleStream`), so the summary comes last even when both streams share a pipe.
    let output = outputFormat.render(
      report, colored: console.colorsOutput,
      sarif: sarifOptions)
    if !output.isEmpty { console.print(output) }
    if !quiet {
      console.printNotes(report.notes)
      console.printError(Self.summary(of: report))
    }
    if report.hasErrors { throw ExitCode.failure }
  }

  /// One line: counts, the baseline, and the configuration files that applied (so a finding
  /// that differs between two runs can be traced to the settings each used).
  static func summary(of report: LintReport) -> String {
    let errors = report.findings.filter { $0.severity == .error }.count
    var summary =
      "\(report.findings.count) finding(s), \(errors) error(s) in \(report.analyzedFileCount) "
      + "file(s), \(report.lineCount) line(s)"
    if report.baselineHiddenCount > 0 {
      summary += "; \(report.baselineHiddenCount) in the baseline"
    }
    if !report.configurationFiles.isEmpty {
      summary += "; config: " + report.configurationFiles.joined(separator: ", ")
    }
    return summary
  }

  /// The baseline file `--baseline` names.
  static func loadBaseline(_ file: String, in cwd: String) throws -> Baseline {
    guard let data = FileManager.default.contents(atPath: FilePath.resolved(file, in: cwd)) else {
      throw ToolFailure("cannot read the baseline \(file)")
    }
    return try Baseline.decode(data, file: file)
  }

  /// `--config FILE` for every file, else the nearest `.ribcage.yml` above each.
  static func configurationScope(_ config: String?, in cwd: String) throws -> ConfigurationScope {
    guard let config else { return .nearest }
    guard FileManager.default.fileExists(atPath: FilePath.resolved(config, in: cwd)) else {
      throw ToolFailure("the configuration file \(config) does not exist")
    }
    return .file(config)
  }
}

/// A failure that ends a command with a message and exit status 2.
struct ToolFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
