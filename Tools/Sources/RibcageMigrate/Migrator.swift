import RibcageSourceLimits
import SwiftParser
import SwiftSyntax

/// The mechanical part of moving one Swift file from uber/RIBs or ModernRIBs to Ribcage.
///
/// It rewrites what has one meaning — `import RIBs`/`import ModernRIBs` → `import Ribcage`,
/// `ModernRIBs.X`/`RIBs.X` → `Ribcage.X`, in RIB code an `import Combine` anything in the file
/// could use → `import RibcageCombine` (Combine chains keep working: the package bridges them to
/// Ribcage) and an `import RxSwift`/`Combine` nothing could use emptied (never on a guess: a
/// name Combine shares with the standard library keeps it), ModernRIBs' publisher
/// `isActiveStream`/`isStartedStream` in a Combine chain → `isActiveStream.publisher`, and (from
/// ModernRIBs) `disposeOnDeactivate(interactor:)` → `cancelOnDeactivate(interactor:)`,
/// `cancelOnStop(_:)`/`disposeOnStop(_:)` → `cancelOnStop(worker:)` — and reports, as notes,
/// what a person must rewrite: Rx chains, `Workflow` and `Presenter` subclasses, the
/// `LeakDetector.instance` singleton, `RouterLifecycle`, names Ribcage does not keep,
/// protocol-style test doubles of `Routing`/`Interactable`, XCTest classes.
///
/// A file that is not RIB code (it imports no RIB library and calls no RIB API: repositories,
/// utilities) keeps its imports untouched, so targets that never depended on RIBs need nothing
/// new.
///
/// ```swift
/// let result = Migrator(source: .modernribs).migrate(text, path: "Sources/App/RootInteractor.swift")
/// if result.changed { try result.text.write(...) }
/// result.notes.forEach { print($0.rendered) }
/// ```
///
/// Only tokens are replaced, in place: lines never move, so running it again changes nothing
/// (it is idempotent) and a diff is line by line.
public struct Migrator: Sendable {
  /// Which library the code uses.
  public var source: MigrationSource?

  /// Creates a migrator; with no `source`, each file's import decides (`RIBs` or `ModernRIBs`).
  public init(source: MigrationSource? = nil) {
    self.source = source
  }

  /// The migrated text of one file, and the notes for what is left.
  public struct Result: Sendable {
    /// The new text (the old one when nothing changed).
    public var text: String
    /// Whether ``text`` differs from the input.
    public var changed: Bool
    /// How many tokens were rewritten.
    public var editCount: Int
    /// What a person must still do, in line order.
    public var notes: [MigrationNote]
    /// Whether the file keeps Combine code, so its target needs the RibcageCombine package.
    public var needsRibcageCombine = false
  }

  /// Migrates `text`, the contents of the file at `path` (used in notes only).
  ///
  /// A file nesting square brackets deeper than ``SquareBracketNesting/limit`` is left as it is,
  /// with a note: the parser's time doubles with each level.
  public func migrate(_ text: String, path: String) -> Result {
    if SquareBracketNesting.exceedsLimit(text.utf8) {
      let note = MigrationNote(
        path: path, line: 1,
        message: "not migrated: nests square brackets more than "
          + "\(SquareBracketNesting.limit) deep (the Swift parser's time doubles with each "
          + "level); split the expression or type, or migrate the file by hand",
        guideSection: "api-map")
      return Result(text: text, changed: false, editCount: 0, notes: [note])
    }
    let tree = Parser.parse(source: text)
    let visitor = MigrationVisitor(source: source, names: FileNames(tree))
    visitor.fileHasSyntaxErrors = tree.hasError
    visitor.walk(tree)
    visitor.finish()
    let converter = SourceLocationConverter(fileName: path, tree: tree)
    var notes: [MigrationNote] = []
    var noteAt: [String: Int] = [:]  // line and section → index in `notes`
    for finding in visitor.findings.sorted(by: { $0.position < $1.position }) {
      let line = converter.location(for: finding.position).line
      // One note per line and section: a chain of Rx operators is one thing to rewrite, its note
      // names each operator's Ribcage form.
      let key = "\(line)|\(finding.section)"
      if let index = noteAt[key] {
        if !notes[index].message.contains(finding.message) {
          notes[index].message += "; " + finding.message
        }
        continue
      }
      noteAt[key] = notes.count
      notes.append(
        MigrationNote(
          path: path, line: line, message: finding.message, guideSection: finding.section))
    }
    var bytes = Array(text.utf8)
    for edit in visitor.edits.sorted(by: { $0.start > $1.start }) {
      bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
    }
    let newText = visitor.edits.isEmpty ? text : String(decoding: bytes, as: UTF8.self)
    return Result(
      text: newText, changed: newText != text, editCount: visitor.edits.count, notes: notes,
      needsRibcageCombine: visitor.needsRibcageCombine)
  }
}
