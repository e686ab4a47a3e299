import Foundation
import Ribcage
import RibcageInspectServer
import RibcageInspector
import Testing

/// Garbage, oversized and hostile frames at both ends: each is refused with a logged reason,
/// nothing reaches a session file, and the server goes on serving.
@MainActor
@Suite("ribcage inspect: hostile input", .serialized, .timeLimit(.minutes(10)))
struct HostileInputTests {
  static let hello =
    #"{"hello":"ribcage-inspect","version":1,"app":"Evil","instance":"X1","remoteActions":[]}"#
  static let header =
    #"{"format":"ribcage-session","version":1,"app":"Evil","instance":"X1","start":"2026-01-01T00:00:00.000Z","clock":"monotonic-ns","byteBudget":4096,"keyframeInterval":1000}"#

  /// Opens an app connection and sends `frames` (raw bytes); returns what the server sent back.
  func appSends(_ frames: [[UInt8]], to server: RunningServer) throws -> [UInt8] {
    let raw = try RawConnection(port: server.port)
    let head = raw.upgrade("/app?token=\(server.token)", port: server.port)
    #expect(head.hasPrefix("HTTP/1.1 101"))
    for frame in frames { raw.send(frame) }
    return raw.readAll()
  }

  static func text(_ string: String) -> [UInt8] {
    RawConnection.frame(opcode: 1, Array(string.utf8))
  }

  /// The server's close frame code, if it sent one.
  static func closeCode(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4, bytes[0] == 0x88 else { return nil }
    return Int(bytes[2]) << 8 | Int(bytes[3])
  }

  @Test("garbage from an app: each refused and logged, no session file, the server lives on")
  func garbageFromApps() async throws {
    let server = try await RunningServer.start(maximumAppMessage: 64 * 1024)
    var generator = SystemRandomNumberGenerator()
    let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let cases: [(String, [[UInt8]])] = [
      ("random bytes", [noise]),
      ("not a hello", [Self.text("hello?")]),
      ("a hello of another protocol", [Self.text(#"{"hello":"x","version":1}"#)]),
      (
        "a hello of a later version",
        [Self.text(#"{"hello":"ribcage-inspect","version":9,"app":"A","instance":"B"}"#)]
      ),
      ("a binary message", [RawConnection.frame(opcode: 2, [1, 2, 3])]),
      (
        "lines before a header",
        [
          Self.text(Self.hello),
          Self.text("{\"seq\":1,\"t\":0,\"type\":\"mark\",\"text\":\"x\"}\n"),
        ]
      ),
      (
        "a line that is not JSON",
        [Self.text(Self.hello), Self.text(Self.header + "\n{not json\n")]
      ),
      ("a torn line", [Self.text(Self.hello), Self.text(Self.header + "\n{\"seq\":1")]),
      ("a line with no type", [Self.text(Self.hello), Self.text(Self.header + "\n{\"seq\":1}\n")]),
      (
        "JSON nested 100,000 deep",
        [
          Self.text(Self.hello),
          Self.text(Self.header + "\n" + String(repeating: "[", count: 60_000) + "\n"),
        ]
      ),
      (
        "an oversized message",
        [
          Self.text(Self.hello),
          Self.text(Self.header + "\n" + String(repeating: " ", count: 70_000) + "\n"),
        ]
      ),
      (
        "invalid UTF-8",
        [Self.text(Self.hello), RawConnection.frame(opcode: 1, [0xFF, 0xFE, 0x0A])]
      ),
      ("a continuation with no message", [RawConnection.frame(opcode: 0, [1])]),
      ("an unmasked frame", [[0x81, 0x02, 0x7B, 0x7D]]),
    ]
    for (name, frames) in cases {
      let reply = try appSends(frames, to: server)
      #expect(reply.isEmpty || Self.closeCode(reply) != nil, "\(name): \(reply.prefix(16))")
      #expect(try httpStatus(port: server.port, "/?token=\(server.token)") == 200, "\(name)")
    }
    let logged = server.log.filter { $0.contains("app ") }
    #expect(logged.count >= cases.count - 3, "\(server.log)")  // a few end before a hello
    #expect(
      server.log.contains {
        $0.contains("rejected: the first message is not a ribcage-inspect hello")
      })
    #expect(
      server.log.contains { $0.contains("rejected: line 2 of a message is not JSON") })
    #expect(server.log.contains { $0.contains("rejected: a binary message") })
    // Sessions that began (a hello) hold at most their header: nothing invalid was written.
    for file in server.sessionFiles() {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      #expect(text.isEmpty || text == Self.header + "\n", "\(file)")
    }
    await server.stop()
  }

  @Test("a valid session then garbage: what came before is kept, the connection is closed")
  func goodThenBad() async throws {
    let server = try await RunningServer.start()
    let event = #"{"seq":1,"t":5,"type":"mark","text":"fine"}"#
    let reply = try appSends(
      [Self.text(Self.hello), Self.text(Self.header + "\n" + event + "\n"), Self.text("]]]\n")],
      to: server)
    #expect(Self.closeCode(reply) == 1003)
    await eventually("the session file") { server.sessionFiles().count == 1 }
    let text = try String(contentsOfFile: server.sessionFiles()[0], encoding: .utf8)
    #expect(text == Self.header + "\n" + event + "\n")
    await server.stop()
  }

  @Test(
    "garbage from a page: refused with a reason, and the page's connection or the server survive")
  func garbageFromPages() async throws {
    let server = try await RunningServer.start()
    let page = PageClient(port: server.port, token: server.token)
    await eventually("the page is connected") { !page.messages.isEmpty }
    page.send(["type": "open", "session": "app-nothing"])
    page.send(["type": "action", "session": "app-nothing", "action": ["action": "sweep"]])
    await eventually("two errors") { page.errors.count == 2 }
    #expect(page.errors[0] == "no session app-nothing")
    page.sendRaw("not json at all")
    await eventually("the page's connection closed") { page.isClosed }
    #expect(server.log.contains { $0.contains("a message that is not a JSON request") })
    let big = PageClient(port: server.port, token: server.token)
    await eventually("connected") { !big.messages.isEmpty }
    big.sendRaw("{\"type\":\"open\",\"session\":\"" + String(repeating: "x", count: 70_000) + "\"}")
    await eventually("the oversized request closed it") { big.isClosed }
    let unknown = PageClient(port: server.port, token: server.token)
    await eventually("connected") { !unknown.messages.isEmpty }
    unknown.send(["type": "shutdown"])
    await eventually("an unknown request closed it") { unknown.isClosed }
    #expect(try httpStatus(port: server.port, "/?token=\(server.token)") == 200)
    page.close()
    big.close()
    unknown.close()
    await server.stop()
  }
}
