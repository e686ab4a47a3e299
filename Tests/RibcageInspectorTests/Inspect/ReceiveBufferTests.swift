import Testing

@testable import RibcageInspector

/// The WebSocket client's receive buffer: many small frames in one read are parsed by moving a
/// read index, not by shifting the unread bytes to the front once per frame. The bytes moved are
/// counted, so the test holds on any machine (no timing).
@Suite("Inspector: the WebSocket client's receive buffer", .timeLimit(.minutes(5)))
struct ReceiveBufferTests {
  /// `count` one-byte text messages, each a whole frame (three bytes).
  static func tinyFrames(_ count: Int) -> [UInt8] {
    Array((0..<count).map { index in [0x81, 0x01, UInt8(truncatingIfNeeded: index)] }.joined())
  }

  @Test("10,000 frames in one read move at most as many bytes as they hold")
  func manyFramesMoveLinearly() throws {
    let client = WebSocketClient(descriptor: -1)
    let bytes = Self.tinyFrames(10_000)
    client.buffer.append(contentsOf: bytes)
    let frames = try client.parseFrames()
    #expect(frames.count == 10_000)
    #expect(frames.last == .text([UInt8(truncatingIfNeeded: 9_999)]))
    #expect(client.buffer.count == 0)
    // Shifting the rest after every frame moves 3 × (9,999 + … + 0) ≈ 150 million bytes.
    #expect(client.buffer.bytesMoved <= bytes.count)
  }

  @Test("a frame cut across the buffer's compaction is read whole")
  func frameAcrossCompaction() throws {
    let client = WebSocketClient(descriptor: -1)
    let long = [0x82, 126, 0x01, 0x00] + [UInt8](repeating: 0x62, count: 256)
    let bytes = Self.tinyFrames(100) + long + Self.tinyFrames(3)
    var frames: [WebSocketClient.Incoming] = []
    // Pieces of 7 bytes: frames end mid-piece, so unread bytes are left at every compaction.
    for start in stride(from: 0, to: bytes.count, by: 7) {
      client.buffer.append(contentsOf: bytes[start..<min(start + 7, bytes.count)])
      frames += try client.parseFrames()
    }
    #expect(frames.count == 104)
    #expect(frames[100] == .binary([UInt8](repeating: 0x62, count: 256)))
    #expect(frames[101] == .text([0]))
    #expect(frames.last == .text([2]))
    #expect(client.buffer.bytesMoved > 0)
  }
}
