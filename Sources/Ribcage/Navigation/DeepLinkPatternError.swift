/// Why a pattern could not be registered: a programming error in the app's own table, reported
/// with the pattern text.
public struct DeepLinkPatternError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The pattern as written.
  public let pattern: String
  /// What is wrong with it.
  public let reason: String

  public var description: String { "invalid deep link pattern \"\(pattern)\": \(reason)" }
}
