/// A small, strict parser for flag files: one flat JSON object whose values are booleans, numbers
/// or strings. Anything else is a typed error with the position — a bad file never crashes and
/// never half-applies.
enum FlagJSON {
  struct ParseError: Error, Equatable, CustomStringConvertible {
    let message: String
    let offset: Int
    var description: String { "\(message) at byte \(offset)" }
  }

  static func parseObject(_ text: String) throws(ParseError) -> [(key: String, value: ScalarValue)]
  {
    var parser = Parser(bytes: Array(text.utf8))
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

    mutating func number() throws(ParseError) -> ScalarValue {
      let start = index
      var isInteger = true
      while let byte = peek(),
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
          || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
          || byte == UInt8(ascii: "E")
      {
        if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
          isInteger = false
        }
        index += 1
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      if isInteger, let value = Int(text) { return .int(value) }
      if let value = Double(text), value.isFinite, !text.isEmpty { return .double(value) }
      throw ParseError(message: "expected a value", offset: start)
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
          guard let escaped = peek() else { break }
          index += 1
          switch escaped {
          case UInt8(ascii: "n"): scalars.append("\n")
          case UInt8(ascii: "t"): scalars.append("\t")
          case UInt8(ascii: "r"): scalars.append("\r")
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
            scalars.append(UnicodeScalar(escaped))
          case UInt8(ascii: "u"):
            guard index + 4 <= bytes.count,
              let code = UInt32(
                String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
              let scalar = UnicodeScalar(code)
            else { throw ParseError(message: "bad \\u escape", offset: index) }
            scalars.append(scalar)
            index += 4
          default:
            throw ParseError(message: "bad escape", offset: index - 1)
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
