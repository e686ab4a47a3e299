/// How deep a Swift file nests square brackets in its code, for the tools to check before they
/// hand the file to swift-syntax's parser.
///
/// The parser (swift-syntax 603) tries each `[` as the start of an inline-array type (`[3 of
/// Int]`) before it reads it as an array type or literal, and the time doubles with each level
/// of nesting: a 20-deep `[[[…` took 28 s in a debug build, a 12-deep one 0.1 s. No code a team
/// writes nests that deep, but a hostile or corrupted file could keep `ribcage lint` busy for
/// hours. Comments and string literals are skipped (an unbalanced `"["` in a string does not
/// count); code inside an interpolation counts.
public enum SquareBracketNesting {
  /// The deepest nesting the tools parse.
  public static let limit = 12

  /// Whether `bytes` nest square brackets deeper than ``limit``.
  public static func exceedsLimit(_ bytes: some Collection<UInt8>) -> Bool {
    deepest(in: bytes, stoppingAbove: limit) > limit
  }

  /// The deepest nesting of `[` in the code of `bytes`, or the first depth above `bound`.
  public static func deepest(in bytes: some Collection<UInt8>, stoppingAbove bound: Int = .max)
    -> Int
  {
    var scanner = BracketScanner(Array(bytes))
    return scanner.run(stoppingAbove: bound)
  }
}

/// The lexer behind ``SquareBracketNesting``: code, comments, string literals (raw, multi-line)
/// and interpolations, with an explicit stack so that nested interpolations cannot overflow
/// the call stack.
private struct BracketScanner {
  /// What the scanner is inside.
  private enum Frame {
    /// Code, with the parentheses opened in it (an interpolation ends at its unmatched `)`).
    case code(parentheses: Int)
    /// A string literal opened with `hashes` `#`s, `"""` when multi-line.
    case string(hashes: Int, isMultiline: Bool)
  }

  private let bytes: [UInt8]
  private var index = 0
  private var frames: [Frame] = [.code(parentheses: 0)]
  private var depth = 0
  private var deepest = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  private func byte(_ offset: Int) -> UInt8 {
    index + offset < bytes.count ? bytes[index + offset] : 0
  }

  private func hashes(from offset: Int) -> Int {
    var count = 0
    while byte(offset + count) == UInt8(ascii: "#") { count += 1 }
    return count
  }

  mutating func run(stoppingAbove bound: Int) -> Int {
    while index < bytes.count, deepest <= bound {
      switch frames[frames.count - 1] {
      case .code(let parentheses): scanCode(parentheses: parentheses)
      case .string(let hashes, let isMultiline):
        scanString(hashes: hashes, isMultiline: isMultiline)
      }
    }
    return deepest
  }

  private mutating func scanCode(parentheses: Int) {
    switch byte(0) {
    case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
      while index < bytes.count, !isLineBreak(byte(0)) { index += 1 }
    case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
      skipBlockComment()
    case UInt8(ascii: "/"):
      index = bareRegexEnd() ?? index + 1
    case UInt8(ascii: "\""):
      openString(hashes: 0)
    case UInt8(ascii: "#"):
      let count = hashes(from: 0)
      if byte(count) == UInt8(ascii: "\"") {
        openString(hashes: count)
      } else if byte(count) == UInt8(ascii: "/") {
        skipExtendedRegex(hashes: count)
      } else {
        index += count
      }
    case UInt8(ascii: "("):
      frames[frames.count - 1] = .code(parentheses: parentheses + 1)
      index += 1
    case UInt8(ascii: ")"):
      if parentheses == 0, frames.count > 1 {
        frames.removeLast()  // the end of an interpolation: back in its string
      } else {
        frames[frames.count - 1] = .code(parentheses: max(0, parentheses - 1))
      }
      index += 1
    case UInt8(ascii: "["):
      depth += 1
      deepest = max(deepest, depth)
      index += 1
    case UInt8(ascii: "]"):
      depth = max(0, depth - 1)
      index += 1
    default:
      index += 1
    }
  }

  /// Swift ends a line at a line feed or a carriage return.
  private func isLineBreak(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  /// Where a regex literal `/…/` starting here ends, if it is one: after an operator or an
  /// opening bracket (not after a value, where `/` divides), not followed by a space, and closed
  /// on the same line (brackets of a character class and escapes inside skipped).
  private func bareRegexEnd() -> Int? {
    var previous = index - 1
    while previous >= 0, bytes[previous] == UInt8(ascii: " ") || bytes[previous] == 9 {
      previous -= 1
    }
    let before: UInt8 = previous >= 0 ? bytes[previous] : UInt8(ascii: "\n")
    guard Array("(,=:[{;!&|?\n\r".utf8).contains(before),
      byte(1) != UInt8(ascii: " "), byte(1) != UInt8(ascii: "\t")
    else { return nil }
    var end = index + 1
    var inClass = 0
    while end < bytes.count, !isLineBreak(bytes[end]) {
      switch bytes[end] {
      case UInt8(ascii: "\\"): end += 1
      case UInt8(ascii: "["): inClass += 1
      case UInt8(ascii: "]") where inClass > 0: inClass -= 1
      case UInt8(ascii: "/") where inClass == 0: return end + 1
      default: break
      }
      end += 1
    }
    return nil
  }

  /// Skips `#/…/#` (any number of `#`s, over several lines when it is written so); an unclosed
  /// one is not a regex, and only its `#`s are skipped.
  private mutating func skipExtendedRegex(hashes: Int) {
    var end = index + hashes + 1
    while end < bytes.count {
      if bytes[end] == UInt8(ascii: "\\") {
        end += 2
      } else if bytes[end] == UInt8(ascii: "/"),
        (1...hashes).allSatisfy({ end + $0 < bytes.count && bytes[end + $0] == UInt8(ascii: "#") })
      {
        index = end + 1 + hashes
        return
      } else {
        end += 1
      }
    }
    index += hashes
  }

  /// Skips `/* … */`, nested ones included (an unclosed one runs to the end).
  private mutating func skipBlockComment() {
    var open = 0
    while index < bytes.count {
      if byte(0) == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
        open += 1
        index += 2
      } else if byte(0) == UInt8(ascii: "*"), byte(1) == UInt8(ascii: "/") {
        open -= 1
        index += 2
        if open == 0 { return }
      } else {
        index += 1
      }
    }
  }

  /// Enters the string literal whose quote is `hashes` bytes ahead.
  private mutating func openString(hashes: Int) {
    index += hashes
    let isMultiline = byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\"")
    index += isMultiline ? 3 : 1
    frames.append(.string(hashes: hashes, isMultiline: isMultiline))
  }

  private mutating func scanString(hashes: Int, isMultiline: Bool) {
    let current = byte(0)
    if current == UInt8(ascii: "\\"), self.hashes(from: 1) >= hashes {
      index += 1 + hashes
      if byte(0) == UInt8(ascii: "(") {
        frames.append(.code(parentheses: 0))
      }
      // An escaped line break does not continue a one-line string: it ends with its line.
      if isMultiline || !isLineBreak(byte(0)) { index += 1 }
      return
    }
    if isLineBreak(current), !isMultiline {
      frames.removeLast()  // an unterminated string ends with its line
      index += 1
      return
    }
    if current == UInt8(ascii: "\"") {
      let quotes = isMultiline ? 3 : 1
      let closes =
        (0..<quotes).allSatisfy { byte($0) == UInt8(ascii: "\"") }
        && self.hashes(from: quotes) >= hashes
      if closes {
        frames.removeLast()
        index += quotes + hashes
        return
      }
    }
    index += 1
  }
}
