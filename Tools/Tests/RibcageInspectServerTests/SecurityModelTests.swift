import Foundation
import RibcageInspector
import RibcageTesting
import Testing

@testable import RibcageInspectServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The promises of docs/inspect.md's security model, one test each: what a hostile local
/// process, a hostile app or session file, a slow page or a full disk can and cannot do to a
/// running `ribcage inspect`.
@MainActor
@Suite("ribcage inspect: security model", .serialized, .timeLimit(.minutes(10)))
struct SecurityModelTests {
  static func hello(app: String = "Evil", instance: String = "X1") -> String {
    let object: [String: Any] = [
      "hello": "ribcage-inspect", "version": 1, "app": app, "instance": instance,
      "remoteActions": [String](),
    ]
    let data = try! JSONSerialization.data(withJSONObject: object)
    return String(decoding: data, as: UTF8.self)
  }
  static let header = HostileInputTests.header
  static func event(_ seq: Int, _ type: String = "mark", extra: String = #""text":"x""#) -> String {
    #"{"seq":\#(seq),"t":\#(seq),"type":"\#(type)",\#(extra)}"#
  }
  static let keyframe = #""ribs":[]"#

  /// An app connection that has said hello; lines are sent with ``send(_:)``.
  func connectApp(to server: RunningServer, hello: String = Self.hello()) throws -> RawConnection {
    let raw = try RawConnection(port: server.port)
    let head = raw.upgrade("/app?token=\(server.token)", port: server.port)
    #expect(head.hasPrefix("HTTP/1.1 101"), "\(head)")
    raw.send(HostileInputTests.text(hello))
    return raw
  }

  func send(_ lines: [String], on raw: RawConnection) {
    raw.send(HostileInputTests.text(lines.joined(separator: "\n") + "\n"))
  }

  // MARK: Requests before the token

  @Test("an empty query piece with '=' and any other request target: refused, never a crash")
  func queryPiecesNeverTrap() async throws {
    let server = try await RunningServer.start()
    for target in ["/?=", "/?token=x&=", "/?=&=", "/?&&&", "/?token", "/?token=", "/?=token=x"] {
      #expect(try httpStatus(port: server.port, target) == 401, "\(target)")
    }
    let raw = try RawConnection(port: server.port)
    #expect(raw.upgrade("/anything?=", port: server.port).contains(" 4"))
    var random = SeededRandomNumberGenerator(seed: 36)
    let pieces = ["=", "&", "?", "%", "%zz", "%00", "token", "=x", "/", "%2F", "%C3%A9", "a"]
    for _ in 0..<120 {
      let count = Int.random(in: 0...12, using: &random)
      var target = "/?"
      for _ in 0..<count { target += pieces.randomElement(using: &random)! }
      if Bool.random(using: &random) { target += String(repeating: "a", count: 2000) }
      let status = try httpStatus(port: server.port, target)
      // 0: a request line the HTTP parser refuses is closed without an answer.
      #expect([0, 400, 401, 404].contains(status), "\(target.prefix(80)): \(status)")
    }
    #expect(try httpStatus(port: server.port, "/?token=\(server.token)") == 200)
    for target in ["?=", "?", "=?=&", "/?a=b=c&&=", ""] {
      _ = AccessCheck.split(target)  // any text splits without trapping
    }
    #expect(AccessCheck.split("/?token=abc&=&x").query["token"] == "abc")
    await server.stop()
  }

  @Test("'?', '&' and '=' split the target whatever mark comes before them")
  func querySyntaxIsReadPerScalar() {
    // U+070F joins the next scalar into one Character: read per Character, `\u{70F}&` was not
    // an item separator (a name holding '&') and `\u{70F}?` not the query's start.
    let split = AccessCheck.split("/a\u{70F}?b\u{70F}&token=t\u{70F}=x&c")
    #expect(split.path == "/a\u{70F}")
    #expect(split.query == ["b\u{70F}": "", "token": "t\u{70F}=x", "c": ""])
    #expect(AccessCheck.split("/p\u{70F}?token=t").query["token"] == "t")
  }

  @Test("a request for another host name (DNS rebinding) is refused before the token is read")
  func foreignHostRefused() async throws {
    let server = try await RunningServer.start()
    let good = "/?token=\(server.token)"
    #expect(try httpStatus(port: server.port, good, host: "evil.example:\(server.port)") == 403)
    #expect(try httpStatus(port: server.port, good, host: "127.0.0.1.evil.example") == 403)
    #expect(try httpStatus(port: server.port, good, host: "localhost:\(server.port)") == 200)
    #expect(try httpStatus(port: server.port, good, host: "LOCALHOST") == 200)
    #expect(try httpStatus(port: server.port, good, host: "[::1]:\(server.port)") == 200)
    #expect(try httpStatus(port: server.port, good, host: "localhost:99999x") == 403)
    #expect(
      try httpStatus(
        port: server.port, good, origin: "http://evil.example:\(server.port)",
        host: "evil.example:\(server.port)") == 403)
    #expect(server.log.contains { $0.contains("a request for another host") })
    let check = AccessCheck(token: "t", host: "inspector.local")
    #expect(check.isOwnHost("inspector.local:7420"))
    #expect(!check.isOwnHost("inspector.local.evil:7420"))
    await server.stop()
  }

  @Test("a connection that never finishes its request head is closed after the deadline")
  func slowHeadsAreClosed() async throws {
    var limits = InspectLimits()
    limits.requestHeadSeconds = 1
    let server = try await RunningServer.start(limits: limits)
    let slow = try RawConnection(port: server.port)
    slow.send("GET /?token=\(server.token) HTTP/1.1\r\nHost: 127.0.0.1\r\n")  // no blank line
    let started = Date()
    let rest = slow.readAll()  // returns when the server closes (or after 5 s)
    #expect(rest.isEmpty)
    #expect(Date().timeIntervalSince(started) < 4.5, "closed by the deadline, not the read timeout")
    #expect(try httpStatus(port: server.port, "/?token=\(server.token)") == 200)
    await server.stop()
  }

  // MARK: Apps

  @Test("instances that differ only in punctuation get sessions of their own")
  func lookAlikeInstancesAreDistinct() async throws {
    let server = try await RunningServer.start()
    let first = try connectApp(to: server, hello: Self.hello(instance: "AAAA-BBBB"))
    send([Self.header, Self.event(1)], on: first)
    let second = try connectApp(to: server, hello: Self.hello(instance: "AAAABBBB"))
    send([Self.header, Self.event(1)], on: second)
    let third = try connectApp(to: server, hello: Self.hello(app: "Other", instance: "AAAA-BBBB"))
    send([Self.header, Self.event(1)], on: third)
    _ = await eventually("three files of two lines") {
      server.sessionFiles().count == 3
        && server.sessionFiles().allSatisfy {
          ((try? String(contentsOfFile: $0, encoding: .utf8)) ?? "").split(separator: "\n").count
            == 2
        }
    }
    #expect(server.sessionFiles().count == 3, "each its own header and event")
    await server.stop()
  }

  @Test("a second connection naming a connected instance is refused; the first keeps its session")
  func connectedInstanceKeepsItsSession() async throws {
    let server = try await RunningServer.start()
    let owner = try connectApp(to: server)
    send([Self.header, Self.event(1)], on: owner)
    _ = await eventually("the first line") { (try? self.lines(server).count) == 2 }
    let intruder = try connectApp(to: server)
    send(
      [Self.header, Self.event(9_007_199_254_740_991, extra: #""text":"injected""#)], on: intruder)
    let reply = intruder.readAll()
    #expect(HostileInputTests.closeCode(reply) == 1008, "refused: the instance is connected")
    send([Self.event(2)], on: owner)
    _ = await eventually("the owner's line") { (try? self.lines(server).count) == 3 }
    #expect(try !lines(server).joined().contains("injected"))
    await server.stop()
  }

  func lines(_ server: RunningServer) throws -> [String] {
    guard let file = server.sessionFiles().first else { return [] }
    return try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  @Test("apps with one name in one second get two files; files are the owner's only")
  func filesAreExclusiveAndPrivate() async throws {
    let server = try await RunningServer.start()
    for instance in ["one", "two", "three"] {
      let app = try connectApp(to: server, hello: Self.hello(instance: instance))
      send([Self.header], on: app)
    }
    _ = await eventually("three files") { server.sessionFiles().count == 3 }
    #expect(Set(server.sessionFiles()).count == 3)
    for file in server.sessionFiles() {
      let attributes = try FileManager.default.attributesOfItem(atPath: file)
      #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(file)")
    }
    let folder = try FileManager.default.attributesOfItem(atPath: server.sessions)
    #expect((folder[.posixPermissions] as? Int) == 0o700)
    await server.stop()
  }

  @Test("a session file is open only while its app is connected")
  func descriptorsAreClosedOnDisconnect() async throws {
    let server = try await RunningServer.start()
    let before = openDescriptors()
    for round in 0..<40 {
      let app = try connectApp(to: server, hello: Self.hello(instance: "run-\(round)"))
      send([Self.header, Self.event(1)], on: app)
      _ = await eventually("written") { server.sessionFiles().count == round + 1 }
      shutdown(app.descriptor, Int32(SHUT_RDWR))
      _ = app.readAll()
    }
    _ = await eventually("closed") { openDescriptors() <= before + 5 }
    #expect(openDescriptors() <= before + 5, "40 app runs leave no descriptor open")
    // The same instance coming back appends to its file again.
    let again = try connectApp(to: server, hello: Self.hello(instance: "run-0"))
    send([Self.header, Self.event(1), Self.event(2)], on: again)
    _ = await eventually("appended") {
      server.sessionFiles().contains {
        ((try? String(contentsOfFile: $0, encoding: .utf8)) ?? "").split(separator: "\n").count == 3
      }
    }
    await server.stop()
  }

  func openDescriptors() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
  }

  @Test("a name of 200 non-ASCII characters makes a short file name; an unwritable folder is said")
  func namesAndUnwritableFolders() async throws {
    let server = try await RunningServer.start()
    let long = String(repeating: "語", count: 200)
    let app = try connectApp(to: server, hello: Self.hello(app: long, instance: long))
    send([Self.header], on: app)
    _ = await eventually("a file") { server.sessionFiles().count == 1 }
    let name = (server.sessionFiles()[0] as NSString).lastPathComponent
    #expect(name.utf8.count < 100 && name.allSatisfy(\.isASCII), "\(name)")
    await server.stop()

    let blocker = NSTemporaryDirectory() + "ribcage-blocker-\(UUID().uuidString)"
    _ = FileManager.default.createFile(atPath: blocker, contents: Data("a file".utf8))
    let stuck = try await RunningServer.start(sessions: blocker + "/sessions")
    let refused = try connectApp(to: stuck)
    let reply = refused.readAll()
    #expect(HostileInputTests.closeCode(reply) == 1011)
    let reason = String(decoding: reply.dropFirst(4), as: UTF8.self)
    #expect(reason.contains("cannot"), "\(reason)")
    await stuck.stop()
  }

  @Test("a sequence number a browser cannot read, and ids that are not numbers, are refused")
  func fieldTypesAreChecked() async throws {
    let server = try await RunningServer.start()
    let hostile = [
      Self.event(Int.max),
      #"{"seq":1,"t":1,"type":"attach","rib":"1\"><img src=x onerror=alert(1)>","parent":null,"name":"A"}"#,
      #"{"seq":1,"t":1,"type":"activate","rib":{"x":1}}"#,
      #"{"seq":1,"t":1,"type":"mark","text":["<b>"]}"#,
      #"{"seq":-3,"t":1,"type":"mark","text":"x"}"#,
    ]
    for line in hostile {
      let app = try connectApp(to: server)
      send([Self.header, line], on: app)
      let reply = app.readAll()
      #expect(HostileInputTests.closeCode(reply) == 1003, "\(line)")
    }
    for file in server.sessionFiles() {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      #expect(text.isEmpty || text == Self.header + "\n", "nothing hostile was written")
    }
    await server.stop()
  }

  @Test("a full disk: no torn line, only written lines counted, the session marked, then resumed")
  func fullDisk() async throws {
    let disk = DiskSpace()
    let server = try await RunningServer.start(write: disk.write)
    let app = try connectApp(to: server)
    let page = PageClient(port: server.port, token: server.token)
    send([Self.header, Self.event(1, "keyframe", extra: Self.keyframe), Self.event(2)], on: app)
    _ = await eventually("written") { (try? self.lines(server).count) == 3 }
    disk.isFull = true
    send([Self.event(3), Self.event(4)], on: app)
    _ = await eventually("marked broken") {
      page.sessions.contains { ($0["broken"] as? String)?.contains("#2") == true }
    }
    #expect(try lines(server).count == 3, "nothing torn, nothing counted")
    disk.isFull = false
    send([Self.event(5)], on: app)  // not a keyframe: waits
    send([Self.event(6, "keyframe", extra: Self.keyframe), Self.event(7)], on: app)
    _ = await eventually("resumed at the keyframe") { (try? self.lines(server).count) == 5 }
    let written = try lines(server)
    #expect(written[3].contains(#""seq":6"#) && written[4].contains(#""seq":7"#))
    let loaded = try SessionTimeline(contentsOfFile: server.sessionFiles()[0])
    #expect(loaded.events.map(\.seq) == [1, 2, 6, 7])
    page.close()
    await server.stop()
  }

  @Test("a full disk on the message with the header: the header is written with the next line")
  func headerSurvivesAFullDisk() async throws {
    let disk = DiskSpace()
    disk.isFull = true
    let server = try await RunningServer.start(write: disk.write)
    let app = try connectApp(to: server)
    send([Self.header, Self.event(1, "keyframe", extra: Self.keyframe)], on: app)
    _ = await eventually("the failure noted") {
      server.log.contains { $0.contains("were not written") }
    }
    disk.isFull = false
    send([Self.event(2, "keyframe", extra: Self.keyframe), Self.event(3)], on: app)
    _ = await eventually("written") { (try? self.lines(server).count) == 3 }
    let loaded = try SessionTimeline(contentsOfFile: server.sessionFiles()[0])
    #expect(loaded.events.map(\.seq) == [2, 3], "the file starts with its header and loads")
    await server.stop()
  }

  @Test("a request with a body is closed at once; a plain HTTP connection lives a limited time")
  func bodiesAndLongHTTPConnections() async throws {
    var limits = InspectLimits()
    limits.requestHeadSeconds = 1
    limits.httpLifetimeSeconds = 2
    let server = try await RunningServer.start(limits: limits)
    let body = try RawConnection(port: server.port)
    body.send(
      "POST /app HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000000\r\n\r\nx")
    let started = Date()
    _ = body.readAll()
    #expect(Date().timeIntervalSince(started) < 4.5, "closed by the server, not the read timeout")
    let chunked = try RawConnection(port: server.port)
    chunked.send("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n")
    _ = chunked.readAll()
    #expect(Date().timeIntervalSince(started) < 9, "closed by the server, not the read timeout")
    let idle = try RawConnection(port: server.port)
    idle.send("GET /?token=\(server.token) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    let head = idle.readHead()
    #expect(head.hasPrefix("HTTP/1.1 200"))
    let kept = Date()
    for _ in 0..<3 {
      idle.send("G")  // a second request, trickled
      usleep(500_000)
    }
    _ = idle.readAll()
    #expect(Date().timeIntervalSince(kept) < 4.5, "ended by its lifetime")
    // A WebSocket is not an HTTP connection: it outlives the HTTP lifetime.
    let app = try connectApp(to: server)
    send([Self.header, Self.event(1)], on: app)
    try await Task.sleep(for: .seconds(2.5))
    send([Self.event(2)], on: app)
    _ = await eventually("still connected") { (try? self.lines(server).count) == 3 }
    await server.stop()
  }

  @Test("a hello sent in fragments may not grow past 64 KB")
  func helloIsSmall() async throws {
    let server = try await RunningServer.start()
    let raw = try RawConnection(port: server.port)
    #expect(raw.upgrade("/app?token=\(server.token)", port: server.port).hasPrefix("HTTP/1.1 101"))
    raw.send(RawConnection.frame(opcode: 1, Array(#"{"hello":""#.utf8), fin: false))
    for _ in 0..<3 {
      raw.send(RawConnection.frame(opcode: 0, [UInt8](repeating: 0x61, count: 40_000), fin: false))
    }
    let reply = raw.readAll()
    #expect(HostileInputTests.closeCode(reply) != nil, "closed before a hello passes 64 KB")
    await server.stop()
  }

  @Test("a page that does not read while its session streams is closed, not buffered")
  func openingPageBacklogIsBounded() async throws {
    var limits = InspectLimits()
    limits.pageBacklogBytes = 1 << 20
    limits.pageHighWaterBytes = 64 << 10
    let server = try await RunningServer.start(limits: limits)
    let app = try connectApp(to: server)
    let filler = String(repeating: "x", count: 20_000)
    send([Self.header], on: app)
    for batch in 0..<6 {
      send((1...10).map { Self.event(batch * 10 + $0, extra: #""text":"\#(filler)""#) }, on: app)
    }
    _ = await eventually("written") { (try? self.lines(server).count) == 61 }
    // A page that asks for the session and never reads.
    let page = try RawConnection(port: server.port, receiveBuffer: 4096)
    #expect(
      page.upgrade("/page?token=\(server.token)", port: server.port).hasPrefix("HTTP/1.1 101"))
    page.send(RawConnection.frame(opcode: 1, Array(#"{"type":"open","session":"app-1"}"#.utf8)))
    for batch in 0..<120 {  // 12 MB of live lines, past what the sockets' buffers hold
      let seqs = (61 + batch * 5)..<(66 + batch * 5)
      send(seqs.map { Self.event($0 + 0, extra: #""text":"\#(filler)""#) }, on: app)
    }
    _ = await eventually("closed as too slow") {
      server.log.contains { $0.contains("closed a page: too slow") }
    }
    await server.stop()
  }

  @Test("a report's title cannot move the session: a file named like the template's markers")
  func reportTitleIsInert() throws {
    let folder = NSTemporaryDirectory() + "ribcage-report-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for name in ["a\u{1}session\u{1}b", "<!--SESSION-->", "__TITLE__ /*SCRIPT*/ __NONCE__"] {
      let session = folder + "/" + name.replacingOccurrences(of: "/", with: "_")
      _ = FileManager.default.createFile(
        atPath: session, contents: Data((Self.header + "\n" + Self.event(1) + "\n").utf8))
      _ = try SessionReport.write(session: session, to: folder + "/r.html")
      let html = try String(contentsOfFile: folder + "/r.html", encoding: .utf8)
      let embedded = html.components(separatedBy: "id=\"embedded-session\">")[1]
      #expect(embedded.hasPrefix(#"{"format":"ribcage-session""#), "\(name)")
      #expect(html.components(separatedBy: "function").count > 10, "the script is whole: \(name)")
    }
  }

  // MARK: Pages and memory

  @Test("a page that stops reading is closed as too slow; one that reads waits instead")
  func pageBudget() async {
    let (outbox, stream) = PageOutbox.make(highWater: 100, limit: 1000)
    for _ in 0..<9 { await outbox.offer(String(repeating: "x", count: 100)) }
    #expect(await outbox.closedBecause == nil)
    await outbox.offer(String(repeating: "x", count: 200))
    #expect(await outbox.closedBecause?.hasPrefix("too slow") == true)
    var received = 0
    for await _ in stream { received += 1 }
    #expect(received == 9, "the stream ends: the writer closes the connection")

    let (reading, messages) = PageOutbox.make(highWater: 100, limit: 1000)
    let reader = Task {
      var count = 0
      for await text in messages {
        count += 1
        await reading.sent(text.utf8.count)
      }
      return count
    }
    for _ in 0..<50 { await reading.send(String(repeating: "y", count: 60)) }
    #expect(await reading.closedBecause == nil, "a reading page is never too slow")
    await reading.finish()
    #expect(await reader.value == 50)
  }

  @Test("bytes in flight are shared: a message waits until others give theirs back")
  func byteBudget() async {
    let budget = ByteBudget(total: 100)
    await budget.take(80)
    let waiter = Task {
      await budget.take(50)
      return true
    }
    try? await Task.sleep(for: .milliseconds(50))
    await budget.give(80)
    #expect(await waiter.value)
  }

  // MARK: Logs and settings

  @Test("control and bidirectional characters from the network are escaped in the log")
  func logsAreEscaped() async throws {
    #expect(
      LogText.escaped("a\u{1B}[31mb\u{07}c\u{202E}d\\") == "a\\u{1b}[31mb\\u{7}c\\u{202e}d\\u{5c}")
    let server = try await RunningServer.start()
    let app = try connectApp(to: server, hello: Self.hello(app: "Bad\u{202E}App\u{1B}[2J"))
    _ = app.readAll()  // refused: a control character in a name
    let bidi = try connectApp(to: server, hello: Self.hello(app: "Bad\u{202E}App"))
    send([Self.header], on: bidi)
    _ = await eventually("logged") { server.log.contains { $0.contains("connected") } }
    #expect(server.log.contains { $0.contains("Bad\\u{202e}App") })
    for line in server.log {
      #expect(!line.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" }, "\(line)")
    }
    await server.stop()
  }

  @Test("a token must stand in a URL as it is")
  func tokens() {
    #expect(InspectConfiguration.isUsableToken("abcdef0123456789"))
    #expect(!InspectConfiguration.isUsableToken("ééééééééééééééééé"))
    #expect(!InspectConfiguration.isUsableToken("abcdef0123456789&x=1"))
    #expect(!InspectConfiguration.isUsableToken("short"))
  }

  @Test("--html: a torn last line is left out quietly, a hostile line with its reason")
  func reportChecksLines() throws {
    let folder = NSTemporaryDirectory() + "ribcage-report-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let session = folder + "/s.jsonl"
    var bytes = Array(
      (Self.header + "\n" + Self.event(1) + "\n"
        + #"{"seq":2,"t":2,"type":"activate","rib":"<img>"}"# + "\n" + Self.event(3) + "\n"
        + #"{"seq":4,"t":4,"type":"mark","text":"torn é"#).utf8)
    bytes.removeLast()  // mid-character
    _ = FileManager.default.createFile(atPath: session, contents: Data(bytes))
    let report = try SessionReport.write(session: session, to: folder + "/r.html")
    #expect(report.lines == 3)
    #expect(report.droppedLines.count == 1)
    #expect(report.droppedLines.first?.hasPrefix("line 3:") == true)
    let html = try String(contentsOfFile: folder + "/r.html", encoding: .utf8)
    #expect(!html.contains("<img>"))
    #expect(html.contains("Content-Security-Policy"))
    #expect(!html.contains("unsafe-inline"))
  }
}

/// A disk that can be full: writes fail with ENOSPC while `isFull`, after writing a few bytes
/// (as a real full disk does with the last block).
final class DiskSpace: @unchecked Sendable {
  private let lock = NSLock()
  private var full = false

  var isFull: Bool {
    get { lock.withLock { full } }
    set { lock.withLock { full = newValue } }
  }

  var write: SessionFile.Write {
    { [self] descriptor, buffer in
      if isFull {
        guard buffer.count > 3 else {
          errno = ENOSPC
          return -1
        }
        // A few bytes fit: a partial write, then the next call fails.
        return SessionFile.systemWrite(descriptor, UnsafeRawBufferPointer(rebasing: buffer[..<3]))
      }
      return SessionFile.systemWrite(descriptor, buffer)
    }
  }
}
