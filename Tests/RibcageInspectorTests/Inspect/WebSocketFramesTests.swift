@_spi(RibcageFuzzing) import RibcageInspector
import Testing

/// What the app's WebSocket client accepts from the server, frame by frame. The control-frame
/// rules are RFC 6455 §5.5: a server that breaks them is not the inspector (or is broken), and
/// the connection ends with a reason rather than acting on a frame the protocol forbids.
@Suite("Inspector: WebSocket frames the app accepts", .timeLimit(.minutes(5)))
struct WebSocketFramesTests {
  /// An unmasked server frame: FIN, `opcode`, a payload of `length` bytes (7-bit or 16-bit length).
  static func frame(fin: Bool = true, opcode: UInt8, length: Int) -> [UInt8] {
    var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
    if length < 126 {
      bytes.append(UInt8(length))
    } else {
      bytes += [126, UInt8(length >> 8), UInt8(length & 0xFF)]
    }
    return bytes + [UInt8](repeating: 0x61, count: length)
  }

  @Test("a text message in two fragments with a ping between them is read whole")
  func fragmentsAroundAPing() {
    let bytes =
      Self.frame(fin: false, opcode: 0x1, length: 3) + Self.frame(opcode: 0x9, length: 2)
      + Self.frame(opcode: 0x0, length: 1)
    let read = InspectorFuzzing.webSocketFrames(bytes, cuts: [])
    #expect(read.error == nil)
    #expect(read.frames.count == 2)
    #expect(read.frames.first?.hasPrefix("ping") == true)
  }

  @Test(
    "a control frame longer than 125 bytes ends the connection",
    arguments: [0x8, 0x9, 0xA] as [UInt8])
  func longControlFrame(opcode: UInt8) {
    let read = InspectorFuzzing.webSocketFrames(Self.frame(opcode: opcode, length: 126), cuts: [])
    #expect(read.frames.isEmpty)
    #expect(read.error?.contains("control frame") == true)
  }

  @Test("a fragmented control frame ends the connection", arguments: [0x8, 0x9, 0xA] as [UInt8])
  func fragmentedControlFrame(opcode: UInt8) {
    let bytes =
      Self.frame(fin: false, opcode: opcode, length: 2) + Self.frame(opcode: 0x0, length: 1)
    let read = InspectorFuzzing.webSocketFrames(bytes, cuts: [])
    #expect(read.frames.isEmpty)
    #expect(read.error?.contains("control frame") == true)
  }

  @Test("a close frame with a one-byte body ends the connection as a protocol error")
  func oneByteClose() {
    let read = InspectorFuzzing.webSocketFrames(Self.frame(opcode: 0x8, length: 1), cuts: [])
    #expect(read.frames.isEmpty)
    #expect(read.error?.contains("close") == true)
  }

  @Test("a 125-byte ping is still answered")
  func longestPing() {
    let read = InspectorFuzzing.webSocketFrames(Self.frame(opcode: 0x9, length: 125), cuts: [])
    #expect(read.error == nil)
    #expect(read.frames.count == 1)
  }
}
