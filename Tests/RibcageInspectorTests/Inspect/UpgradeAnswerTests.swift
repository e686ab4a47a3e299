@_spi(RibcageFuzzing) import RibcageInspector
import Testing

/// The client reading the server's answer to its upgrade request: a hostile or broken server is
/// refused with a reason, and the same bytes mean the same however the socket splits them.
@Suite("Inspector: the answer to the WebSocket upgrade", .timeLimit(.minutes(5)))
struct UpgradeAnswerTests {
  static let accept = "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"

  static func answer(_ text: String, cuts: [Int] = []) -> String {
    InspectorFuzzing.upgradeAnswer(Array(text.utf8), cuts: cuts).answer
  }

  @Test("a 101 with the right accept is taken, and the frame after the head is left for reading")
  func accepted() {
    let head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n" + Self.accept + "\r\n"
    #expect(Self.answer(head + "\u{81}\u{0}") == "accepted \(head.utf8.count)")
    #expect(Self.answer(head, cuts: Array(1..<head.utf8.count)) == "accepted \(head.utf8.count)")
  }

  @Test(
    "a status that only starts like 101 is a refusal",
    arguments: ["HTTP/1.1 1010 X", "HTTP/1.1 101x", "HTTP/1.0 101 OK"])
  func notSwitching(status: String) {
    #expect(Self.answer(status + "\r\n" + Self.accept + "\r\n") == "refused \(status)")
  }

  @Test("the status line and header names are read per byte, as HTTP defines them")
  func headReadPerByte() {
    // A combining mark joined the space before it into one Character: the status did not split
    // after `101`, and a switching answer read as a refusal.
    let switching = "HTTP/1.1 101 \u{301}Switching\r\n" + Self.accept + "\r\n"
    #expect(Self.answer(switching) == "accepted \(switching.utf8.count)")
    // Unicode lowercasing makes the Kelvin sign a `k`: a header not named Sec-WebSocket-Accept
    // was taken for it.
    let kelvin = Self.accept.replacing("Socket", with: "Soc\u{212A}et")
    #expect(Self.answer("HTTP/1.1 101 OK\r\n" + kelvin + "\r\n").contains("a wrong"))
    // Header names stay case-insensitive.
    let shouted = "HTTP/1.1 101 OK\r\nSEC-WEBSOCKET-ACCEPT: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n"
    #expect(Self.answer(shouted) == "accepted \(shouted.utf8.count)")
  }

  @Test("a wrong or missing accept is refused with that reason")
  func wrongAccept() {
    #expect(Self.answer("HTTP/1.1 101 OK\r\n\r\n").contains("a wrong Sec-WebSocket-Accept"))
    #expect(
      Self.answer("HTTP/1.1 101 OK\r\nSec-WebSocket-Accept: x\r\n\r\n")
        .contains("a wrong Sec-WebSocket-Accept"))
  }

  @Test("an accept sent twice is refused, whichever comes first (RFC 6455 §11.3.3)")
  func acceptTwice() {
    let wrong = "Sec-WebSocket-Accept: x\r\n"
    for headers in [Self.accept + wrong, wrong + Self.accept, Self.accept + Self.accept] {
      #expect(
        Self.answer("HTTP/1.1 101 OK\r\n" + headers + "\r\n")
          .contains("more than one Sec-WebSocket-Accept"))
    }
  }

  @Test("a head longer than 16 KiB is refused whether it comes at once or in pieces")
  func oversized() {
    let head =
      "HTTP/1.1 101 OK\r\nX: " + String(repeating: "a", count: 17 * 1024) + "\r\n"
      + Self.accept + "\r\n"
    #expect(Self.answer(head).contains("an oversized answer"))
    #expect(Self.answer(head, cuts: [100, 9000]).contains("an oversized answer"))
  }

  @Test("a plain answer's reason is its status and the body's first line; anything else is none")
  func refusalReason() {
    let plain = "HTTP/1.1 401 Unauthorized\r\nContent-Length: 9\r\n\r\nno token\nmore"
    #expect(
      InspectorFuzzing.upgradeAnswer(Array(plain.utf8), cuts: []).refusal
        == "401 Unauthorized: no token")
    #expect(InspectorFuzzing.upgradeAnswer(Array("HTTP/".utf8), cuts: []).refusal == "")
    #expect(InspectorFuzzing.upgradeAnswer([0xFF, 0x0D], cuts: []).refusal == nil)
  }
}
