/// A problem with a flag source; the offending entry is ignored, everything else applies.
public struct FlagIssue: Sendable, Equatable, CustomStringConvertible {
  /// What was wrong.
  public enum Kind: Sendable, Equatable {
    /// The source names a flag nobody registered.
    case unknownKey
    /// The value has the wrong type for the flag.
    case wrongType(expected: String, found: String)
    /// The source is not a flat JSON object of flag values.
    case malformedSource(String)
  }

  /// What was wrong.
  public let kind: Kind
  /// The flag key, when the issue is about one entry.
  public let key: String?
  /// The source the entry came from.
  public let source: FlagSource

  /// Creates an issue.
  public init(kind: Kind, key: String?, source: FlagSource) {
    self.kind = kind
    self.key = key
    self.source = source
  }

  public var description: String {
    switch kind {
    case .unknownKey:
      "\(source) sets unknown flag \"\(key ?? "")\"; ignored. Register the flag or remove the entry."
    case .wrongType(let expected, let found):
      "\(source) sets flag \"\(key ?? "")\" to \(found), but it is \(expected); ignored."
    case .malformedSource(let detail):
      "\(source) is not a flat JSON object of flag values (\(detail)); nothing from it applied."
    }
  }
}
