/// Text from the network made safe to print on a developer's terminal: control characters
/// (escape sequences that move the cursor, retitle the window or ring the bell), bidirectional
/// overrides (which make a log line read differently from what it says) and other invisible
/// format characters are written as `\u{…}`, so what an app or a page sent can only ever appear
/// as text.
enum LogText {
  static func escaped(_ text: some StringProtocol) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if isSafe(scalar) {
        result.unicodeScalars.append(scalar)
      } else {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      }
    }
    return result
  }

  private static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate,
      .unassigned:
      false
    default: scalar != "\\"
    }
  }
}
