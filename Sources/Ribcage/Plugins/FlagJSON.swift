/// A small, strict parser for flag files: one flat JSON object whose values are booleans, numbers
/// or strings. Anything else is a typed error with the position — a bad file never crashes and
/// never half-applies.
///
/// It follows RFC 8259 exactly, so a file means what every other JSON tool says it means:
/// - numbers are `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` (no `+1`, no `01`, no `.5`); one
///   without a fraction or exponent is an integer when it fits an `Int`, otherwise a number, and
///   a number too large for a `Double` is an error;
/// - strings accept every escape (`\" \\ \/ \b \f \n \r \t \uXXXX`), `\u` takes exactly four hex
///   digits, a surrogate pair (`\ud83d\ude00`) is one character and a lone surrogate is an error,
///   and unescaped control characters (below U+0020) are errors;
/// - whitespace is space, tab, line feed and carriage return only, and nothing may follow the
///   object; a leading UTF-8 byte-order mark is skipped.
///
/// Duplicate keys are not the parser's business: it returns every entry in order, and
/// ``FlagStore/loadFile(_:)`` reports them.
enum FlagJSON {
  struct ParseError: Error, Equatable, CustomStringConvertible {
    let message: String
    let offset: Int
    var description: String { "\(message) at byte \(offset)" }
  }

  static func parseObject(_ text: String) throws(ParseError) -> [(key: String, value: ScalarValue)]
  {
    var parser = Parser(bytes: Array(text.utf8))
    // A UTF-8 byte-order mark (some editors write one) is skipped, as RFC 8259 allows: rejecting
    // the file would drop every kill switch in it. Offsets still count from the file's start.
    if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    try parser.expect(UInt8(ascii: "{"))
    var entries: [(key: String, value: ScalarValue)] = []
    parser.skipWhitespace()
    if parser.peek() == UInt8(ascii: "}") {
      parser.index += 1
    } else {
      while true {
        parser.skipWhitespace()
        let key = try parser.string()
        parser.skipWhitespace()
        try parser.expect(UInt8(ascii: ":"))
        parser.skipWhitespace()
        entries.append((key, try parser.value()))
        parser.skipWhitespace()
        if parser.peek() == UInt8(ascii: ",") {
          parser.index += 1
          continue
        }
        try parser.expect(UInt8(ascii: "}"))
        break
      }
    }
    parser.skipWhitespace()
    guard parser.index == parser.bytes.count else {
      throw ParseError(message: "unexpected text after the object", offset: parser.index)
    }
    return entries
  }

  private struct Parser {
    let bytes: [UInt8]
    var index = 0

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    static func isDigit(_ byte: UInt8) -> Bool {
      byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    mutating func skipWhitespace() {
      while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        index += 1
      }
    }

    mutating func expect(_ byte: UInt8) throws(ParseError) {
      guard peek() == byte else {
        throw ParseError(message: "expected '\(Character(UnicodeScalar(byte)))'", offset: index)
      }
      index += 1
    }

    mutating func value() throws(ParseError) -> ScalarValue {
      switch peek() {
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"):
        try literal("true")
        return .bool(true)
      case UInt8(ascii: "f"):
        try literal("false")
        return .bool(false)
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        throw ParseError(message: "nested objects and arrays are not flag values", offset: index)
      case UInt8(ascii: "n"):
        throw ParseError(message: "null is not a flag value", offset: index)
      default: return try number()
      }
    }

    mutating func literal(_ word: String) throws(ParseError) {
      for byte in word.utf8 {
        guard peek() == byte else { throw ParseError(message: "expected \(word)", offset: index) }
        index += 1
      }
    }

    /// One or more digits; the error names what they were for.
    mutating func digits(for part: String) throws(ParseError) {
      guard let byte = peek(), Self.isDigit(byte) else {
        throw ParseError(message: "expected a digit in the \(part) of a number", offset: index)
      }
      while let byte = peek(), Self.isDigit(byte) { index += 1 }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, nothing more.
    mutating func number() throws(ParseError) -> ScalarValue {
      let start = index
      if peek() == UInt8(ascii: "-") { index += 1 }
      guard let first = peek(), Self.isDigit(first) else {
        throw ParseError(message: "expected a value", offset: start)
      }
      index += 1
      if first == UInt8(ascii: "0"), let next = peek(), Self.isDigit(next) {
        throw ParseError(message: "a number may not have a leading zero", offset: start)
      }
      while let byte = peek(), Self.isDigit(byte) { index += 1 }
      var isInteger = true
      if peek() == UInt8(ascii: ".") {
        isInteger = false
        index += 1
        try digits(for: "fraction")
      }
      if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
        isInteger = false
        index += 1
        if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
        try digits(for: "exponent")
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      if isInteger, let value = Int(text) { return .int(value) }
      guard let value = Double(text), value.isFinite else {
        throw ParseError(message: "number out of range", offset: start)
      }
      return .double(value)
    }

    /// The four hex digits of a `\u` escape, which starts at `escapeStart`.
    mutating func hexQuad(escapeStart: Int) throws(ParseError) -> UInt32 {
      var code: UInt32 = 0
      for _ in 0..<4 {
        let digit: UInt32
        switch peek() {
        case let byte? where Self.isDigit(byte): digit = UInt32(byte - UInt8(ascii: "0"))
        case let byte? where byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"):
          digit = UInt32(byte - UInt8(ascii: "a")) + 10
        case let byte? where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"):
          digit = UInt32(byte - UInt8(ascii: "A")) + 10
        default:
          throw ParseError(
            message: "a \\u escape needs exactly four hex digits", offset: escapeStart)
        }
        code = code << 4 | digit
        index += 1
      }
      return code
    }

    /// A `\u` escape whose `u` has been read (the backslash is at `escapeStart`): one character,
    /// or two escapes forming a surrogate pair.
    mutating func unicodeEscape(escapeStart: Int) throws(ParseError) -> UnicodeScalar {
      let code = try hexQuad(escapeStart: escapeStart)
      switch code {
      case 0xD800...0xDBFF:
        let lowStart = index
        guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw ParseError(
            message: "a high surrogate must be followed by a \\u escape of a low surrogate",
            offset: escapeStart)
        }
        index += 2
        let low = try hexQuad(escapeStart: lowStart)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw ParseError(
            message: "a high surrogate must be followed by a \\u escape of a low surrogate",
            offset: escapeStart)
        }
        let combined = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        // Always valid: 0x10000...0x10FFFF.
        guard let scalar = UnicodeScalar(combined) else {
          throw ParseError(message: "invalid surrogate pair", offset: escapeStart)
        }
        return scalar
      case 0xDC00...0xDFFF:
        throw ParseError(
          message: "a low surrogate without a high surrogate before it", offset: escapeStart)
      default:
        // Every other code below 0x10000 is a scalar.
        guard let scalar = UnicodeScalar(code) else {
          throw ParseError(message: "invalid \\u escape", offset: escapeStart)
        }
        return scalar
      }
    }

    mutating func string() throws(ParseError) -> String {
      try expect(UInt8(ascii: "\""))
      var scalars = String.UnicodeScalarView()
      var pending: [UInt8] = []
      func flush() {
        scalars.append(contentsOf: String(decoding: pending, as: UTF8.self).unicodeScalars)
        pending.removeAll()
      }
      while let byte = peek() {
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          flush()
          return String(scalars)
        case UInt8(ascii: "\\"):
          flush()
          let escapeStart = index - 1
          guard let escaped = peek() else { break }
          index += 1
          switch escaped {
          case UInt8(ascii: "b"): scalars.append("\u{08}")
          case UInt8(ascii: "f"): scalars.append("\u{0C}")
          case UInt8(ascii: "n"): scalars.append("\n")
          case UInt8(ascii: "r"): scalars.append("\r")
          case UInt8(ascii: "t"): scalars.append("\t")
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
            scalars.append(UnicodeScalar(escaped))
          case UInt8(ascii: "u"):
            scalars.append(try unicodeEscape(escapeStart: escapeStart))
          default:
            throw ParseError(message: "bad escape", offset: escapeStart)
          }
        case 0..<0x20:
          throw ParseError(message: "control character in string", offset: index - 1)
        default:
          pending.append(byte)
        }
      }
      throw ParseError(message: "unterminated string", offset: index)
    }
  }
}
