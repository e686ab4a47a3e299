import Testing

@testable import RibcageInspector

/// The client reads the answer to its upgrade request as it arrives: a server that sends it a byte
/// at a time must not make it search the same bytes again on every read.
@Suite("Inspector: reading the upgrade answer as it arrives", .timeLimit(.minutes(5)))
struct UpgradeAnswerReaderTests {
  static let key = "dGhlIHNhbXBsZSBub25jZQ=="

  @Test("a head that comes a byte at a time is searched once, byte by byte")
  func linearSearch() throws {
    let head = Array(
      ("HTTP/1.1 101 OK\r\nX: " + String(repeating: "a", count: 16_000) + "\r\n"
        + "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n").utf8)
    var reader = UpgradeAnswerReader(key: Self.key)
    var answer = UpgradeAnswer.incomplete
    for end in 1...head.count where answer == .incomplete {
      answer = try reader.read(Array(head[..<end]))
    }
    #expect(answer == .accepted(headLength: head.count))
    #expect(reader.bytesExamined <= head.count)
  }

  @Test("a head that never ends is refused once it passes 16 KiB, read at once or in pieces")
  func endless() {
    let bytes = Array(repeating: UInt8(ascii: "a"), count: UpgradeAnswer.longestHead + 4)
    var whole = UpgradeAnswerReader(key: Self.key)
    #expect(throws: InspectorError.handshakeRefused("an oversized answer")) {
      try whole.read(bytes)
    }
    var pieces = UpgradeAnswerReader(key: Self.key)
    #expect(throws: InspectorError.handshakeRefused("an oversized answer")) {
      for end in stride(from: 1000, through: bytes.count, by: 1000) {
        _ = try pieces.read(Array(bytes[..<end]))
      }
      _ = try pieces.read(bytes)
    }
    #expect(pieces.bytesExamined <= bytes.count)
  }
}
