import Foundation
import RibcageLint
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Lints and draws the graph (`ribcage check`): the same inputs must not break either.
private func lint(_ folder: SourceFolder, _ paths: [String] = []) throws -> LintReport {
  // Test code included: every file found must be accounted for.
  var configuration = LintConfiguration()
  configuration.includesTests = true
  let (report, graph) = try Linter(configuration: configuration).check(
    paths: paths, workingDirectory: folder.path)
  #expect(graph.analyzedFileCount == report.analyzedFileCount)
  #expect(report.parseCount == report.analyzedFileCount, "each file parsed once")
  #expect(graph.notes == report.notes)
  return report
}

private let leaky =
  "import Ribcage\nfinal class HomeInteractor: Interactor { var listener: HomeListener? }\n"

@Test(.timeLimit(.minutes(10))) func badFilesAreNotesNotCrashesAndEveryFileIsAccountedFor() throws {
  let folder = SourceFolder([
    "Good.swift": leaky,
    "Empty.swift": "",
    "Latin1.swift": "",
    "Binary.swift": "",
  ])
  // "// été" in Latin-1.
  folder.write("Latin1.swift", Data([0x2F, 0x2F, 0x20, 0xE9, 0x74, 0xE9, 0x0A]))
  folder.write("Binary.swift", Data([0xCF, 0xFA, 0xED, 0xFE, 0x00, 0x00, 0x01]))
  folder.write("Huge.swift", Data(repeating: UInt8(ascii: "\n"), count: 16 * 1_024 * 1_024 + 1))
  let report = try lint(folder)
  #expect(report.discoveredFileCount == 5)
  #expect(report.analyzedFileCount == 2)
  #expect(
    report.notes.map { "\($0.path): \($0.reason)" } == [
      "Binary.swift: binary file (contains NUL bytes)",
      "Huge.swift: too large to analyse (16 MB; the limit is 16 MB)",
      "Latin1.swift: not UTF-8 text",
    ])
  #expect(report.findings.map(\.path) == ["Good.swift"])
}

@Test(.timeLimit(.minutes(10))) func filesWithSyntaxErrorsAreAnalysedAsFarAsTheParserRecovers()
  throws
{
  let folder = SourceFolder([
    "Broken.swift": """
    import Ribcage
    final class HomeInteractor: Interactor {
      var listener: HomeListener?
      func broken( { let = }
      override func didBecomeActive() { }
    """
  ])
  let report = try lint(folder)
  #expect(
    report.notes == [
      FileNote(
        path: "Broken.swift", kind: .partial,
        reason: "has syntax errors; analysed as far as the parser recovered")
    ])
  #expect(report.findings.map(\.rule).contains("strong-listener"))
}

@Test(.timeLimit(.minutes(10))) func aFolderNamedLikeASwiftFileIsWalked() throws {
  let folder = SourceFolder(["GRDB.swift/Sources/Home.swift": leaky])
  let report = try lint(folder)
  #expect(report.findings.map(\.path) == ["GRDB.swift/Sources/Home.swift"])
  #expect(try lint(folder, ["GRDB.swift"]).findings.count == 1)
}

@Test(.timeLimit(.minutes(10))) func symlinkLoopsEndAndAreReported() throws {
  let folder = SourceFolder(["Sources/Home.swift": leaky])
  // A folder link back up, and a file link loop.
  symlink(folder.path + "/Sources", folder.path + "/Sources/Again")
  symlink(folder.path + "/Sources/B.swift", folder.path + "/Sources/A.swift")
  symlink(folder.path + "/Sources/A.swift", folder.path + "/Sources/B.swift")
  let report = try lint(folder)
  #expect(report.findings.map(\.path) == ["Sources/Home.swift"])
  #expect(report.notes.map(\.path) == ["Sources/A.swift", "Sources/B.swift"])
  #expect(report.notes.allSatisfy { $0.reason.contains("symbolic links") })
  #expect(report.discoveredFileCount == 3)
}

@Test(.timeLimit(.minutes(10))) func buildFoldersAndHiddenFoldersAreSkipped() throws {
  let folder = SourceFolder([
    ".build/checkouts/x/Leak.swift": leaky, ".hidden/Leak.swift": leaky,
    "Sources/Home.swift": leaky,
  ])
  #expect(try lint(folder).findings.map(\.path) == ["Sources/Home.swift"])
}

@Test(.timeLimit(.minutes(10))) func aPathThatDoesNotExistIsAnErrorNamingIt() {
  let folder = SourceFolder()
  #expect(throws: LintError.input(InputError(path: "Nope", reason: "No such file or directory"))) {
    try lint(folder, ["Nope"])
  }
}

/// The Swift sources of some of this machine's package copies, extracted at test time (never
/// committed): the analyzer must finish on all of them and account for every file.
@Test(.timeLimit(.minutes(10)))
func theAnalyzerSurvivesRealCodebases() throws {
  let packages = [
    ("jpsim/Yams", "6.2.2"), ("apple/swift-argument-parser", "1.8.2"),
    ("hummingbird-project/hummingbird", "2.28.1"),
  ]
  let folder = SourceFolder()
  var expected = 0
  for (repository, version) in packages {
    let target = folder.path + "/" + repository
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    let archive = Process()
    archive.executableURL = URL(fileURLWithPath: "/bin/sh")
    archive.arguments = [
      "-c",
      "git -C /opt/swift-packages/\(repository).git archive \(version) | tar -x -C '\(target)'",
    ]
    try archive.run()
    archive.waitUntilExit()
    try #require(archive.terminationStatus == 0, "cannot extract \(repository) \(version)")
    let enumerator = FileManager.default.enumerator(atPath: target)
    while let path = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if path.hasSuffix(".swift"),
        FileManager.default.fileExists(atPath: target + "/" + path, isDirectory: &isDirectory),
        !isDirectory.boolValue, !path.split(separator: "/").contains(where: { $0.hasPrefix(".") })
      {
        expected += 1
      }
    }
  }
  let report = try lint(folder)
  #expect(expected > 300)
  #expect(report.discoveredFileCount == expected)
  #expect(report.analyzedFileCount + report.notes.filter { $0.kind == .skipped }.count == expected)
  #expect(report.lineCount > 70_000)
}

/// Our own examples follow the rules, linted from the repository root as CI does: each file gets
/// the nearest .ribcage.yml (Rides has its own).
@Test(.timeLimit(.minutes(10))) func theExamplesAreLintClean() throws {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
  for example in ["Examples/Rides", "Examples/QuickStart"] {
    let report = try Linter().lint(paths: [example], workingDirectory: root)
    #expect(
      report.findings.isEmpty,
      "\(example): \(report.findings.map { "\($0.path):\($0.line) \($0.message)" })")
    #expect(report.analyzedFileCount >= 3)
  }
}

/// Declarations the graph could trip over: cycles everywhere, self-reference, names of the
/// framework's own types, empty and nameless things. It must finish and not crash.
@Test(.timeLimit(.minutes(10))) func theGraphSurvivesPathologicalDeclarations() throws {
  let folder = SourceFolder([
    "Cycles.swift": """
    class A: B {}
    class B: A {}
    protocol P: Q {}
    protocol Q: P {}
    class Router: Router {}
    class LoopRouter: ViewableRouter<LoopRouter, LoopRouter>, LoopRouting {}
    protocol LoopRouting: LoopRouting {}
    final class LoopBuilder: Builder<LoopBuilder>, LoopBuildable {
      func build() -> LoopRouting { LoopBuilder(dependency: self).build() }
    }
    protocol LoopBuildable: LoopBuildable, Buildable {}
    typealias X = Y
    typealias Y = X
    final class SelfComponent: Component<SelfComponent> { var x: X { fatalError() } }
    extension SelfComponent: SelfComponent {}
    """,
    "Nameless.swift": "class : Builder<> { func build( -> }\nextension { }\nlet = .init(",
    "Generic.swift": """
    final class GenericBuilder<T>: Builder<T> {}
    final class Many: Builder<Any>, Buildable {
      func build() -> Router<Never> { Router(interactor: fatalError()) }
    }
    """,
  ])
  let report = try lint(folder)
  #expect(report.analyzedFileCount == 3)
  let graph = try Linter(configuration: LintConfiguration()).graph(
    paths: [], workingDirectory: folder.path)
  #expect(graph.graph.nodes.map(\.name) == ["Loop"])
  #expect(graph.graph.edges.isEmpty)
}

/// A fuzzer's input (Fuzzing/FailCases/ToolsLintGraph) kept the parser busy for over a minute:
/// swift-syntax's time doubles with each level of `[`. Such a file is a note; a file at the limit
/// is analysed.
@Test(.timeLimit(.minutes(2))) func aFileNestingBracketsTooDeepIsANoteNotAHang() throws {
  let folder = SourceFolder([
    "Deep.swift": "let rend" + String(repeating: "[", count: 66) + "erScheduler: Int\n",
    "Generic.swift": "let a: " + String(repeating: "[A<", count: 40) + "Int\n",
    "AtTheLimit.swift": "let a: " + String(repeating: "[", count: 12) + "Int"
      + String(repeating: "]", count: 12) + " = []\n",
  ])
  let report = try lint(folder)
  #expect(report.analyzedFileCount == 1)
  #expect(
    report.notes.map(\.path) == ["Deep.swift", "Generic.swift"]
      && report.notes.allSatisfy { $0.reason.contains("square brackets more than 12 deep") })
}
