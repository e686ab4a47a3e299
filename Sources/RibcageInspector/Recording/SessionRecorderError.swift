/// Why a ``SessionRecorder`` could not start or write.
public enum SessionRecorderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be created or written.
  case cannotWrite(path: String, reason: String)
  /// A setting is out of range.
  case invalidConfiguration(String)

  public var description: String {
    switch self {
    case .cannotWrite(let path, let reason): "cannot write the session to \(path): \(reason)"
    case .invalidConfiguration(let reason): "invalid session recorder configuration: \(reason)"
    }
  }
}
