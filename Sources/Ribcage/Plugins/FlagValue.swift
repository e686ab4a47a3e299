/// A type a feature flag can have: `Bool`, `Int`, `Double` or `String`.
public protocol FlagValue: Sendable, Equatable {
  /// The value, if `raw` has this type (an integer is accepted where a `Double` is expected).
  init?(flagValue raw: ScalarValue)
  /// The value as a raw flag value.
  var flagValue: ScalarValue { get }
  /// The JSON type name, for error messages.
  static var flagTypeName: String { get }
}

extension Bool: FlagValue {
  public init?(flagValue raw: ScalarValue) {
    guard case .bool(let value) = raw else { return nil }
    self = value
  }
  public var flagValue: ScalarValue { .bool(self) }
  public static var flagTypeName: String { "a boolean" }
}

extension Int: FlagValue {
  public init?(flagValue raw: ScalarValue) {
    guard case .int(let value) = raw else { return nil }
    self = value
  }
  public var flagValue: ScalarValue { .int(self) }
  public static var flagTypeName: String { "an integer" }
}

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

extension String: FlagValue {
  public init?(flagValue raw: ScalarValue) {
    guard case .string(let value) = raw else { return nil }
    self = value
  }
  public var flagValue: ScalarValue { .string(self) }
  public static var flagTypeName: String { "a string" }
}
