/// A JSON scalar — boolean, integer, number or string: a flag value as a source provides it
/// (before it is checked against the flag's type), or a value of a push payload.
public enum ScalarValue: Sendable, Equatable, CustomStringConvertible {
  case bool(Bool)
  case int(Int)
  case double(Double)
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

/// A typed feature flag: a key, a default, and what it guards.
///
/// ```swift
/// extension FeatureFlag where Value == Bool {
///   static let coupons = FeatureFlag("coupons", default: true)
/// }
/// ```
public struct FeatureFlag<Value: FlagValue>: Sendable, Hashable {
  /// The key sources use for it.
  public let key: String
  /// The value when no source sets one.
  public let defaultValue: Value

  /// Creates a flag.
  public init(_ key: String, default defaultValue: Value) {
    self.key = key
    self.defaultValue = defaultValue
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key }
  public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// Where a flag value came from. Higher sources win: see ``FlagStore``.
public enum FlagSource: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
  /// The flag's own default.
  case defaults = 0
  /// A local file shipped with or written by the app.
  case localFile = 1
  /// Values pushed at runtime: a config fetch, a push notification.
  case runtime = 2
  /// Switched off automatically because its plugin failed.
  case autoDisabled = 3
  /// Set by a test (or a debug menu); beats everything.
  case override = 4

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String {
    switch self {
    case .defaults: "defaults"
    case .localFile: "local file"
    case .runtime: "runtime"
    case .autoDisabled: "auto-disabled"
    case .override: "override"
    }
  }
}

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

  public let kind: Kind
  /// The flag key, when the issue is about one entry.
  public let key: String?
  public let source: FlagSource

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
