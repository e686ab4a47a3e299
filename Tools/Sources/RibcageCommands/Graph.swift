import ArgumentParser
import Foundation
import RibcageGenerator
import RibcageLint

/// `ribcage graph`: the static RIB tree of a codebase, with Needle's dependency check.
struct Graph: ParsableCommand, ConsoleCommand {
  static let configuration = CommandConfiguration(
    abstract: "Draw the RIB tree from source and check its dependencies and listeners.",
    discussion: """
      Finds every RIB (router, builder, interactor, component, view, listener, dependency) by \
      what its types inherit, the parent → child edges by what each parent's builder, router \
      and component create, store or conform to (plugins behind a flag marked with it), and \
      checks along each edge that the parent's scope provides every requirement of the child's \
      dependency protocol, with its type, and that the parent's interactor conforms to the \
      child's listener. Pass several folders for a multi-module app. Problems read from source \
      are warnings (the compiler has the last word on an app that builds). Exit status: 0, or \
      with --check --strict 1 when a dependency, listener or cycle problem is found; 2 on usage \
      or I/O errors. \
      The JSON schema is in docs/graph.md.
      """)

  @Argument(help: "Files or folders to read (default: the current folder).")
  var paths: [String] = []

  @Option(help: "The root RIB (its name, router, builder or interactor type).")
  var root: String?

  @Option(help: "Output format: text, json, mermaid, dot or sarif.")
  var format: String = "text"

  @OptionGroup var sarif: SARIFArguments

  @Flag(help: "Print only the problems (text) and exit 1 when one is an error.")
  var check = false

  @Flag(help: "With --check: exit 1 on dependency, listener and cycle warnings too.")
  var strict = false

  @Option(
    help: "The configuration file for every file (default: the nearest .ribcage.yml above each).")
  var config: String?

  @Option(help: "Files read in parallel (default: one per core).")
  var jobs: Int?

  @Flag(help: "No summary, no notes about skipped files.")
  var quiet = false

  func run(on console: ToolConsole) throws {
    guard let outputFormat = GraphFormat(rawValue: format) else {
      throw ToolFailure(
        "unknown format '\(format)'; formats: "
          + GraphFormat.allCases.map(\.rawValue).joined(separator: ", "))
    }
    if let jobs, jobs < 1 { throw ToolFailure("--jobs must be at least 1, not \(jobs)") }
    let sarifOptions = try sarif.options()
    let cwd = console.workingDirectory
    var linter = Linter(configurations: try Lint.configurationScope(config, in: cwd))
    linter.jobs = jobs
    let progress = quiet ? nil : ProgressLine("ribcage graph", on: console)
    if let progress { linter.progress = { progress.update(done: $0, total: $1) } }
    let report: GraphReport
    do {
      defer { progress?.finish() }
      report = try linter.graph(paths: paths, workingDirectory: cwd, root: root)
    } catch {
      throw ToolFailure("\(error)")
    }
    try Self.rejectUnknownRoot(in: report.graph)
    let output =
      check && outputFormat == .text
      ? GraphFormat.problems(report.graph, colored: console.colorsOutput)
      : outputFormat.render(report, colored: console.colorsOutput, sarif: sarifOptions)
    if !output.isEmpty { console.print(output) }
    if !quiet {
      console.printNotes(report.notes)
      console.printError(GraphFormat.summary(report))
    }
    if check, report.graph.hasErrors || strict && report.graph.hasWiringProblems {
      throw ExitCode.failure
    }
  }
}

extension Graph {
  /// `--root` naming no RIB is bad input: a usage error (exit 2) naming the RIBs there are.
  static func rejectUnknownRoot(in graph: RIBGraph) throws {
    if let problem = graph.problems.first(where: { $0.kind == .unknownRoot }) {
      throw ToolFailure(problem.message)
    }
  }
}

extension ToolConsole {
  /// Skipped and partly read files, on standard error: `path: warning: skipped: reason`,
  /// `path: note: reason`.
  func printNotes(_ notes: [FileNote]) {
    for note in notes {
      let label =
        note.kind == .skipped
        ? label("warning:", .warning) + " skipped:" : label("note:", .note)
      printError("\(note.path): \(label) \(note.reason)")
    }
  }
}
