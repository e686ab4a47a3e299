import Foundation
import RibcageMigrate
import Testing

/// The proof that keeping Combine is right: every Combine name family, migrated, type-checks
/// against RibcageCombine (Combine on Apple platforms, OpenCombine and the package's additions
/// here), in Swift 6 with main-actor default isolation — and the same file with its import
/// emptied does not, so the check can fail.
///
/// Slow (it builds the RibcageCombine package), so opt-in: `RIBCAGE_INTEGRATION=1`.
@Suite(
  .enabled(if: ProcessInfo.processInfo.environment["RIBCAGE_INTEGRATION"] == "1"),
  .timeLimit(.minutes(20)))
struct MigratedCombineTypeCheckTests {
  @Test func everyMigratedCombineFamilyTypeChecksAgainstRibcageCombine() throws {
    let flags = try RibcageCombineBuild.typeCheckFlags()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ribcage-migrate-combine-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var files: [String] = []
    for (index, fixture) in CombineFamilyFixtures.all.enumerated() {
      let migrated = Migrator().migrate(fixture.text, path: "Family\(index).swift")
      let path = folder.appendingPathComponent("Family\(index).swift").path
      try migrated.text.write(toFile: path, atomically: true, encoding: .utf8)
      files.append(path)
    }
    let check = try RibcageCombineBuild.typeCheck(files, flags: flags)
    #expect(check.status == 0, "migrated files failed to type-check:\n\(check.output)")

    // The same family with `import Combine` emptied, as migrate used to leave it, must fail.
    let emptied = folder.appendingPathComponent("Emptied.swift").path
    try "import Ribcage\nlet nothing = Empty<Int, Never>()\n"
      .write(toFile: emptied, atomically: true, encoding: .utf8)
    #expect(try RibcageCombineBuild.typeCheck([emptied], flags: flags).status != 0)
  }
}

/// The RibcageCombine package of this repository, built, and `swiftc -typecheck` against it.
enum RibcageCombineBuild {
  private static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// Builds the package and returns the search paths and module maps a file importing
  /// `RibcageCombine` needs.
  static func typeCheckFlags() throws -> [String] {
    let package = repositoryRoot + "/RibcageCombine"
    let build = try run(
      "swift", ["build", "--package-path", package, "--target", "RibcageCombine"])
    try #require(build.status == 0, "RibcageCombine did not build:\n\(build.output)")
    let binPath = try run("swift", ["build", "--package-path", package, "--show-bin-path"]).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
    var flags = ["-I", binPath + "/Modules"]
    let builds = (try? FileManager.default.contentsOfDirectory(atPath: binPath)) ?? []
    for folder in builds.sorted() where folder.hasSuffix(".build") {
      let moduleMap = binPath + "/" + folder + "/module.modulemap"
      if FileManager.default.fileExists(atPath: moduleMap) {
        flags += ["-Xcc", "-fmodule-map-file=" + moduleMap]
      }
    }
    return flags + ["-Xcc", "-I" + repositoryRoot + "/Sources/_RibcageAtomics/include"]
  }

  /// Type-checks `files` as one module in Swift 6 with main-actor default isolation.
  static func typeCheck(_ files: [String], flags: [String]) throws -> (
    status: Int32, output: String
  ) {
    try run(
      "swiftc",
      [
        "-typecheck", "-swift-version", "6", "-default-isolation", "MainActor",
        "-parse-as-library", "-module-name", "Migrated",
      ] + flags + files)
  }

  private static func run(_ tool: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
