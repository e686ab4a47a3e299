/// The bytes libFuzzer hands a target, read the ways targets need them.
public struct FuzzInput {
  /// The input's bytes.
  public let bytes: [UInt8]

  /// Copies the `count` bytes at `start`.
  public init(_ start: UnsafeRawPointer, _ count: Int) {
    bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
  }

  /// The bytes as text (invalid UTF-8 replaced, as a file read as text would be).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The text before the first line feed and the text after it (empty when there is none).
  public var firstLineAndRest: (first: String, rest: String) {
    guard let newline = bytes.firstIndex(of: 0x0A) else { return (text, "") }
    return (
      String(decoding: bytes[..<newline], as: UTF8.self),
      String(decoding: bytes[(newline + 1)...], as: UTF8.self)
    )
  }
}
