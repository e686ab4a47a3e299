/// JSON string literals written by hand, so output keeps a fixed key order.
///
/// Escapes exactly as the root package's `JSONText` does, so a name reads the same in a lint
/// report, a graph and a recorded session: `"`, `\` and the control characters below U+0020 —
/// `\b \f \n \r \t` where JSON has a short escape, `\u00xx` (lowercase) for the others — and
/// nothing else (`/`, DEL and every non-ASCII character as they are). A copy rather than the
/// core's own, because the linter does not link the framework it checks; `JSONTextTests`
/// compares the two on every character they treat differently from plain text.
enum JSONText {
  static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{8}": result += "\\b"
      case "\u{C}": result += "\\f"
      case let control where control.value < 0x20:
        let hex = String(control.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
