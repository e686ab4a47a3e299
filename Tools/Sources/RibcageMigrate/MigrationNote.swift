/// Something `ribcage migrate` found but cannot rewrite safely: a person must look at it.
public struct MigrationNote: Equatable, Sendable {
  /// The file, as given or found.
  public var path: String
  /// 1-based line.
  public var line: Int
  /// What to do.
  public var message: String
  /// The section of Sources/Ribcage/Ribcage.docc/Migration.md that explains it.
  public var guideSection: String

  /// Creates a note.
  public init(path: String, line: Int, message: String, guideSection: String) {
    self.path = path
    self.line = line
    self.message = message
    self.guideSection = guideSection
  }

  /// `path:line: note: message (see Sources/Ribcage/Ribcage.docc/Migration.md#section)`, like a
  /// compiler note.
  public var rendered: String {
    let guide = "Sources/Ribcage/Ribcage.docc/Migration.md"
    return "\(path):\(line): note: \(message) (see \(guide)#\(guideSection))"
  }
}
