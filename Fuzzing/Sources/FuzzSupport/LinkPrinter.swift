/// Writes the URL a deep-link pattern stands for with given parameter values: the "print" half
/// of the round trip the deep-link targets check (a link parsed, printed and parsed again is the
/// same link). Values are percent-encoded except for RFC 3986's unreserved characters; an
/// optional query parameter with no value leaves its item out; the fragment is dropped.
public enum LinkPrinter {
  /// The URL `template` stands for with `values`, or `nil` when a required parameter has none.
  public static func url(_ template: String, _ values: [String: String]) -> String? {
    var text = Substring(template)
    if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
    // The query starts at the first `?` that does not close an optional parameter (`{name?}`).
    var queryStart: Substring.Index?
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      if text[index] == "?", next == text.endIndex || text[next] != "}" {
        queryStart = index
        break
      }
      index = next
    }
    let path = queryStart.map { text[..<$0] } ?? text
    guard var printed = substitute(path, values) else { return nil }
    guard let queryStart else { return printed }
    var items: [String] = []
    for item in text[text.index(after: queryStart)...].split(
      separator: "&", omittingEmptySubsequences: false)
    {
      if item.hasSuffix("?}"), let open = item.lastIndex(of: "{") {
        let name = String(item[item.index(after: open)..<item.index(item.endIndex, offsetBy: -2)])
        guard let value = values[name] else { continue }
        items.append(item[..<open] + encode(value))
      } else {
        guard let substituted = substitute(item, values) else { return nil }
        items.append(substituted)
      }
    }
    printed += "?" + items.joined(separator: "&")
    return printed
  }

  /// `text` with every `{name}` replaced by its encoded value.
  private static func substitute(_ text: Substring, _ values: [String: String]) -> String? {
    var out = ""
    var rest = text
    while let open = rest.firstIndex(of: "{"),
      let close = rest[open...].firstIndex(of: "}")
    {
      let name = String(rest[rest.index(after: open)..<close])
      guard let value = values[name] else { return nil }
      out += rest[..<open] + encode(value)
      rest = rest[rest.index(after: close)...]
    }
    return out + rest
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
