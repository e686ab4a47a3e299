@_spi(RibcageTools) import Ribcage
import Testing

@_spi(RibcageTools) @testable import RibcageInspector

/// Every way the root package writes a JSON string escapes it the same way: `"`, `\`, and the
/// control characters below U+0020 — as `\b \f \n \r \t` where JSON has a short escape, else as
/// `\u00xx` — and nothing else (`/`, DEL, U+2028 and every non-ASCII character as UTF-8), as
/// `JSONEncoder` does.
@Suite("JSON string escaping", .timeLimit(.minutes(5)))
@MainActor
struct JSONEscapingTests {
  /// What each string must become, written out the slow, obvious way.
  static func expected(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\u{8}": result += "\\b"
      case "\u{C}": result += "\\f"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Every control character alone, and at every position of strings short and long (the fast
  /// paths copy 4 and 8 bytes at a time), with the characters that must not be escaped.
  static let samples: [String] = {
    var samples = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
    samples += ["\"", "\\", "/", "\u{7F}", "é", "\u{2028}", "\u{1F680}", "a\u{1F680}\u{8}b", ""]
    let filler = "ab🚀cdéfgh/ijklmnop"
    for control in [0x00, 0x08, 0x0C, 0x1F, 0x22, 0x5C] {
      let character = String(UnicodeScalar(UInt8(control)))
      for length in [1, 3, 5, 9, 17] {
        let base = String(filler.prefix(length))
        for position in 0...base.count {
          var text = base
          text.insert(contentsOf: character, at: text.index(text.startIndex, offsetBy: position))
          samples.append(text)
        }
      }
    }
    samples.append(String((0..<0x20).map { Character(UnicodeScalar(UInt8($0))) }))
    return samples
  }()

  @Test("the session line writer")
  func lineWriter() {
    for sample in Self.samples {
      let writer = JSONLineWriter()
      writer.appendString(sample)
      #expect(String(decoding: writer.bytes, as: UTF8.self) == Self.expected(sample))
    }
  }

  @Test("the view model encoder, for values and keys")
  func viewModelEncoder() throws {
    var encoder = ViewModelEncoder()
    for sample in Self.samples {
      var bytes: [UInt8] = []
      try encoder.encode([sample], into: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == "[" + Self.expected(sample) + "]")
      bytes = []
      try encoder.encode([sample: 1], into: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == "{" + Self.expected(sample) + ":1}")
    }
  }

  @Test("JSONValue")
  func jsonValue() {
    for sample in Self.samples {
      #expect(JSONValue.string(sample).serialized() == Self.expected(sample))
    }
  }

  @Test("the core's tree snapshot JSON")
  func treeSnapshot() {
    for sample in Self.samples {
      let snapshot = TreeSnapshot(
        name: sample, routerType: "R", isActive: false, hasView: false, children: [])
      #expect(
        snapshot.jsonRendering(prettyPrinted: false).hasPrefix(
          "{\"name\":" + Self.expected(sample) + ","))
    }
  }

  @Test("what every path writes parses back to the string")
  func roundTrip() throws {
    for sample in Self.samples {
      let writer = JSONLineWriter()
      writer.appendString(sample)
      #expect(try JSONParser().parse(writer.bytes) == .string(sample))
    }
  }
}
