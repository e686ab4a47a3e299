/// Where a file is, as SARIF says it: relative to `%SRCROOT%` (the folder the tool ran in,
/// which code scanning maps to the checkout) or, outside it, a `file://` URI.
enum SARIFLocation {
  static func artifact(_ path: String) -> JSONValue {
    path.hasPrefix("/")
      ? ["uri": .string("file://" + uri(path))]
      : ["uri": .string(uri(path)), "uriBaseId": "%SRCROOT%"]
  }

  /// A relative URI reference: path segments percent-encoded where needed.
  static func uri(_ path: String) -> String {
    var result = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "+"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return result
  }
}
