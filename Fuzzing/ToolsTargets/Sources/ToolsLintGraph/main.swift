import Foundation
import FuzzSupport
import RibcageLint

// `ribcage lint` and `ribcage graph` on one Swift file (swift-syntax parses anything; the rules
// and the graph builder must not trap on what it makes of it). The file is written to a folder
// of its own; every graph format renders; every finding points into the file.

enum Target {
  static let folder: String = {
    let path =
      NSTemporaryDirectory() + "ribcage-fuzz-lint-\(ProcessInfo.processInfo.processIdentifier)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()
  static let file = folder + "/Fuzzed.swift"

  static func run(_ bytes: [UInt8]) {
    guard FileManager.default.createFile(atPath: file, contents: Data(bytes)) else {
      fatalError("cannot write \(file)")
    }
    var linter = Linter(configuration: LintConfiguration())
    linter.jobs = 1
    let lineCount = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
    if let report = try? linter.lint(paths: [file], workingDirectory: folder) {
      for finding in report.findings {
        invariant(
          finding.line >= 0 && finding.line <= lineCount, "\(finding) in \(lineCount) lines")
      }
      invariant(report.lineCount <= lineCount + 1, "\(report.lineCount) lines of \(lineCount)")
    }
    if let graph = try? linter.graph(paths: [file], workingDirectory: folder) {
      for format in GraphFormat.allCases { _ = format.render(graph) }
      _ = GraphFormat.problems(graph.graph)
      _ = GraphFormat.summary(graph)
    }
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLintGraph(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  Target.run(FuzzInput(start, count).bytes)
  return 0
}
