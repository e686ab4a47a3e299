import Foundation
import Ribcage
import RibcageInspectServer
import RibcageInspector
import Testing

@MainActor
@Suite("ribcage inspect: server and app connection", .serialized, .timeLimit(.minutes(10)))
struct InspectServerTests {
  @Test("an app streams its session: the file holds exactly what the recorder has, in order")
  func snapshotThenEvents() async throws {
    let server = try await RunningServer.start()
    let app = InspectedApp()
    app.churn(3)
    let inspector = try Inspector.connect(app.recorder, to: server.url)
    #expect(await inspector.waitUntilConnected(timeout: .seconds(10)))
    app.churn(20)
    _ = app.recorder.mark("done")
    app.recorder.flush()
    let expected = String(decoding: app.recorder.sessionBytes(), as: UTF8.self)
    await eventually("the whole session in the file") {
      server.sessionFiles().count == 1
        && (try? String(contentsOfFile: server.sessionFiles()[0], encoding: .utf8)) == expected
    }
    // The file loads as a session, with the history from before the connection.
    let timeline = try SessionTimeline(contentsOfFile: server.sessionFiles()[0])
    #expect(timeline.events.first?.kind == .keyframe)
    #expect(timeline.marks.map(\.text) == ["done"])
    #expect(timeline.events.filter { $0.kind == .attach }.count == 23 + 1)  // 23 carts, promo
    inspector.disconnect()
    app.stop()
    await server.stop()
  }

  @Test("a page opens a session: everything so far, then each line live; sessions are listed")
  func pageFollowsLive() async throws {
    let server = try await RunningServer.start()
    let app = InspectedApp(name: "Shop")
    let inspector = try Inspector.connect(app.recorder, to: server.url)
    #expect(await inspector.waitUntilConnected(timeout: .seconds(10)))
    app.churn(2)
    let page = PageClient(port: server.port, token: server.token)
    await eventually("the session listed") { page.sessions.count == 1 }
    let session = try #require(page.sessions.first)
    #expect(session["app"] as? String == "Shop")
    #expect(session["live"] as? Bool == true)
    #expect(session["remoteActions"] as? [String] == [])
    let id = try #require(session["id"] as? String)
    page.send(["type": "open", "session": id])
    await eventually("the history") { page.text(of: id).contains("\"type\":\"detach\"") }
    let before = page.text(of: id).split(separator: "\n").count
    _ = app.recorder.mark("live one")
    await eventually("a live line") { page.text(of: id).contains("live one") }
    #expect(page.text(of: id).split(separator: "\n").count == before + 1)
    app.recorder.flush()
    await eventually("the page's copy equals the file") {
      (try? String(contentsOfFile: server.sessionFiles()[0], encoding: .utf8)) == page.text(of: id)
    }
    inspector.disconnect()
    await eventually("the session marked ended") { page.sessions.first?["live"] as? Bool == false }
    page.close()
    app.stop()
    await server.stop()
  }

  @Test("two apps at once: two sessions, two files, each with its name")
  func twoApps() async throws {
    let server = try await RunningServer.start()
    let shop = InspectedApp(name: "Shop")
    let kiosk = InspectedApp(name: "Kiosk")
    let first = try Inspector.connect(shop.recorder, to: server.url)
    let second = try Inspector.connect(kiosk.recorder, to: server.url)
    #expect(await first.waitUntilConnected(timeout: .seconds(10)))
    #expect(await second.waitUntilConnected(timeout: .seconds(10)))
    shop.churn(5)
    kiosk.churn(1)
    let page = PageClient(port: server.port, token: server.token)
    await eventually("both listed") { page.sessions.count == 2 }
    #expect(Set(page.sessions.compactMap { $0["app"] as? String }) == ["Shop", "Kiosk"])
    shop.recorder.flush()
    kiosk.recorder.flush()
    await eventually("two files with their own sessions") {
      let files = server.sessionFiles()
      guard files.count == 2 else { return false }
      let texts = Set(files.compactMap { try? String(contentsOfFile: $0, encoding: .utf8) })
      return texts
        == [
          String(decoding: shop.recorder.sessionBytes(), as: UTF8.self),
          String(decoding: kiosk.recorder.sessionBytes(), as: UTF8.self),
        ]
    }
    first.disconnect()
    second.disconnect()
    page.close()
    shop.stop()
    kiosk.stop()
    await server.stop()
  }

  @Test("the app reconnects with backoff after the server restarts and resends its session")
  func reconnect() async throws {
    let token = InspectConfiguration.newToken()
    let server = try await RunningServer.start(token: token)
    let port = server.port
    let app = InspectedApp()
    let inspector = try Inspector.connect(
      app.recorder, to: server.url,
      configuration: .init(initialBackoff: 0.05, maximumBackoff: 0.2))
    #expect(await inspector.waitUntilConnected(timeout: .seconds(10)))
    app.churn(2)
    await server.stop()
    await eventually("the app notices") { inspector.state == .waiting }
    // Recorded while no server runs: nothing is queued; it keeps trying, with backoff.
    app.churn(50)
    #expect(inspector.statistics.queuedBytes == 0)
    await eventually("two failed attempts") { inspector.statistics.failedAttempts >= 2 }
    let restarted = try await RunningServer.start(token: token, port: port)
    await eventually("reconnected", timeout: .seconds(15)) { inspector.state == .connected }
    #expect(inspector.statistics.connections == 2)
    app.recorder.flush()
    let expected = String(decoding: app.recorder.sessionBytes(), as: UTF8.self)
    await eventually("the whole session again in the new server's file") {
      restarted.sessionFiles().count == 1
        && (try? String(contentsOfFile: restarted.sessionFiles()[0], encoding: .utf8)) == expected
    }
    inspector.disconnect()
    app.stop()
    await restarted.stop()
  }

  @Test("the same instance connecting again continues its file: nothing written twice")
  func sameInstanceAgain() async throws {
    let server = try await RunningServer.start()
    let app = InspectedApp()
    let first = try Inspector.connect(app.recorder, to: server.url)
    #expect(await first.waitUntilConnected(timeout: .seconds(10)))
    app.churn(3)
    app.recorder.flush()
    first.disconnect()
    app.churn(2)
    let second = try Inspector.connect(app.recorder, to: server.url)
    #expect(await second.waitUntilConnected(timeout: .seconds(10)))
    app.recorder.flush()
    let expected = String(decoding: app.recorder.sessionBytes(), as: UTF8.self)
    await eventually("one file, each line once") {
      server.sessionFiles().count == 1
        && (try? String(contentsOfFile: server.sessionFiles()[0], encoding: .utf8)) == expected
    }
    second.disconnect()
    app.stop()
    await server.stop()
  }

  @Test("a wrong or missing token is refused, and logged; the page too")
  func badToken() async throws {
    let server = try await RunningServer.start()
    let app = InspectedApp()
    let inspector = try Inspector.connect(
      app.recorder, to: "http://127.0.0.1:\(server.port)/?token=0123456789abcdef0123",
      configuration: .init(initialBackoff: 0.05, maximumBackoff: 0.1))
    await eventually("refused") {
      if case .handshakeRefused(let reason) = inspector.lastError { return reason.contains("401") }
      return false
    }
    #expect(inspector.state == .waiting)
    #expect(server.sessionFiles().isEmpty)
    #expect(server.log.contains { $0.contains("refused a connection to /app: a wrong token") })
    #expect(try httpStatus(port: server.port, "/?token=nope") == 401)
    #expect(try httpStatus(port: server.port, "/") == 401)
    #expect(try httpStatus(port: server.port, "/?token=\(server.token)") == 200)
    // A refused upgrade is answered 400 (Hummingbird's answer to a declined upgrade); the same
    // request without the upgrade says why.
    let raw = try RawConnection(port: server.port)
    #expect(raw.upgrade("/page", port: server.port).hasPrefix("HTTP/1.1 400"))
    #expect(try httpStatus(port: server.port, "/page") == 401)
    #expect(server.log.contains { $0.contains("refused a connection to /page: no token") })
    inspector.disconnect()
    app.stop()
    await server.stop()
  }

  @Test("a browser WebSocket from another origin is refused; the page's own origin is not")
  func wrongOrigin() async throws {
    let server = try await RunningServer.start()
    let target = "/page?token=\(server.token)"
    let foreign = try RawConnection(port: server.port)
    #expect(
      foreign.upgrade(target, port: server.port, origin: "http://evil.example").hasPrefix(
        "HTTP/1.1 400"))
    #expect(try httpStatus(port: server.port, target, origin: "http://evil.example") == 403)
    let other = try RawConnection(port: server.port)
    #expect(
      other.upgrade(target, port: server.port, origin: "http://localhost:1").hasPrefix(
        "HTTP/1.1 400"))
    let sandboxed = try RawConnection(port: server.port)
    #expect(sandboxed.upgrade(target, port: server.port, origin: "null").hasPrefix("HTTP/1.1 400"))
    let own = try RawConnection(port: server.port)
    #expect(
      own.upgrade(target, port: server.port, origin: "http://127.0.0.1:\(server.port)").hasPrefix(
        "HTTP/1.1 101"))
    #expect(server.log.contains { $0.contains("another origin (http://evil.example)") })
    await server.stop()
  }
}
