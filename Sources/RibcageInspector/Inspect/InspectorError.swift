/// Why an inspector connection could not start or was closed.
public enum InspectorError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The URL is not one `ribcage inspect` prints.
  case invalidURL(String, reason: String)
  /// No URL was given and `RIBCAGE_INSPECT` is not set.
  case noURL
  /// The host name could not be resolved, or no connection could be made.
  case cannotConnect(String)
  /// The server answered the WebSocket handshake with something else (a wrong token: 401).
  case handshakeRefused(String)
  /// The connection broke or the server sent what the protocol does not allow.
  case connectionLost(String)

  /// One line with no control character: the reasons carry text a server chose (its status
  /// line, its answer's first line, its close reason), and an escape sequence in it would reach
  /// the developer's terminal. Each control character (C0, DEL, C1), bidirectional control (an
  /// override would show the rest of the line reversed: "refused" reading as something else)
  /// and line or paragraph separator reads as U+FFFD.
  public var description: String {
    String(
      String.UnicodeScalarView(
        sentence.unicodeScalars.lazy.map { scalar in
          Self.isUnprintable(scalar) ? "\u{FFFD}" : scalar
        }))
  }

  /// Whether `scalar` could change how the terminal shows the line, or end it.
  private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: true
    default: scalar.properties.isBidiControl
    }
  }

  /// What ``description`` says, before control characters are replaced.
  private var sentence: String {
    switch self {
    case .invalidURL(let url, let reason):
      "'\(url)' is not an inspector URL: \(reason); use the URL ribcage inspect prints"
    case .noURL:
      "no inspector URL: pass one or set RIBCAGE_INSPECT to the URL ribcage inspect prints"
    case .cannotConnect(let reason): "cannot connect to the inspector: \(reason)"
    case .handshakeRefused(let reason): "the inspector refused the connection: \(reason)"
    case .connectionLost(let reason): "the inspector connection was lost: \(reason)"
    }
  }
}
