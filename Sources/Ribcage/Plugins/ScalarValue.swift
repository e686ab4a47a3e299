/// A JSON scalar — boolean, integer, number or string: a flag value as a source provides it
/// (before it is checked against the flag's type), or a value of a push payload.
public enum ScalarValue: Sendable, Equatable, CustomStringConvertible {
  /// `true` or `false`.
  case bool(Bool)
  /// A number without a fraction or exponent.
  case int(Int)
  /// Any other number.
  case double(Double)
  /// Text.
  case string(String)

  public var description: String {
    switch self {
    case .bool(let value): "\(value)"
    case .int(let value): "\(value)"
    case .double(let value): "\(value)"
    case .string(let value): "\"\(value)\""
    }
  }

  /// The JSON type name, for error messages.
  var typeName: String {
    switch self {
    case .bool: "a boolean"
    case .int: "an integer"
    case .double: "a number"
    case .string: "a string"
    }
  }
}
