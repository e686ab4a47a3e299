import Foundation

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

  /// Reads `bytes`, the answer so far, to a request sent with `key`.
  static func read(_ bytes: [UInt8], key: String) throws(InspectorError) -> UpgradeAnswer {
    guard let end = endOfHead(bytes, within: longestHead + 4) else {
      if bytes.count >= longestHead + 4 { throw .handshakeRefused("an oversized answer") }
      return .incomplete
    }
    let lines = String(decoding: bytes[..<end], as: UTF8.self)
      .split(separator: "\r\n", omittingEmptySubsequences: false)
    let status = lines.first.map(String.init) ?? ""
    let fields = status.split(separator: " ", maxSplits: 2)
    guard fields.count >= 2, fields[0] == "HTTP/1.1", fields[1] == "101" else {
      return .refused(status: status)
    }
    let accept = lines.dropFirst().first { $0.lowercased().hasPrefix("sec-websocket-accept:") }
    guard let accept,
      accept.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
        == expectedAccept(for: key)
    else {
      throw .handshakeRefused("a wrong Sec-WebSocket-Accept")
    }
    return .accepted(headLength: end + 4)
  }

  /// The `Sec-WebSocket-Accept` a server must send for `key` (RFC 6455 §4.2.2).
  static func expectedAccept(for key: String) -> String {
    Base64.encode(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
  }

  /// Where the head's closing blank line starts, looking at the first `limit` bytes only.
  private static func endOfHead(_ bytes: [UInt8], within limit: Int) -> Int? {
    let count = min(bytes.count, limit)
    guard count >= 4 else { return nil }
    for index in 0...(count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13
      && bytes[index + 3] == 10
    {
      return index
    }
    return nil
  }
}
