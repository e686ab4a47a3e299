import Foundation
import Testing

@testable import RibcageLint

// The graph's formats, and the `graph` and `check` commands.

private func report(_ files: [String: String]) throws -> GraphReport {
  let folder = SourceFolder(files)
  return try Linter(configuration: LintConfiguration()).graph(
    paths: [], workingDirectory: folder.path)
}

/// A uber app with a plugin and a missing dependency, so every format has all it can show.
private func richApp() -> [String: String] {
  uberApp([
    "Flags.swift": """
    enum Flags { static let stats = FeatureFlag("stats_v2") }
    """,
    "LoggedIn/Plugins.swift": """
    extension LoggedInRouter {
      func registerPlugins(points: RIBPluginPoint<Void>, stats: StatsBuilder) {
        points.register("stats", gatedBy: Flags.stats) { _, _ in stats.build() }
      }
    }
    """,
    "LoggedIn/LoggedInStats.swift": """
    extension LoggedInBuilder {
      func makeStats(component: LoggedInComponent) -> StatsBuilder {
        StatsBuilder(dependency: component)
      }
    }
    """,
    "Stats/Stats.swift": """
    protocol StatsDependency: Dependency { var "quoted": Int { get } ; var ledger: Ledger { get } }
    final class StatsBuilder: Builder<StatsDependency> {
      func build() -> StatsRouter { StatsRouter(interactor: StatsInteractor()) }
    }
    final class StatsRouter: Router<StatsInteractor> {}
    final class StatsInteractor: Interactor {}
    """,
  ])
}

@Test(.timeLimit(.minutes(10))) func jsonIsTheDocumentedSchema() throws {
  let report = try report(richApp())
  let text = GraphFormat.json.render(report)
  let object = try #require(
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  #expect(object["schema"] as? String == "ribcage-graph")
  #expect(object["version"] as? Int == 1)
  #expect(object["roots"] as? [String] == ["Root"])
  let ribs = try #require(object["ribs"] as? [[String: Any]])
  #expect(
    ribs.map { $0["name"] as? String } == ["LoggedIn", "LoggedOut", "OffGame", "Root", "Stats"])
  #expect(
    Set(ribs[0].keys) == [
      "id", "name", "module", "router", "builder", "interactor", "component", "dependency",
      "listener", "view", "presenter", "hasView", "path", "line",
    ])
  #expect(ribs[0]["view"] is NSNull)
  let edges = try #require(object["edges"] as? [[String: Any]])
  let plugin = try #require(edges.first { $0["child"] as? String == "Stats" })
  #expect(plugin["plugin"] as? Bool == true)
  #expect(plugin["flag"] as? String == "stats_v2")
  let problems = try #require(object["problems"] as? [[String: Any]])
  #expect(problems.map { $0["kind"] as? String } == ["missing-dependency"])
  #expect(problems.first?["severity"] as? String == "warning")
  let counts = try #require(object["counts"] as? [String: Int])
  #expect(counts == ["ribs": 5, "interactors": 5, "edges": 4, "plugins": 1])
}

/// Mermaid's flowchart grammar, as far as the renderer uses it: a header, node declarations,
/// edges (solid, or dotted with a quoted label), a class definition and a class assignment.
private nonisolated(unsafe) let mermaidLine = try! Regex(
  #"^(flowchart TD|  n\d+(\["[^"\[\]]*"\]|\("[^"()]*"\))|  n\d+ --> n\d+|  n\d+ -\. "[^"]*" \.-> n\d+|  classDef problem [a-z:#0-9,-]+|  class n\d+(,n\d+)* problem)$"#
)

@Test(.timeLimit(.minutes(10))) func mermaidIsANodeAndEdgeListInTheGrammar() throws {
  let report = try report(richApp())
  let text = GraphFormat.mermaid.render(report)
  for line in text.split(separator: "\n") {
    #expect(String(line).wholeMatch(of: mermaidLine) != nil, "not Mermaid: \(line)")
  }
  let lines = text.split(separator: "\n").map(String.init)
  #expect(lines.filter { $0.contains("-->") || $0.contains(".->") }.count == 4)
  #expect(lines.contains { $0.hasSuffix("-. \"stats_v2\" .-> n4") })
  #expect(lines.contains("  n0(\"LoggedIn\")"))  // viewless: rounded
  #expect(lines.contains("  n3[\"Root\"]"))
  #expect(lines.last == "  class n4 problem")
  #expect(GraphMermaid.escape("A \"B\" <C>") == "A #quot;B#quot; #lt;C#gt;")
}

@Test(.timeLimit(.minutes(10))) func dotIsAValidDigraph() throws {
  let report = try report(richApp())
  let text = GraphFormat.dot.render(report)
  #expect(text.hasPrefix("digraph RIBs {\n"))
  #expect(text.hasSuffix("\n}"))
  #expect(text.contains("  \"LoggedIn\" -> \"Stats\" [style=dashed, label=\"stats_v2\"];"))
  #expect(text.contains("  \"Stats\" [label=\"Stats\", style=\"rounded,dashed\", color=red];"))
  #expect(GraphDOT.quote("a\"b\\c") == #""a\"b\\c""#)
  // Graphviz itself, where it is installed (CI installs it and runs `dot` on the Rides graph).
  let dot = ["/usr/bin/dot", "/usr/local/bin/dot"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  if let dot {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: dot)
    process.arguments = ["-Tsvg", "-o", "/dev/null"]
    let input = Pipe()
    process.standardInput = input
    try process.run()
    input.fileHandleForWriting.write(Data(text.utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }
}

@Test(.timeLimit(.minutes(10))) func sarifHasOneResultPerProblem() throws {
  let report = try report(richApp())
  let text = GraphFormat.sarif.render(report)
  let object = try #require(
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  #expect(object["version"] as? String == "2.1.0")
  let run = try #require((object["runs"] as? [[String: Any]])?.first)
  let results = try #require(run["results"] as? [[String: Any]])
  #expect(results.map { $0["ruleId"] as? String } == ["missing-dependency"])
  #expect(results.first?["level"] as? String == "warning")
  // No link to a documentation site nobody configured: code scanning would show it on every alert.
  #expect(!text.contains("helpUri") && !text.contains("informationUri"))
}

@Test(.timeLimit(.minutes(10))) func theTextTreeMarksViewsPluginsAndProblems() throws {
  let report = try report(richApp())
  let lines = GraphFormat.text.render(report).split(
    separator: "\n", omittingEmptySubsequences: false
  )
  .map(String.init)
  #expect(lines[0] == "Root [view]  Root/Root.swift:24")
  #expect(lines[1] == "├─ LoggedIn [viewless]")
  #expect(lines[2] == "│  ├─ OffGame [view]")
  #expect(lines[3] == "│  └─ Stats [viewless, plugin: stats_v2, 1 dependency problem(s)]")
  #expect(lines[4] == "└─ LoggedOut [view]")
  #expect(
    lines.last?.hasPrefix("LoggedIn/LoggedInStats.swift:3:5: warning: Root → LoggedIn → Stats:")
      == true)
}

@Test(.timeLimit(.minutes(10))) func graphCheckExitsOneOnErrorsInTheCompilersForm() throws {
  let folder = SourceFolder(richApp())
  // A problem read from source is a warning: the app may compile; --strict fails.
  #expect(ribcage(["graph", "--check", "--quiet"], in: folder.path).status == 0)
  let run = ribcage(["graph", "--check", "--strict"], in: folder.path)
  #expect(run.status == 1)
  #expect(
    run.out.split(separator: "\n").allSatisfy {
      $0.wholeMatch(of: /[^:]+:\d+:\d+: (error|warning): .+ \[[a-z-]+\]/) != nil
    }, "\(run.out)")
  #expect(run.out.contains("StatsDependency.ledger: Ledger is not provided by LoggedInComponent"))
  #expect(
    run.error.hasSuffix("0 unplaced; 9 file(s), 229 line(s)") || run.error.contains("5 RIB(s)"))

  let clean = SourceFolder(uberApp())
  let ok = ribcage(["graph", "--check", "--quiet"], in: clean.path)
  #expect(ok.status == 0)
  #expect(ok.out.isEmpty)
  #expect(ok.error.isEmpty)
  // Without --check the graph is printed and problems do not fail the run.
  let drawn = ribcage(["graph", "--format", "mermaid"], in: folder.path)
  #expect(drawn.status == 0)
  #expect(drawn.out.hasPrefix("flowchart TD"))
}

@Test(.timeLimit(.minutes(10))) func graphUsageErrorsExitTwo() {
  let folder = SourceFolder(uberApp())
  let format = ribcage(["graph", "--format", "png"], in: folder.path)
  #expect(format.status == 2)
  #expect(format.error.contains("unknown format 'png'; formats: text, json, mermaid, dot, sarif"))
  let missing = ribcage(["graph", "Nowhere"], in: folder.path)
  #expect(missing.status == 2)
  #expect(missing.error.contains("Nowhere: No such file or directory"))
  let jobs = ribcage(["graph", "--jobs", "0"], in: folder.path)
  #expect(jobs.status == 2)
  for command in ["graph", "check"] {
    let root = ribcage([command, "--root", "Nope"], in: folder.path)
    #expect(root.status == 2)
    #expect(root.out.isEmpty)
    #expect(
      root.error.contains("--root Nope names no RIB; RIBs: LoggedIn, LoggedOut, OffGame, Root"))
  }
}

@Test(.timeLimit(.minutes(10))) func checkLintsAndDrawsFromOneParsePerFile() throws {
  let folder = SourceFolder(
    richApp().merging([
      "Base.swift": "class BaseInteractor: Interactor {}",
      "Home.swift": """
      final class HomeInteractor: BaseInteractor { var listener: HomeListener? }
      protocol HomeListener: AnyObject {}
      """,
    ]) { _, new in new })
  var configuration = LintConfiguration()
  configuration.severities["strong-listener"] = .error
  let (lint, graph) = try Linter(configuration: configuration).check(
    paths: [], workingDirectory: folder.path)
  // Home's role comes from a base class in another file: its rules look again, on the kept tree.
  #expect(lint.findings.map(\.rule).contains("strong-listener"))
  #expect(lint.parseCount == lint.analyzedFileCount)
  #expect(graph.parseCount == graph.analyzedFileCount)
  #expect(graph.graph.nodes.count == 5)
  #expect(graph.graph.unplaced.map(\.type) == ["HomeInteractor"])

  #expect(ribcage(["check", "--quiet"], in: folder.path).status == 0)
  let run = ribcage(["check", "--strict"], in: folder.path)
  #expect(run.status == 1)
  #expect(run.out.contains("[missing-dependency]"))
  #expect(run.error.contains("lint: "))
  #expect(run.error.contains("graph: 5 RIB(s)"))
}
