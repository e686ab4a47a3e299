/// A problem with a flag source; the offending entry is ignored, everything else applies.
public struct FlagIssue: Sendable, Equatable, CustomStringConvertible {
  /// What was wrong.
  public enum Kind: Sendable, Equatable {
    /// The source names a flag nobody has registered (yet).
    ///
    /// Sources do not report it when they set such a flag: flags register lazily (a plugin point
    /// registers its flags when it is created), so the value waits in its layer and is applied —
    /// type-checked — when the flag registers. ``FlagStore/issuesForPendingKeys()`` turns the
    /// values still waiting into these issues, to find misspelt keys once every feature is loaded.
    case unknownKey
    /// The value has the wrong type for the flag. For a value that was waiting for its flag to
    /// register, it is reported at registration, and the value is dropped.
    case wrongType(expected: String, found: String)
    /// The source is not a flat JSON object of flag values.
    case malformedSource(String)
    /// A flag file sets the same key more than once. The last value applies (as it would for
    /// `JSON.parse` or `jq`); the earlier ones are ignored.
    case duplicateKey
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

  /// One line, the key quoted as a JSON string: a key comes from a file or a fetch, and written
  /// as it is, a quote or a line feed in it would end the sentence and start one of its own.
  public var description: String {
    let quotedKey = JSONText.quoted(key ?? "")
    return switch kind {
    case .unknownKey:
      "\(source) sets unknown flag \(quotedKey): no flag with this key is registered; its "
        + "value waits for one. Check the key for a typo."
    case .wrongType(let expected, let found):
      "\(source) sets flag \(quotedKey) to \(found), but it is \(expected); ignored."
    case .malformedSource(let detail):
      "\(source) is not a flat JSON object of flag values (\(detail)); nothing from it applied."
    case .duplicateKey:
      "\(source) sets flag \(quotedKey) more than once; the last value applies."
    }
  }
}
