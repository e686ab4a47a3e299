/// A type a feature flag can have: `Bool`, `Int`, `Double` or `String`.
public protocol FlagValue: Sendable, Equatable {
  /// The value, if `raw` has this type (an integer is accepted where a `Double` is expected).
  init?(flagValue raw: ScalarValue)
  /// The value as a raw flag value.
  var flagValue: ScalarValue { get }
  /// The JSON type name, for error messages.
  static var flagTypeName: String { get }
}

/// A flag's value is a JSON boolean: an on/off switch such as a plugin gate.
extension Bool: FlagValue {
  public init?(flagValue raw: ScalarValue) {
    guard case .bool(let value) = raw else { return nil }
    self = value
  }
  public var flagValue: ScalarValue { .bool(self) }
  public static var flagTypeName: String { "a boolean" }
}

/// A flag's value is a JSON integer: a count or a limit.
extension Int: FlagValue {
  public init?(flagValue raw: ScalarValue) {
    guard case .int(let value) = raw else { return nil }
    self = value
  }
  public var flagValue: ScalarValue { .int(self) }
  public static var flagTypeName: String { "an integer" }
}

/// A flag's value is a JSON number (an integer is accepted too): a ratio or a duration.
extension Double: FlagValue {
  public init?(flagValue raw: ScalarValue) {
    switch raw {
    case .double(let value): self = value
    case .int(let value): self = Double(value)
    default: return nil
    }
  }
  public var flagValue: ScalarValue { .double(self) }
  public static var flagTypeName: String { "a number" }
}

/// A flag's value is a JSON string: a variant name or a URL.
extension String: FlagValue {
  public init?(flagValue raw: ScalarValue) {
    guard case .string(let value) = raw else { return nil }
    self = value
  }
  public var flagValue: ScalarValue { .string(self) }
  public static var flagTypeName: String { "a string" }
}
