import ArgumentParser
import Foundation
import RibcageGenerator
import RibcageLint

/// `ribcage check`: `lint` and `graph --check` in one run, each file parsed once.
struct Check: ParsableCommand, ConsoleCommand {
  static let configuration = CommandConfiguration(
    abstract: "Lint and check the RIB graph in one pass (each file parsed once).",
    discussion: """
      Prints the lint findings and the graph's problems in the compiler's form. Exit status: 0 \
      when nothing is an error, 1 when a lint finding or a graph problem is (with --strict, also \
      a graph dependency, listener or cycle warning), 2 on usage or I/O errors.
      """)

  @Argument(help: "Files or folders to check (default: the current folder).")
  var paths: [String] = []

  @Option(help: "The root RIB (its name, router, builder or interactor type).")
  var root: String?

  @Option(
    help: "The configuration file for every file (default: the nearest .ribcage.yml above each).")
  var config: String?

  @Option(help: "Report only lint findings not recorded in this baseline file.")
  var baseline: String?

  @Option(help: "Files analysed in parallel (default: one per core).")
  var jobs: Int?

  @Flag(help: "Exit 1 on the graph's dependency, listener and cycle warnings too.")
  var strict = false

  @Flag(help: "No summary, no notes about skipped files.")
  var quiet = false

  func run(on console: ToolConsole) throws {
    if let jobs, jobs < 1 { throw ToolFailure("--jobs must be at least 1, not \(jobs)") }
    let cwd = console.workingDirectory
    var linter = Linter(configurations: try Lint.configurationScope(config, in: cwd))
    linter.jobs = jobs
    let accepted = try baseline.map { try Lint.loadBaseline($0, in: cwd) }
    let progress = quiet ? nil : ProgressLine("ribcage check", on: console)
    if let progress { linter.progress = { progress.update(done: $0, total: $1) } }
    let result: (lint: LintReport, graph: GraphReport)
    do {
      defer { progress?.finish() }
      result = try linter.check(
        paths: paths, workingDirectory: cwd, baseline: accepted, root: root)
    } catch {
      throw ToolFailure("\(error)")
    }
    try Graph.rejectUnknownRoot(in: result.graph.graph)
    let findings = OutputFormat.text.render(result.lint, colored: console.colorsOutput)
    if !findings.isEmpty { console.print(findings) }
    let problems = GraphFormat.problems(result.graph.graph, colored: console.colorsOutput)
    if !problems.isEmpty { console.print(problems) }
    if !quiet {
      console.printNotes(result.lint.notes)
      console.printError("lint: " + Lint.summary(of: result.lint))
      console.printError("graph: " + GraphFormat.summary(result.graph))
    }
    let graph = result.graph.graph
    if result.lint.hasErrors || graph.hasErrors || strict && graph.hasWiringProblems {
      throw ExitCode.failure
    }
  }
}
