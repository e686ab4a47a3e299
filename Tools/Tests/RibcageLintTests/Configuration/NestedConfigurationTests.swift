import Foundation
import RibcageLint
import Testing

// Each file is checked with the nearest .ribcage.yml walking up from it, up to the git
// repository's root; nested files refine their parents; --config overrides them all.

/// Fires `stream-written-outside-service` unless `Clock` names a service.
private let clock = """
  import Ribcage

  final class SimulatedClock {
    private let now = MutableStateStream(0)
    func tick() { now.send(1) }
  }
  """

/// Fires `missing-super-call` whatever the naming.
private let interactor = """
  import Ribcage

  final class TripInteractor: Interactor {
    override func didBecomeActive() {}
  }
  """

/// Fires `strong-listener` (error) and `missing-super-call` (warning).
private let leaky = """
  final class HomeInteractor: Interactor {
    var listener: HomeListener?
    override func didBecomeActive() { start() }
  }
  """

/// The shape of the repository's Rides example: a `.ribcage.yml` of its own, in a subfolder of
/// a git repository.
private func ridesRepository() -> SourceFolder {
  let folder = SourceFolder([
    "Examples/Rides/.ribcage.yml": "naming:\n  service: [Service, Clock]\n",
    "Examples/Rides/Sources/RidesApp/Backend/SimulatedClock.swift": clock,
    "Examples/Rides/Sources/RidesApp/RIBs/TripInteractor.swift": interactor,
  ])
  folder.makeGitRepository()
  return folder
}

@Test(.timeLimit(.minutes(10)))
func theRidesExampleGetsTheSameFindingsFromTheRepositoryRootAndFromItsFolder() {
  let repository = ridesRepository()
  let fromRoot = ribcage(["lint", "Examples/Rides"], in: repository.path)
  let wholeRepository = ribcage(["lint"], in: repository.path)
  let fromFolder = ribcage(["lint"], in: repository.path + "/Examples/Rides")

  let expected =
    "Sources/RidesApp/RIBs/TripInteractor.swift:4:17: warning: override of didBecomeActive does not call super.didBecomeActive: the base class's work is skipped; call super.didBecomeActive() first [missing-super-call]"
  #expect(fromFolder.out == expected)
  #expect(fromRoot.out == "Examples/Rides/" + expected)
  #expect(wholeRepository.out == fromRoot.out)
  #expect([fromRoot.status, wholeRepository.status, fromFolder.status] == [0, 0, 0])
  // The summary says which file set the rules, relative to where the tool runs.
  #expect(fromRoot.error.hasSuffix("; config: Examples/Rides/.ribcage.yml"))
  #expect(fromFolder.error.hasSuffix("; config: .ribcage.yml"))
}

@Test(.timeLimit(.minutes(10))) func aNestedConfigurationRefinesItsParentsRulesAndNaming() {
  let folder = SourceFolder([
    ".ribcage.yml": """
    rules:
      strong-listener: warning
      missing-super-call: off
    naming:
      service: [Service, Clock]
    """,
    "Home.swift": leaky,
    "Feature/.ribcage.yml": "rules:\n  missing-super-call: error\n",
    "Feature/Home.swift": leaky,
    "Feature/SimulatedClock.swift": clock,
    "Other/Home.swift": leaky,
  ])
  let run = ribcage(["lint", "--quiet"], in: folder.path)
  let findings = run.out.split(separator: "\n").map { line in
    let parts = line.split(separator: " ")
    return "\(parts[0]) \(parts[1]) \(parts.last!)"
  }
  #expect(
    findings == [
      // Feature/: strong-listener inherited (warning), missing-super-call refined (error), and
      // the parent's naming still makes SimulatedClock a service.
      "Feature/Home.swift:2:7: warning: [strong-listener]",
      "Feature/Home.swift:3:17: error: [missing-super-call]",
      "Home.swift:2:7: warning: [strong-listener]",
      "Other/Home.swift:2:7: warning: [strong-listener]",
    ])
  #expect(run.status == 1)
  let summary = ribcage(["lint"], in: folder.path).error
  #expect(summary.hasSuffix("; config: .ribcage.yml, Feature/.ribcage.yml"))
}

@Test(.timeLimit(.minutes(10)))
func excludesAreRelativeToTheFolderOfTheFileThatListsThemAndAreInherited() {
  let folder = SourceFolder([
    ".ribcage.yml": "exclude:\n  - Legacy/**\n  - Old\n",
    "Legacy/Home.swift": leaky,
    "App/.ribcage.yml": "exclude:\n  - Generated/**\n",
    "App/Generated/Home.swift": leaky,
    "App/Legacy/Home.swift": leaky,  // the root's Legacy/** means ./Legacy, not App/Legacy
    "App/Old/Home.swift": leaky,  // App's own excludes add to the root's `Old`, not replace it
    "Generated/Home.swift": leaky,  // App's Generated/** means App/Generated only
  ])
  let run = ribcage(["lint", "--quiet", "--rule", "strong-listener"], in: folder.path)
  #expect(
    run.out.split(separator: "\n").map { $0.prefix { $0 != ":" } } == [
      "App/Legacy/Home.swift", "Generated/Home.swift",
    ])
}

@Test(.timeLimit(.minutes(10))) func theWalkUpStopsAtTheRootOfTheGitRepository() {
  let outer = SourceFolder([
    ".ribcage.yml": "rules:\n  strong-listener: off\n",
    "checkout/Home.swift": leaky,
  ])
  // Outside a repository, a configuration above the working directory applies.
  let above = ribcage(["lint", "--rule", "strong-listener"], in: outer.path + "/checkout")
  #expect(above.out.isEmpty)
  #expect(above.error.hasSuffix("; config: ../.ribcage.yml"))

  // Inside one, the walk ends at the folder holding .git (a worktree's .git file counts).
  outer.write("checkout/.git", "gitdir: /elsewhere\n")
  let inside = ribcage(["lint", "--rule", "strong-listener"], in: outer.path + "/checkout")
  #expect(inside.out.hasPrefix("Home.swift:2:7: warning:"))
  #expect(!inside.error.contains("config:"))

  // The repository root's own configuration still counts.
  outer.write("checkout/.ribcage.yml", "rules:\n  strong-listener: error\n")
  let root = ribcage(["lint", "--rule", "strong-listener"], in: outer.path + "/checkout")
  #expect(root.out.hasPrefix("Home.swift:2:7: error:"))
  #expect(root.error.hasSuffix("; config: .ribcage.yml"))
}

@Test(.timeLimit(.minutes(10)))
func configOverridesEveryNestedFileAndItsExcludesAreRelativeToItsFolder() {
  let folder = SourceFolder([
    ".ribcage.yml": "rules:\n  strong-listener: off\n",
    "Feature/.ribcage.yml": "rules:\n  strong-listener: off\n",
    "Feature/Home.swift": leaky,
    "Feature/Generated/Home.swift": leaky,
    "ci/lint.yml": "rules:\n  missing-super-call: off\nexclude:\n  - ../Feature/Generated/**\n",
  ])
  let run = ribcage(["lint", "--config", "ci/lint.yml"], in: folder.path)
  #expect(run.out.split(separator: "\n").map { $0.prefix(28) } == ["Feature/Home.swift:2:7: warn"])
  #expect(run.error.hasSuffix("; config: ci/lint.yml"))
}

@Test(.timeLimit(.minutes(10))) func aBadNestedConfigurationIsNamedRelativeToTheWorkingDirectory() {
  let folder = SourceFolder([
    "Feature/.ribcage.yml": "rules:\n  strong-listener: loud\n",
    "Feature/Home.swift": leaky,
  ])
  folder.makeGitRepository()
  let run = ribcage(["lint"], in: folder.path)
  #expect(run.status == 2)
  #expect(
    run.error
      == "error: Feature/.ribcage.yml: rules.strong-listener: expected error, warning or off, found 'loud'"
  )
  #expect(run.out.isEmpty)
}

@Test(.timeLimit(.minutes(10))) func jsonNamesTheConfigurationFilesAndOnlyThoseThatApplied() throws
{
  let repository = ridesRepository()
  repository.write("Examples/Unused/.ribcage.yml", "rules:\n  global-state: off\n")
  let run = ribcage(["lint", "Examples/Rides", "--format", "json"], in: repository.path)
  let object = try #require(
    try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
  #expect(object["configurations"] as? [String] == ["Examples/Rides/.ribcage.yml"])
}
