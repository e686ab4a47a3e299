/// A URL split into the parts deep links match on, following RFC 3986 — without Foundation, and
/// with the normalisation deep links define:
/// - scheme and host are case-insensitive in ASCII (kept lowercased); paths and query values are
///   not;
/// - path segments and query names and values are percent-decoded (invalid encoding is an error;
///   `+` is a plus, not a space: deep links are not form submissions);
/// - one trailing slash is ignored; an empty segment elsewhere (`a//b`) is kept, so it never
///   matches a parameter;
/// - the fragment is ignored.
struct ParsedURL: Equatable {
  var scheme: String
  var host: String
  var port: Int?
  var path: [String]
  var query: [(name: String, value: String)]

  static func == (lhs: ParsedURL, rhs: ParsedURL) -> Bool {
    lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.port == rhs.port
      && lhs.path == rhs.path && lhs.query.elementsEqual(rhs.query, by: { $0 == $1 })
  }

  struct Failure: Error {
    let reason: String
  }

  init(_ text: String) throws(Failure) {
    // Works on UTF-8 bytes: a deep link is ASCII except for its decoded values.
    let bytes = Array(text.utf8)
    let count = bytes.count
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
      throw Failure(reason: "no scheme")
    }
    guard colon > 0, Self.isLetter(bytes[0]),
      bytes[0..<colon].allSatisfy({
        Self.isLetter($0) || Self.isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
      })
    else { throw Failure(reason: "invalid scheme") }
    scheme = Self.lowercasedString(bytes[0..<colon])
    var end = bytes[(colon + 1)...].firstIndex(of: UInt8(ascii: "#")) ?? count
    var queryRange: Range<Int>?
    if let question = bytes[(colon + 1)..<end].firstIndex(of: UInt8(ascii: "?")) {
      queryRange = (question + 1)..<end
      end = question
    }
    var position = colon + 1
    host = ""
    port = nil
    if end - position >= 2, bytes[position] == 0x2F, bytes[position + 1] == 0x2F {
      position += 2
      let authorityEnd = bytes[position..<end].firstIndex(of: 0x2F) ?? end
      var hostEnd = authorityEnd
      if let portColon = bytes[position..<authorityEnd].lastIndex(of: UInt8(ascii: ":")) {
        let digits = bytes[(portColon + 1)..<authorityEnd]
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy(Self.isDigit) else {
          throw Failure(reason: "invalid port")
        }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        guard value <= 65_535 else { throw Failure(reason: "invalid port") }
        port = value
        hostEnd = portColon
      }
      for byte in bytes[position..<hostEnd] {
        if byte == UInt8(ascii: "@") { throw Failure(reason: "user info is not allowed") }
        guard
          Self.isLetter(byte) || Self.isDigit(byte) || byte == 0x2D || byte == 0x2E
            || byte == 0x5F || byte == 0x7E || byte == 0x25
        else { throw Failure(reason: "invalid host") }
      }
      // ASCII case only: Unicode lowercasing makes the Kelvin sign (U+212A) a `k`.
      host = Self.lowercasedString(Array(try Self.decode(bytes[position..<hostEnd]).utf8)[...])
      position = authorityEnd
    }
    // Path: skip a leading slash, ignore one trailing slash, keep empty segments in between.
    var path: [String] = []
    if position < end, bytes[position] == 0x2F { position += 1 }
    var pathEnd = end
    if pathEnd > position, bytes[pathEnd - 1] == 0x2F { pathEnd -= 1 }
    if position < end {
      var segmentStart = position
      for index in position...pathEnd where index == pathEnd || bytes[index] == 0x2F {
        path.append(try Self.decode(bytes[segmentStart..<index]))
        segmentStart = index + 1
      }
    }
    self.path = path
    var query: [(name: String, value: String)] = []
    if let queryRange, !queryRange.isEmpty {
      var itemStart = queryRange.lowerBound
      for index in queryRange.lowerBound...queryRange.upperBound
      where index == queryRange.upperBound || bytes[index] == UInt8(ascii: "&") {
        if index > itemStart {
          let item = bytes[itemStart..<index]
          if let equals = item.firstIndex(of: UInt8(ascii: "=")) {
            query.append(
              (
                try Self.decode(bytes[itemStart..<equals]),
                try Self.decode(bytes[(equals + 1)..<index])
              ))
          } else {
            query.append((try Self.decode(item), ""))
          }
        }
        itemStart = index + 1
      }
    }
    self.query = query
  }

  /// Percent-decodes `bytes`; rejects bad escapes, invalid UTF-8, spaces and control characters.
  static func decode(_ bytes: ArraySlice<UInt8>) throws(Failure) -> String {
    var needsWork = false
    for byte in bytes where byte <= 0x20 || byte == 0x7F || byte == 0x25 {
      needsWork = true
      break
    }
    guard needsWork else {
      guard let text = validUTF8(bytes) else { throw Failure(reason: "not UTF-8") }
      return text
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte <= 0x20 || byte == 0x7F {
        throw Failure(reason: "unencoded space or control character")
      }
      if byte == 0x25 {
        guard index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]),
          let low = hexValue(bytes[index + 2])
        else { throw Failure(reason: "invalid percent-encoding") }
        decoded.append(high << 4 | low)
        index += 3
      } else {
        decoded.append(byte)
        index += 1
      }
    }
    guard let text = validUTF8(decoded[...]) else {
      throw Failure(reason: "percent-encoding is not UTF-8")
    }
    return text
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func lowercasedString(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes.map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  /// `bytes` as a string if they are valid UTF-8 (decoding replaces invalid sequences, so the
  /// round trip tells). `String(validating:as:)` would say it directly, but needs macOS 15.
  private static func validUTF8(_ bytes: ArraySlice<UInt8>) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
