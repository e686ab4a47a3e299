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
