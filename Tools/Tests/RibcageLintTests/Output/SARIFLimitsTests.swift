import Foundation
import RibcageLint
import Testing

/// Code scanning's side of SARIF: at most 25,000 results a run (the rest left out with a
/// notification, errors kept first), rule help links only where a team says where its docs are.
@Suite(.timeLimit(.minutes(10))) struct SARIFLimitsTests {
  /// Three interactors with a strong listener each (warnings) and, in a folder where the rule is
  /// an error, one more.
  let folder = SourceFolder([
    "Sources/A.swift": Self.interactor("A"), "Sources/B.swift": Self.interactor("B"),
    "Sources/C.swift": Self.interactor("C"),
    "Strict/.ribcage.yml": "rules:\n  strong-listener: error\n",
    "Strict/D.swift": Self.interactor("D"),
  ])

  static func interactor(_ name: String) -> String {
    "final class \(name)Interactor: Interactor {\n  var listener: \(name)Listener?\n}\n"
  }

  func sarif(_ arguments: [String]) throws -> [String: Any] {
    let run = ribcage(["lint", "--format", "sarif", "--quiet"] + arguments, in: folder.path)
    return try #require(
      try JSONSerialization.jsonObject(with: Data(run.out.utf8))
        as? [String: Any])
  }

  func results(_ sarif: [String: Any]) -> [[String: Any]] {
    ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
  }

  func notifications(_ sarif: [String: Any]) -> [String] {
    let run = (sarif["runs"] as? [[String: Any]])?.first
    let invocation = (run?["invocations"] as? [[String: Any]])?.first
    let list = invocation?["toolExecutionNotifications"] as? [[String: Any]] ?? []
    return list.compactMap { ($0["message"] as? [String: String])?["text"] }
  }

  @Test func pastTheLimitErrorsAreKeptFirstAndANotificationSaysHowManyWereLeftOut() throws {
    let all = try sarif([])
    #expect(results(all).count == 4)
    #expect(notifications(all).isEmpty)

    let capped = try sarif(["--sarif-limit", "2"])
    let kept = results(capped)
    #expect(kept.count == 2)
    #expect(kept.first?["level"] as? String == "error")
    #expect(
      notifications(capped).contains {
        $0.hasPrefix("2 of 4 results left out") && $0.contains("25,000")
      })
  }

  @Test func theDefaultLimitIsCodeScanningsAndALimitBelowOneIsAUsageError() {
    #expect(SARIFOptions().resultLimit == 25_000)
    let run = ribcage(["lint", "--format", "sarif", "--sarif-limit", "0"], in: folder.path)
    #expect(run.status == 2)
  }

  @Test func ruleLinksOnlyWhereTheDocsAreSaidToBe() throws {
    let plain = try sarif([])
    let driver = { (sarif: [String: Any]) in
      ((sarif["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"]
        as? [String: Any] ?? [:]
    }
    #expect(driver(plain)["informationUri"] == nil)
    let plainRules = driver(plain)["rules"] as? [[String: Any]] ?? []
    #expect(!plainRules.isEmpty && plainRules.allSatisfy { $0["helpUri"] == nil })

    let linked = try sarif(["--rules-url", "https://example.org/Ribcage/docs/rules/"])
    #expect(driver(linked)["informationUri"] as? String == "https://example.org/Ribcage/docs/rules")
    let rules = driver(linked)["rules"] as? [[String: Any]] ?? []
    let strong = rules.first { $0["id"] as? String == "strong-listener" }
    #expect(
      strong?["helpUri"] as? String == "https://example.org/Ribcage/docs/rules/strong-listener.md")
  }

  @Test func locationsAreRelativeToTheSourceRootAndRuleIdsAreTheRulesIds() throws {
    for result in results(try sarif([])) {
      #expect(result["ruleId"] as? String == "strong-listener")
      let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"]
      let artifact = (location as? [String: Any])?["artifactLocation"] as? [String: String]
      #expect(artifact?["uriBaseId"] == "%SRCROOT%")
      #expect(artifact?["uri"]?.hasPrefix("/") == false)
    }
  }
}
