/// What the server answered to the client's WebSocket upgrade request, read from the bytes
/// received so far. Pure, so the same bytes give the same answer however the socket split them
/// (the fuzzing package checks that), and a hostile or broken server is refused with a reason.
enum UpgradeAnswer: Equatable {
  /// The head has not ended yet: read more.
  case incomplete
  /// A `101` with the right `Sec-WebSocket-Accept`; frames start after `headLength` bytes.
  case accepted(headLength: Int)
  /// Any other status line (empty when there is none); the caller asks again for the reason.
  case refused(status: String)

  /// The longest head read: an answer that has not ended by then is not an inspector's.
  static let longestHead = 16 * 1024

  /// Reads the head `bytes[..<end]`, whose closing blank line starts at `end` (an
  /// ``UpgradeAnswerReader`` finds it).
  static func read(_ bytes: [UInt8], headEnd end: Int, key: String) throws(InspectorError)
    -> UpgradeAnswer
  {
    // The head is read per byte, as HTTP defines it: read as text, a combining mark joins the
    // space before it into one Character, and Unicode lowercasing makes the Kelvin sign a `k`.
    let lines = bytes[..<end].split(separator: [13, 10], omittingEmptySubsequences: false)
    let statusLine = lines.first ?? []
    let status = String(decoding: statusLine, as: UTF8.self)
    let fields = statusLine.split(separator: 0x20, maxSplits: 2)
    guard fields.count >= 2, fields[0].elementsEqual("HTTP/1.1".utf8),
      fields[1].elementsEqual("101".utf8)
    else {
      return .refused(status: status)
    }
    // A server must send the accept once (RFC 6455 §11.3.3); taking the first of two would let
    // one header decide while every other reader sees both.
    let accepts = lines.dropFirst().compactMap { line in
      Self.value(of: "sec-websocket-accept", in: line)
    }
    guard accepts.count <= 1 else {
      throw .handshakeRefused("more than one Sec-WebSocket-Accept")
    }
    guard let accept = accepts.first, accept.elementsEqual(expectedAccept(for: key).utf8) else {
      throw .handshakeRefused("a wrong Sec-WebSocket-Accept")
    }
    return .accepted(headLength: end + 4)
  }

  /// The `Sec-WebSocket-Accept` a server must send for `key` (RFC 6455 §4.2.2).
  static func expectedAccept(for key: String) -> String {
    Base64.encode(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
  }

  /// The value of a header `line` named `name` (lowercase; names compare ASCII
  /// case-insensitively), without the spaces and tabs around it, or `nil` for another header.
  private static func value(of name: String, in line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
      line[..<colon].map({ $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }).elementsEqual(name.utf8)
    else { return nil }
    var value = line[(colon + 1)...]
    while value.first == 0x20 || value.first == 0x09 { value = value.dropFirst() }
    while value.last == 0x20 || value.last == 0x09 { value = value.dropLast() }
    return value
  }
}
