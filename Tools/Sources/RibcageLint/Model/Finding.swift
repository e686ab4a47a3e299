/// One rule violation at one place.
public struct Finding: Sendable, Equatable, Codable {
  /// The rule's id, e.g. `strong-listener`.
  public var rule: String
  public var severity: Severity
  /// The file's path as given or found (relative to the working directory when inside it).
  public var path: String
  /// 1-based line and column.
  public var line: Int
  public var column: Int
  /// What is wrong and how to fix it.
  public var message: String
  /// A fingerprint that survives edits elsewhere in the file (rule, path, the line's text and
  /// its occurrence): what baselines record.
  public var fingerprint: String

  public init(
    rule: String, severity: Severity, path: String, line: Int, column: Int, message: String,
    fingerprint: String = ""
  ) {
    self.rule = rule
    self.severity = severity
    self.path = path
    self.line = line
    self.column = column
    self.message = message
    self.fingerprint = fingerprint
  }
}

/// A file that was not analysed, or only partly.
public struct FileNote: Sendable, Equatable, Codable {
  public enum Kind: String, Sendable, Codable {
    /// Not analysed: unreadable, binary, not UTF-8, too large, a symlink loop.
    case skipped
    /// Analysed as far as the parser recovered from syntax errors.
    case partial
  }

  public var path: String
  public var kind: Kind
  public var reason: String

  public init(path: String, kind: Kind, reason: String) {
    self.path = path
    self.kind = kind
    self.reason = reason
  }
}
