/// The parameters a deep link or push payload brought, with typed accessors that throw
/// ``DeepLinkError/missingParameter(name:pattern:)`` or ``DeepLinkError/wrongType(name:expected:value:)``.
///
/// ```swift
/// try router.register("rides://trip/{id}") { link in .trip(id: try link.int("id")) }
/// ```
public struct DeepLinkMatch: Sendable, Equatable {
  /// The pattern (or push type) that matched.
  public let pattern: String
  /// Every parameter, by name.
  public let parameters: [String: ScalarValue]

  /// Creates a match.
  public init(pattern: String, parameters: [String: ScalarValue]) {
    self.pattern = pattern
    self.parameters = parameters
  }

  private func value(_ name: String) throws(DeepLinkError) -> ScalarValue {
    guard let value = parameters[name] else {
      throw .missingParameter(name: name, pattern: pattern)
    }
    return value
  }

  /// The parameter `name` as text (numbers and booleans are written out).
  public func string(_ name: String) throws(DeepLinkError) -> String {
    switch try value(name) {
    case .string(let text): text
    case .int(let number): String(number)
    case .double(let number): String(number)
    case .bool(let flag): String(flag)
    }
  }

  /// The parameter `name` if present, as text.
  public func optionalString(_ name: String) -> String? {
    try? string(name)
  }

  /// The parameter `name` as an integer (decimal digits, optionally signed, in URLs).
  public func int(_ name: String) throws(DeepLinkError) -> Int {
    let raw = try value(name)
    switch raw {
    case .int(let number): return number
    case .string(let text):
      if let number = Int(text) { return number }
      throw .wrongType(name: name, expected: "an integer", value: text)
    default:
      throw .wrongType(name: name, expected: "an integer", value: raw.description)
    }
  }

  /// The parameter `name` as a boolean (`true`/`false`, or `1`/`0`, in URLs).
  public func bool(_ name: String) throws(DeepLinkError) -> Bool {
    let raw = try value(name)
    switch raw {
    case .bool(let flag): return flag
    case .string("true"), .string("1"): return true
    case .string("false"), .string("0"): return false
    default: throw .wrongType(name: name, expected: "a boolean", value: raw.description)
    }
  }
}
