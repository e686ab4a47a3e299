/// Writes the URL a deep-link pattern stands for with given parameter values: the "print" half
/// of the round trip the deep-link targets check (a link parsed, printed and parsed again is the
/// same link). Values are percent-encoded except for RFC 3986's unreserved characters; an
/// optional query parameter with no value leaves its item out; the fragment is dropped.
///
/// URL syntax is read per Unicode scalar, as the router reads it: a `#` followed by a combining
/// mark is one character to `String` but still starts the fragment.
public enum LinkPrinter {
  typealias Scalars = ArraySlice<Unicode.Scalar>

  /// The URL `template` stands for with `values`, or `nil` when a required parameter has none.
  public static func url(_ template: String, _ values: [String: String]) -> String? {
    let text = beforeFragment(template)
    // The query starts at the first `?` that does not close an optional parameter (`{name?}`).
    let queryStart = text.indices.first { index in
      text[index] == "?" && (index + 1 == text.endIndex || text[index + 1] != "}")
    }
    let path = queryStart.map { text[..<$0] } ?? text
    guard var printed = substitute(path, values) else { return nil }
    guard let queryStart else { return printed }
    var items: [String] = []
    for item in text[(queryStart + 1)...].split(separator: "&", omittingEmptySubsequences: false) {
      if item.count >= 2, item.suffix(2).elementsEqual(["?", "}"]),
        let open = item.lastIndex(of: "{")
      {
        guard let value = values[string(item[(open + 1)..<(item.endIndex - 2)])] else { continue }
        items.append(string(item[..<open]) + encode(value))
      } else {
        guard let substituted = substitute(item, values) else { return nil }
        items.append(substituted)
      }
    }
    printed += "?" + items.joined(separator: "&")
    return printed
  }

  /// The names inside braces before the fragment, without the optional mark.
  public static func parameterNames(_ template: String) -> [String] {
    var names: [String] = []
    var rest = beforeFragment(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      var name = rest[(open + 1)..<close]
      if name.last == "?" { name = name.dropLast() }
      names.append(string(name))
      rest = rest[(close + 1)...]
    }
    return names
  }

  /// The template's scalars up to its fragment.
  static func beforeFragment(_ template: String) -> Scalars {
    let scalars = Array(template.unicodeScalars)[...]
    return scalars.firstIndex(of: "#").map { scalars[..<$0] } ?? scalars
  }

  static func string(_ scalars: Scalars) -> String {
    var out = String.UnicodeScalarView()
    out.append(contentsOf: scalars)
    return String(out)
  }

  /// `text` with every `{name}` replaced by its encoded value.
  private static func substitute(_ text: Scalars, _ values: [String: String]) -> String? {
    var out = ""
    var rest = text
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      guard let value = values[string(rest[(open + 1)..<close])] else { return nil }
      out += string(rest[..<open]) + encode(value)
      rest = rest[(close + 1)...]
    }
    return out + string(rest)
  }

  /// `value` percent-encoded but for the unreserved characters.
  public static func encode(_ value: String) -> String {
    var out = ""
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.unicodeScalars.append(UnicodeScalar(byte))
      default:
        let digits = Array("0123456789ABCDEF".utf8)
        out +=
          "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
      }
    }
    return out
  }
}
