import SwiftParser
import SwiftSyntax

/// Reads, parses and analyses one file.
enum FileAnalyzer {
  static func analyze(
    shownPath: String, absolutePath: String, naming: Naming, enabled: Set<String>,
    includesTests: Bool = false, externalRoles: [String: Set<Role>] = [:]
  ) -> FileAnalysis {
    var analysis = FileAnalysis(shownPath: shownPath)
    let bytes: [UInt8]
    switch SourceText.read(absolutePath) {
    case .success(let read): bytes = read
    case .failure(let reason):
      analysis.note = FileNote(path: shownPath, kind: .skipped, reason: reason.description)
      return analysis
    }
    let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    if tree.hasError {
      analysis.note = FileNote(
        path: shownPath, kind: .partial,
        reason: "has syntax errors; analysed as far as the parser recovered")
    }
    let isMain = shownPath == "main.swift" || shownPath.hasSuffix("/main.swift")
    let visitor = RIBVisitor(
      bytes: bytes, naming: naming, enabled: enabled, isMainFile: isMain,
      includesTests: includesTests, externalRoles: externalRoles)
    visitor.walk(tree)
    analysis.findings = visitor.findings
    analysis.facts = visitor.facts
    analysis.suppressions = Suppressions(bytes: bytes)
    analysis.lineCount = bytes.reduce(into: 0) { if $1 == UInt8(ascii: "\n") { $0 += 1 } }
    if let last = bytes.last, last != UInt8(ascii: "\n") { analysis.lineCount += 1 }
    return analysis
  }
}
