import Foundation
import Ribcage
import RibcageInspectServer
import RibcageInspector
import Testing

@MainActor
@Suite("ribcage inspect FILE and --html", .serialized, .timeLimit(.minutes(10)))
struct OfflineTests {
  func recordedSession() throws -> String {
    let app = InspectedApp()
    app.churn(4)
    _ = app.recorder.mark("a </script><!-- tricky mark")
    let path = NSTemporaryDirectory() + "ribcage-offline-\(UUID().uuidString).jsonl"
    try app.recorder.write(to: path)
    app.stop()
    return path
  }

  @Test("a recorded file is served read-only; apps are refused")
  func offlineServer() async throws {
    let path = try recordedSession()
    let server = try await RunningServer.start(offlineFiles: [path])
    let page = PageClient(port: server.port, token: server.token)
    await eventually("listed") { page.sessions.count == 1 }
    #expect(page.sessions[0]["readOnly"] as? Bool == true)
    #expect(page.sessions[0]["live"] as? Bool == false)
    let id = try #require(page.sessions[0]["id"] as? String)
    page.send(["type": "open", "session": id])
    let expected = try String(contentsOfFile: path, encoding: .utf8)
    await eventually("the file's text") { page.text(of: id) == expected }
    page.send(["type": "action", "session": id, "action": ["action": "sweep"]])
    await eventually("refused") { !page.errors.isEmpty }
    let app = InspectedApp()
    let inspector = try Inspector.connect(
      app.recorder, to: server.url, configuration: .init(initialBackoff: 0.05))
    await eventually("the app refused") { inspector.lastError != nil }
    #expect(server.log.contains { $0.contains("this server shows recorded files only") })
    #expect(server.sessionFiles().isEmpty)
    inspector.disconnect()
    page.close()
    app.stop()
    await server.stop()
  }

  @Test(
    "a long session opens from the keyframe that starts its tail; the server never reads it whole")
  func longSessionTail() async throws {
    let app = InspectedApp()
    let recorder = try SessionRecorder(
      app.root, configuration: .init(appName: "Shop", keyframeInterval: 20))
    // About 5,600 events (500 KB), in slices: the other suites share the main actor.
    for _ in 0..<40 {
      app.churn(20)
      await Task.yield()
    }
    _ = recorder.mark("the last mark")
    let path = NSTemporaryDirectory() + "ribcage-long-\(UUID().uuidString).jsonl"
    try recorder.write(to: path)
    recorder.stop()
    let file = try String(contentsOfFile: path, encoding: .utf8)
    let tail = 16 << 10
    let server = try await RunningServer.start(offlineFiles: [path], pageTailBytes: tail)
    let page = PageClient(port: server.port, token: server.token)
    await eventually("listed") { page.sessions.count == 1 }
    let id = try #require(page.sessions[0]["id"] as? String)
    page.send(["type": "open", "session": id])
    await eventually("the tail up to the last mark") {
      page.text(of: id).hasSuffix("\n") && page.text(of: id).contains("the last mark")
    }

    let text = page.text(of: id)
    let lines = text.split(separator: "\n")
    let header = try #require(lines.first)
    #expect(file.hasPrefix(header + "\n"))
    #expect(lines[1].contains(#""type":"keyframe""#), "the tail starts with a keyframe")
    let body = text.dropFirst(header.count + 1)
    #expect(file.hasSuffix(body), "the tail is the file's end, whole lines")
    #expect(body.utf8.count <= tail, "no more than the tail")
    #expect(body.utf8.count >= tail / 2, "keyframes are close: most of the tail is sent")
    let reset = try #require(page.messages.first { $0["reset"] as? Bool == true })
    let skipped = try #require(reset["skippedBytes"] as? Int)
    #expect(header.utf8.count + 1 + skipped + body.utf8.count == file.utf8.count)

    // The tail alone rebuilds the tree as it was at the end.
    let tailPath = path + ".tail"
    try text.write(toFile: tailPath, atomically: true, encoding: .utf8)
    let timeline = try SessionTimeline(contentsOfFile: tailPath)
    #expect(
      timeline.moment(at: timeline.events.count - 1).treeText == app.root.snapshot().textRendering()
    )
    page.close()
    app.stop()
    await server.stop()
  }

  @Test("a file that is not a session is refused with its path")
  func notASession() async throws {
    let path = NSTemporaryDirectory() + "ribcage-offline-\(UUID().uuidString).txt"
    try "hello\n".write(toFile: path, atomically: true, encoding: .utf8)
    await #expect(throws: InspectError.notASession(path)) {
      _ = try await RunningServer.start(offlineFiles: [path])
    }
  }

  @Test("the report is one self-contained file: no external resource, the session inside, intact")
  func report() throws {
    let path = try recordedSession()
    let session = try String(contentsOfFile: path, encoding: .utf8)
    let html = PageDocument.html(mode: .report(session: session, title: "crash.jsonl"))
    #expect(html.hasPrefix("<!doctype html>"))
    #expect(html.contains("data-mode=\"report\""))
    for external in ["src=\"http", "href=\"http", "@import", "url(http", "<link "] {
      #expect(!html.contains(external), "\(external)")
    }
    // Exactly two script elements close: the embedded session's and the page's.
    #expect(html.components(separatedBy: "</script>").count == 3)
    // The session reads back line for line (the escapes are JSON escapes).
    let start = try #require(html.range(of: "id=\"embedded-session\">"))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let embedded = String(html[start.upperBound..<end.lowerBound])
    let original = session.split(separator: "\n")
    let read = embedded.split(separator: "\n")
    #expect(read.count == original.count)
    for (line, expected) in zip(read, original) {
      let a = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary
      let b = try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? NSDictionary
      #expect(a == b)
    }
    #expect(html.contains("Ribcage session — crash.jsonl"))
  }
}
