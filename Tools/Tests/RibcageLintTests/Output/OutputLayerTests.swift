import Foundation
import Testing

@testable import RibcageLint

/// The one output layer of `lint` and `graph`: ``JSONWriter``'s two layouts, and SARIF written
/// by ``SARIFLog`` for both, with `--rules-url` links and docs pages for every rule id.
@Suite(.timeLimit(.minutes(10))) struct OutputLayerTests {
  let document: JSONValue = [
    "version": 1, "files": ["analyzed": 2], "names": ["a", "b"], "empty": [],
    "records": [["text": "line\nbreak \"quoted\" \u{1}"], ["text": .null, "ok": true]],
  ]

  @Test func recordsAreOnePerLineAndStringsEscapedOneWay() {
    #expect(
      JSONWriter.render(document, layout: .records) == """
        {
          "version": 1,
          "files": {"analyzed": 2},
          "names": ["a", "b"],
          "empty": [],
          "records": [
            {"text": "line\\nbreak \\"quoted\\" \\u0001"},
            {"text": null, "ok": true}
          ]
        }
        """)
  }

  @Test func indentedPutsEveryContainerOnItsOwnLines() throws {
    let text = JSONWriter.render(document, layout: .indented)
    #expect(text.hasPrefix("{\n  \"version\": 1,\n  \"files\": {\n    \"analyzed\": 2\n  },\n"))
    #expect(text.contains("  \"empty\": [],\n"))
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let records = try #require(parsed["records"] as? [[String: Any]])
    #expect(records.first?["text"] as? String == "line\nbreak \"quoted\" \u{1}")
  }

  /// The graph's SARIF links each problem kind as lint links its rules, and places a file
  /// outside the working folder by a `file://` URI, not as a path under `%SRCROOT%`.
  @Test func graphSARIFTakesTheRulesURLAndPlacesFilesOutsideTheSourceRoot() throws {
    let outside = SourceFolder([
      "Two.swift": """
      final class LostRouter: Router<LostInteractor> {}
      final class LostInteractor: Interactor {}
      final class HomeRouter: Router<HomeInteractor> {}
      final class HomeInteractor: Interactor {}
      """
    ])
    let here = SourceFolder()
    let run = ribcage(
      [
        "graph", outside.path, "--format", "sarif", "--quiet",
        "--rules-url", "https://example.org/docs/rules/",
      ], in: here.path)
    let sarif = try #require(
      try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    let log = try #require((sarif["runs"] as? [[String: Any]])?.first)
    let driver = try #require((log["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["informationUri"] as? String == "https://example.org/docs/rules")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(
      rules.first?["helpUri"] as? String == "https://example.org/docs/rules/missing-dependency.md")
    let result = try #require((log["results"] as? [[String: Any]])?.first)
    let location = try #require(
      ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
        "artifactLocation"] as? [String: String])
    #expect(location["uri"]?.hasPrefix("file:///") == true)
    #expect(location["uriBaseId"] == nil)
  }

  @Test(arguments: ["lint", "graph"])
  func aRulesURLThatIsNoAbsoluteURLIsAUsageError(command: String) {
    let folder = SourceFolder(["A.swift": "final class A {}"])
    for url in ["docs/rules", "example.org/rules", "https://example.org/my rules"] {
      let run = ribcage([command, "--format", "sarif", "--rules-url", url], in: folder.path)
      #expect(run.status == 2, "\(url)")
      #expect(run.error.contains("--rules-url must be an absolute URL"))
    }
    #expect(ribcage([command, "--format", "sarif", "--quiet"], in: folder.path).status == 0)
  }

  /// Without `--rules-url`, each rule's help names its page in the repository: every lint rule
  /// and graph problem kind has one.
  @Test func everyRuleIdHasTheDocsPageItsHelpNames() throws {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().path
    let ids = Rule.all.map(\.id) + RIBGraph.Problem.Kind.allCases.map(\.rawValue)
    for id in ids {
      let rule = SARIFRule(id: id, summary: "", help: ("", ""), level: .warning)
      #expect(
        FileManager.default.fileExists(atPath: repository + "/" + rule.page), "\(rule.page)")
      let help = rule.json(options: SARIFOptions())
      guard case .object(let members) = help else { continue }
      #expect(!members.contains { $0.key == "helpUri" })
    }
  }
}
