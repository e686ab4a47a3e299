/// Why a JSON text did not parse: what was expected and the byte offset (0-based) where, so that
/// a tool can point at the exact spot in a long line instead of just saying "invalid JSON".
@_spi(RibcageTools)
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The 0-based offset of the offending byte; the length of the input when the text ended too
  /// early, and the opening quote for a string that never ends.
  public var offset: Int
  /// What is wrong, e.g. `expected ',' or '}' after an object member`. When the input ended too
  /// early it starts with `unexpected end of input; `.
  public var reason: String

  /// Creates an error at byte `offset` of the input, saying what was wrong there.
  public init(offset: Int, reason: String) {
    self.offset = offset
    self.reason = reason
  }

  public var description: String { "at byte \(offset): \(reason)" }
}
