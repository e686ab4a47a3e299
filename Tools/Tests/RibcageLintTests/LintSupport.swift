import Foundation
import RibcageCommands
import RibcageLint
import Testing

/// A temporary folder of source files, removed when released.
final class SourceFolder {
  let path: String

  init(_ files: [String: String] = [:]) {
    path = NSTemporaryDirectory() + "ribcage-lint-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (name, contents) in files { write(name, contents) }
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  func write(_ relative: String, _ contents: String) {
    write(relative, Data(contents.utf8))
  }

  func write(_ relative: String, _ data: Data) {
    let full = path + "/" + relative
    try! FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try! data.write(to: URL(fileURLWithPath: full))
  }
}

/// The findings of `rule` (or every rule) for one source file.
func findings(_ source: String, rule: Rule? = nil, file: String = "Sample.swift") throws
  -> [Finding]
{
  let folder = SourceFolder([file: source])
  var configuration = LintConfiguration()
  // A rule asked for by name runs even when it is off by default.
  if let rule, !rule.isOnByDefault { configuration.severities[rule.id] = rule.defaultSeverity }
  var linter = Linter(configuration: configuration)
  if let rule { linter.onlyRules = [rule.id] }
  return try linter.lint(paths: [], workingDirectory: folder.path).findings
}

/// The findings of `rule` over several files (paths relative to a fresh folder), as
/// `path:line`; test code is linted only when `includeTests`.
func findingPlaces(_ files: [String: String], _ rule: Rule, includeTests: Bool = false) throws
  -> [String]
{
  let folder = SourceFolder(files)
  var configuration = LintConfiguration()
  configuration.includesTests = includeTests
  var linter = Linter(configuration: configuration)
  linter.onlyRules = [rule.id]
  return try linter.lint(paths: [], workingDirectory: folder.path).findings.map {
    "\($0.path):\($0.line)"
  }
}

/// The lines `rule` fires on in `source`.
func lines(_ source: String, _ rule: Rule) throws -> [Int] {
  try findings(source, rule: rule).map(\.line)
}

/// What `ribcage` printed and returned.
struct LintRun {
  var status: Int32
  var out: String
  var error: String
}

final class Captured: @unchecked Sendable {
  var out: [String] = []
  var error: [String] = []
}

func ribcage(_ arguments: [String], in directory: String) -> LintRun {
  let captured = Captured()
  let console = ToolConsole(
    workingDirectory: directory, out: { captured.out.append($0) },
    error: { captured.error.append($0) })
  let status = RibcageTool.run(arguments, on: console)
  return LintRun(
    status: status, out: captured.out.joined(separator: "\n"),
    error: captured.error.joined(separator: "\n"))
}

extension SourceFolder {
  /// Makes the folder the root of a git repository, as far as configuration lookup can tell.
  func makeGitRepository() {
    try! FileManager.default.createDirectory(
      atPath: path + "/.git", withIntermediateDirectories: true)
  }
}
