/// Why a session file could not be loaded. Every case names the line (1-based) and, where one
/// is at fault, the field; nothing is loaded.
public enum SessionFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(path: String, reason: String)
  /// The file is larger than the limit given to the loader.
  case tooLarge(bytes: Int, limit: Int)
  /// A line is longer than the limit given to the loader.
  case lineTooLong(line: Int, bytes: Int, limit: Int)
  /// The file is empty.
  case empty
  /// The first line is not a `ribcage-session` header.
  case notASession(reason: String)
  /// The session was written in a newer version of the format than this library reads.
  case unsupportedVersion(found: Int, supported: Int)
  /// A line is not valid JSON.
  case invalidJSON(line: Int, reason: String)
  /// A line lacks a field its type requires.
  case missingField(line: Int, field: String)
  /// A field holds a value of the wrong type.
  case wrongType(line: Int, field: String, expected: String, found: String)
  /// A field holds a value outside what the format allows (an unknown hook or phase).
  case invalidValue(line: Int, field: String, reason: String)
  /// Sequence numbers must increase from line to line.
  case sequenceOutOfOrder(line: Int, seq: Int64, previous: Int64)
  /// The event does not fit the tree built so far (a RIB attached twice, one that is not there).
  case inconsistent(line: Int, field: String, reason: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "cannot read session \(path): \(reason)"
    case .tooLarge(let bytes, let limit):
      "session is \(bytes) bytes, over the \(limit)-byte limit; raise the loader's limit to open it"
    case .lineTooLong(let line, let bytes, let limit):
      "line \(line): \(bytes) bytes, over the \(limit)-byte line limit"
    case .empty: "the session file is empty"
    case .notASession(let reason): "line 1: not a ribcage-session header: \(reason)"
    case .unsupportedVersion(let found, let supported):
      "line 1: the session is format version \(found); this library reads up to version "
        + "\(supported). Update Ribcage to open it."
    case .invalidJSON(let line, let reason): "line \(line): invalid JSON (\(reason))"
    case .missingField(let line, let field): "line \(line): missing field \"\(field)\""
    case .wrongType(let line, let field, let expected, let found):
      "line \(line): field \"\(field)\" should be \(expected), found \(found)"
    case .invalidValue(let line, let field, let reason):
      "line \(line): field \"\(field)\": \(reason)"
    case .sequenceOutOfOrder(let line, let seq, let previous):
      "line \(line): field \"seq\" is \(seq), not after the previous \(previous)"
    case .inconsistent(let line, let field, let reason):
      "line \(line): field \"\(field)\": \(reason)"
    }
  }
}

/// Something a loader accepted with a caveat.
public enum SessionFileWarning: Sendable, Equatable, CustomStringConvertible {
  /// The last line was cut short (the app stopped while writing it): it was left out.
  case tornLastLine(line: Int)
  /// An event type this version does not know was skipped.
  case unknownEventType(line: Int, type: String)

  public var description: String {
    switch self {
    case .tornLastLine(let line):
      "line \(line): the last line is incomplete (the app stopped while writing it); loaded the "
        + "lines before it"
    case .unknownEventType(let line, let type):
      "line \(line): skipped an event of unknown type \"\(type)\""
    }
  }
}
