import SwiftParser
import SwiftSyntax

/// Reads, parses and analyses one file: the lint rules and the graph's facts from one parse.
enum FileAnalyzer {
  /// What to collect from a file.
  struct Request: Sendable {
    var naming: Naming
    var enabled: Set<String>
    /// The rules enabled for any file of the run: they collect their facts in every file (the
    /// whole run's conclusions need them), and report only where `enabled` has them.
    var collecting: Set<String> = []
    var includesTests = false
    /// Whether to run the lint rules.
    var rules = true
    /// Whether to collect the graph's facts, with the module the file belongs to.
    var graphModule: String?
    /// Whether to keep the parsed tree for a second look at the file's rules (see
    /// ``FileAnalysis/retained``).
    var retainsTree = false
  }

  static func analyze(
    shownPath: String, absolutePath: String, naming: Naming, enabled: Set<String>,
    includesTests: Bool = false, externalRoles: [String: Set<Role>] = [:]
  ) -> FileAnalysis {
    analyze(
      shownPath: shownPath, absolutePath: absolutePath,
      request: Request(naming: naming, enabled: enabled, includesTests: includesTests),
      externalRoles: externalRoles)
  }

  static func analyze(
    shownPath: String, absolutePath: String, request: Request,
    externalRoles: [String: Set<Role>] = [:]
  ) -> FileAnalysis {
    var analysis = FileAnalysis(shownPath: shownPath)
    let bytes: [UInt8]
    switch SourceText.read(absolutePath) {
    case .success(let read): bytes = read
    case .failure(let reason):
      analysis.note = FileNote(path: shownPath, kind: .skipped, reason: reason.description)
      return analysis
    }
    // Lint alone, in a file that may need no function body: its declarations first.
    if request.rules, request.graphModule == nil,
      outline(&analysis, bytes: bytes, request: request, externalRoles: externalRoles)
    {
      return analysis
    }
    let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    analysis.parseCount += 1
    if tree.hasError {
      analysis.note = FileNote(
        path: shownPath, kind: .partial,
        reason: "has syntax errors; analysed as far as the parser recovered")
    }
    if request.rules {
      applyRules(
        to: &analysis, tree: tree, bytes: bytes, request: request, externalRoles: externalRoles)
      if request.retainsTree { analysis.retained = RetainedTree(tree: tree, bytes: bytes) }
    }
    if let module = request.graphModule {
      let visitor = GraphVisitor(bytes: bytes)
      visitor.walk(tree)
      var facts = visitor.facts
      facts.path = shownPath
      facts.module = module
      analysis.graphFacts = facts
    }
    analysis.lineCount = lineCount(bytes)
    return analysis
  }

  /// Lints the file from its declarations alone (function bodies blanked) when that is all the
  /// rules read of it: no RIB framework imported, no type with a RIB role, no syntax error.
  /// Returns false (the parse counted) when the file needs its bodies.
  private static func outline(
    _ analysis: inout FileAnalysis, bytes: [UInt8], request: Request,
    externalRoles: [String: Set<Role>]
  ) -> Bool {
    guard !DeclarationOutline.mayImportRIBs(bytes), let outline = DeclarationOutline.blanked(bytes)
    else { return false }
    let tree = outline.withUnsafeBufferPointer { Parser.parse(source: $0) }
    analysis.parseCount += 1
    guard !tree.hasError else { return false }
    var attempt = analysis
    // The rules read the original bytes (suppressions, lines, skipped bodies' text): the
    // outline keeps every position.
    let context = applyRules(
      to: &attempt, tree: tree, bytes: bytes, request: request, externalRoles: externalRoles)
    guard !context.isRIBCode else { return false }
    analysis = attempt
    analysis.lineCount = lineCount(bytes)
    return true
  }

  static func lineCount(_ bytes: [UInt8]) -> Int {
    var count = bytes.reduce(into: 0) { if $1 == UInt8(ascii: "\n") { $0 += 1 } }
    if let last = bytes.last, last != UInt8(ascii: "\n") { count += 1 }
    return count
  }

  /// The file's rules again with roles only the whole run can tell, on the tree kept from the
  /// first look when there is one (else the file is read and parsed again).
  static func reapplyRules(
    to analysis: FileAnalysis, absolutePath: String, request: Request,
    externalRoles: [String: Set<Role>]
  ) -> FileAnalysis {
    guard let retained = analysis.retained else {
      var again = analyze(
        shownPath: analysis.shownPath, absolutePath: absolutePath,
        request: Request(
          naming: request.naming, enabled: request.enabled, collecting: request.collecting,
          includesTests: request.includesTests),
        externalRoles: externalRoles)
      again.graphFacts = analysis.graphFacts
      again.parseCount += analysis.parseCount
      return again
    }
    var updated = analysis
    updated.retained = nil
    applyRules(
      to: &updated, tree: retained.tree, bytes: retained.bytes, request: request,
      externalRoles: externalRoles)
    return updated
  }

  @discardableResult
  private static func applyRules(
    to analysis: inout FileAnalysis, tree: SourceFileSyntax, bytes: [UInt8], request: Request,
    externalRoles: [String: Set<Role>]
  ) -> FileContext {
    let path = analysis.shownPath
    let isMain = path == "main.swift" || path.hasSuffix("/main.swift")
    let context = FileContext(
      bytes: bytes, naming: request.naming, enabled: request.enabled,
      collecting: request.collecting.union(request.enabled), isMainFile: isMain,
      includesTests: request.includesTests, externalRoles: externalRoles)
    RuleWalker(context: context).walk(tree)
    analysis.findings = context.findings
    analysis.facts = context.facts
    analysis.suppressions = Suppressions(bytes: bytes)
    return context
  }
}

/// A parsed file kept for a second look.
struct RetainedTree: @unchecked Sendable {
  // A syntax tree is immutable; it is handed from the worker that parsed it to the one that
  // looks again, never shared between two at once.
  let tree: SourceFileSyntax
  let bytes: [UInt8]
}
