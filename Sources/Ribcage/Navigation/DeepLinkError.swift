/// Why a URL or push payload did not become a link. Every case leaves the app as it was: a link
/// is parsed completely before anything acts on it.
public enum DeepLinkError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The input is not a well-formed URL (bad scheme, bad percent-encoding, ...).
  case malformed(input: String, reason: String)
  /// Well-formed, but no registered pattern or payload shape matches.
  case unhandled(input: String)
  /// A pattern matched, but a required parameter is absent.
  case missingParameter(name: String, pattern: String)
  /// A parameter is present but not of the expected type.
  case wrongType(name: String, expected: String, value: String)
  /// A query item the pattern captures appears more than once.
  case duplicateQueryItem(name: String)
  /// The app's link builder refused the parameters with an error of its own.
  case rejected(input: String, reason: String)

  public var description: String {
    switch self {
    case .malformed(let input, let reason): "malformed deep link \"\(input)\": \(reason)"
    case .unhandled(let input): "no deep link handles \"\(input)\""
    case .missingParameter(let name, let pattern):
      "deep link for \(pattern) is missing the parameter \"\(name)\""
    case .wrongType(let name, let expected, let value):
      "deep link parameter \"\(name)\" should be \(expected), got \"\(value)\""
    case .duplicateQueryItem(let name):
      "deep link has the query item \"\(name)\" more than once"
    case .rejected(let input, let reason): "deep link \"\(input)\" was rejected: \(reason)"
    }
  }
}
