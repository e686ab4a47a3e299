import Foundation
import RibcageLint
import RibcageToolInfo
import Testing

private let leaky = """
  final class HomeInteractor: Interactor {
    var listener: HomeListener?
    override func didBecomeActive() { start() }
  }
  """

@Test(.timeLimit(.minutes(10))) func textOutputIsTheCompilersFormatAndErrorsExitOne() {
  // strong-listener is a warning by default (docs/lint-evaluation.md); a team can raise it.
  let folder = SourceFolder([
    "Sources/Home.swift": leaky, ".ribcage.yml": "rules:\n  strong-listener: error\n",
  ])
  let run = ribcage(["lint"], in: folder.path)
  #expect(run.status == 1)
  #expect(
    run.out == """
      Sources/Home.swift:2:7: error: 'listener' is stored strongly: a listener or delegate held strongly is a retain cycle with its owner; declare it `weak var listener: (any HomeListener)?` [strong-listener]
      Sources/Home.swift:3:17: warning: override of didBecomeActive does not call super.didBecomeActive: the base class's work is skipped; call super.didBecomeActive() first [missing-super-call]
      """)
  #expect(run.error == "2 finding(s), 1 error(s) in 1 file(s), 4 line(s); config: .ribcage.yml")
}

@Test(.timeLimit(.minutes(10))) func warningsOnlyExitZeroAndQuietPrintsFindingsOnly() {
  let folder = SourceFolder(["Home.swift": leaky])
  let run = ribcage(["lint", "--disable", "strong-listener", "--quiet"], in: folder.path)
  #expect(run.status == 0)
  #expect(run.out.hasSuffix("[missing-super-call]"))
  #expect(run.error.isEmpty)
}

@Test(.timeLimit(.minutes(10))) func ruleFiltersSelectRules() {
  let folder = SourceFolder(["Home.swift": leaky])
  let only = ribcage(["lint", "--rule", "missing-super-call", "--quiet"], in: folder.path)
  #expect(only.out.split(separator: "\n").count == 1)
  #expect(only.status == 0)
}

@Test(.timeLimit(.minutes(10))) func jsonOutputParsesAndCarriesCounts() throws {
  let folder = SourceFolder(["Home.swift": leaky])
  let run = ribcage(["lint", "--format", "json"], in: folder.path)
  let object = try #require(
    try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
  let findings = try #require(object["findings"] as? [[String: Any]])
  #expect(findings.map { $0["rule"] as? String } == ["strong-listener", "missing-super-call"])
  #expect(findings[0]["line"] as? Int == 2)
  #expect((object["files"] as? [String: Int])?["analyzed"] == 1)
}

@Test(.timeLimit(.minutes(10))) func sarifOutputIsSARIF210WithRulesHelpAndLocations() throws {
  let folder = SourceFolder(["Sources/My Home.swift": leaky])
  let run = ribcage(["lint", "--format", "sarif"], in: folder.path)
  let sarif = try #require(
    try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
  #expect(sarif["version"] as? String == "2.1.0")
  #expect(sarif["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
  let runs = try #require(sarif["runs"] as? [[String: Any]])
  let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
  #expect(driver["name"] as? String == "ribcage-lint")
  #expect(driver["semanticVersion"] as? String == ToolVersion.current)
  let rules = try #require(driver["rules"] as? [[String: Any]])
  #expect(rules.map { $0["id"] as? String } == Rule.all.filter(\.isOnByDefault).map(\.id))
  for rule in rules {
    #expect((rule["shortDescription"] as? [String: String])?["text"]?.isEmpty == false)
    #expect((rule["help"] as? [String: String])?["text"]?.contains("Bad:") == true)
    #expect((rule["defaultConfiguration"] as? [String: String])?["level"] != nil)
  }
  let results = try #require(runs[0]["results"] as? [[String: Any]])
  #expect(results.count == 2)
  let first = results[0]
  #expect(first["ruleId"] as? String == "strong-listener")
  #expect(first["ruleIndex"] as? Int == 0)
  #expect(first["level"] as? String == "warning")
  #expect((first["message"] as? [String: String])?["text"]?.isEmpty == false)
  let location = try #require(
    ((first["locations"] as? [[String: Any]])?[0]["physicalLocation"]) as? [String: Any])
  #expect((location["artifactLocation"] as? [String: String])?["uri"] == "Sources/My%20Home.swift")
  #expect((location["region"] as? [String: Int])?["startLine"] == 2)
  #expect((location["region"] as? [String: Int])?["startColumn"] == 7)
}

@Test(.timeLimit(.minutes(10))) func suppressionsHideFindingsOnTheNextLineAndInRanges() throws {
  let source = """
    final class HomeInteractor: Interactor {
      // ribcage:disable:next strong-listener
      var listener: HomeListener?
      var delegate: HomeDelegate?  // ribcage:disable:this strong-listener
      // ribcage:disable missing-super-call
      override func didBecomeActive() {}
      override func willResignActive() {}
      // ribcage:enable missing-super-call
      override func didLoad() {}
      // ribcage:disable:next all
      var output: HomeOutput?
    }
    """
  #expect(try findings(source).map(\.line) == [9])
}

@Test(.timeLimit(.minutes(10))) func aBaselineHidesKnownFindingsEvenWhenLinesMove() throws {
  let folder = SourceFolder(["Home.swift": leaky])
  let written = ribcage(["lint", "--write-baseline", "baseline.json"], in: folder.path)
  #expect(written.status == 0)
  #expect(written.error == "recorded 2 finding(s) in baseline.json")

  // Lines move, and a new finding appears.
  folder.write(
    "Home.swift",
    "// a new header line\n"
      + leaky.replacingOccurrences(of: "}\n}", with: "}\n  var delegate: HomeDelegate?\n}"))
  let run = ribcage(["lint", "--baseline", "baseline.json"], in: folder.path)
  #expect(run.status == 0)
  #expect(
    run.out
      == "Home.swift:5:7: warning: 'delegate' is stored strongly: a listener or delegate held strongly is a retain cycle with its owner; declare it `weak var delegate: (any HomeDelegate)?` [strong-listener]"
  )
  #expect(run.error.hasSuffix("; 2 in the baseline"))
}

@Test(.timeLimit(.minutes(10))) func theConfigurationSetsSeveritiesExcludesAndNaming() {
  let folder = SourceFolder([
    "Home.swift": leaky,
    "Generated/Gen.swift": leaky,
    "Shell.swift":
      "final class ShellPanel { let trips: TripService }\nfinal class TripService {}\n",
    ".ribcage.yml": """
    rules:
      strong-listener: warning
      missing-super-call: off
    exclude:
      - Generated/**
    naming:
      view: [Panel]
    """,
  ])
  let run = ribcage(["lint", "--quiet"], in: folder.path)
  #expect(run.status == 0)
  #expect(
    run.out.split(separator: "\n").map { String($0.prefix(24)) } == [
      "Home.swift:2:7: warning:", "Shell.swift:1:30: warnin",
    ])
}

@Test(
  .timeLimit(.minutes(10)),
  arguments: [
    (
      "rules: [a, b]",
      "error: .ribcage.yml: rules: expected a mapping of rule ids to error, warning or off"
    ),
    (
      "rules:\n  strong-listener: loud",
      "error: .ribcage.yml: rules.strong-listener: expected error, warning or off, found 'loud'"
    ),
    (
      "rules:\n  no-such-rule: off",
      "error: .ribcage.yml: rules.no-such-rule: unknown rule; rules: \(Rule.all.map(\.id).joined(separator: ", "))"
    ),
    ("exclude: 3", "error: .ribcage.yml: exclude: expected a list of strings"),
    (
      "naming:\n  widget: [W]",
      "error: .ribcage.yml: naming.widget: unknown role; roles: interactor, router, builder, component, view, presenter, service, worker, coordinator, listener, viewModel"
    ),
    (
      "colour: red",
      "error: .ribcage.yml: colour: unknown key; expected one of rules, exclude, naming, tests"
    ),
    ("rules: {", "error: .ribcage.yml: not valid YAML"),
  ])
func aBadConfigurationNamesTheFileTheKeyAndWhatWasExpected(yaml: String, message: String) {
  let folder = SourceFolder(["Home.swift": leaky, ".ribcage.yml": yaml])
  let run = ribcage(["lint"], in: folder.path)
  #expect(run.status == 2)
  #expect(run.error.hasPrefix(message), "\(run.error)")
  #expect(run.out.isEmpty)
}

@Test(
  .timeLimit(.minutes(10)),
  arguments: [
    (["lint", "missing"], "error: missing: No such file or directory"),
    (["lint", "--format", "xml"], "error: unknown format 'xml'; formats: text, json, sarif"),
    (
      ["lint", "--rule", "nope"],
      "error: unknown rule 'nope'; rules: \(Rule.all.map(\.id).joined(separator: ", "))"
    ),
    (["lint", "--jobs", "0"], "error: --jobs must be at least 1, not 0"),
    (["lint", "--config", "none.yml"], "error: the configuration file none.yml does not exist"),
    (["lint", "--baseline", "none.json"], "error: cannot read the baseline none.json"),
  ])
func usageAndIOErrorsExitTwo(arguments: [String], message: String) {
  let folder = SourceFolder(["Home.swift": leaky])
  let run = ribcage(arguments, in: folder.path)
  #expect(run.status == 2)
  #expect(run.error == message)
}

@Test(.timeLimit(.minutes(10))) func aBadBaselineFileIsNamed() {
  let folder = SourceFolder(["Home.swift": leaky, "b.json": "{\"version\": 1}"])
  let run = ribcage(["lint", "--baseline", "b.json"], in: folder.path)
  #expect(run.status == 2)
  #expect(run.error.hasPrefix("error: b.json: not a baseline written by --write-baseline"))
}

@Test(.timeLimit(.minutes(10))) func jobsDoNotChangeTheResult() throws {
  var files: [String: String] = [:]
  for index in 0..<40 { files["F\(index).swift"] = leaky }
  let folder = SourceFolder(files)
  var linter = Linter(configuration: LintConfiguration())
  linter.jobs = 1
  let serial = try linter.lint(paths: [], workingDirectory: folder.path).findings
  linter.jobs = 8
  let parallel = try linter.lint(paths: [], workingDirectory: folder.path).findings
  #expect(serial.count == 80)
  #expect(serial == parallel)
}

@Test(.timeLimit(.minutes(10))) func listRulesNamesEveryRule() {
  let run = ribcage(["lint", "--list-rules"], in: NSTemporaryDirectory())
  #expect(run.status == 0)
  #expect(run.out.split(separator: "\n").count == Rule.all.count)
}
