import Foundation
import Ribcage
import RibcageInspector
import Testing

@Suite("Inspector: the app side's URL, and its cost with no server", .timeLimit(.minutes(5)))
struct InspectorURLTests {
  @Test("the URL ribcage inspect prints, in either scheme")
  func parsesPrintedURL() throws {
    let url = try InspectorURL("http://127.0.0.1:7420/?token=abc123")
    #expect(url.host == "127.0.0.1")
    #expect(url.port == 7420)
    #expect(url.token == "abc123")
    #expect(try InspectorURL(" ws://localhost:9/app?x=1&token=t0k ").token == "t0k")
    #expect(try InspectorURL("http://[::1]:7420/?token=z").host == "::1")
  }

  @Test("'?', '&', ':' and ']' are read per Unicode scalar, as the server reads them")
  func syntaxIsReadPerScalar() throws {
    // U+070F joins the character after it into one Character: read per Character, the query
    // after `p\u{70F}?`, the item after `1\u{70F}&` and the port after `h\u{70F}:` were not
    // there, while the server (and a browser) read them.
    #expect(try InspectorURL("http://127.0.0.1:7420/p\u{70F}?token=t").token == "t")
    #expect(try InspectorURL("http://127.0.0.1:7420/?x=1\u{70F}&token=t").token == "t")
    let named = try InspectorURL("http://h\u{70F}:7420/?token=t")
    #expect(named.host == "h\u{70F}" && named.port == 7420)
    let bracketed = try InspectorURL("http://[::1\u{70F}]:7420/?token=t")
    #expect(bracketed.host == "::1\u{70F}" && bracketed.port == 7420)
  }

  @Test(
    "a URL it cannot use is a typed error that says what to do",
    arguments: [
      ("127.0.0.1:7420/?token=a", "no scheme"),
      ("https://127.0.0.1:7420/?token=a", "the scheme must be http or ws"),
      ("http://:7420/?token=a", "no host"),
      ("http://127.0.0.1/?token=a", "no port"),
      ("http://127.0.0.1:99999/?token=a", "no port"),
      ("http://127.0.0.1:7420/", "no token"),
      ("http://127.0.0.1:7420/?token=", "no token"),
      // The host is written into the request's Host line: a line break there would add a header.
      ("http://127.0.0.1\r\nX-Evil: 1:7420/?token=a", "the host has characters"),
      ("http://a b:7420/?token=a", "the host has characters"),
      ("http://[::1\u{7F}]:7420/?token=a", "the host has characters"),
    ])
  func rejects(text: String, reason: String) {
    #expect {
      _ = try InspectorURL(text)
    } throws: { error in
      guard case .invalidURL(let url, let why) = error as? InspectorError else { return false }
      return url == text && why.hasPrefix(reason)
        && (error as! InspectorError).description.contains("use the URL ribcage inspect prints")
    }
  }
}

@MainActor
@Suite("Inspector: connection life", .serialized, .timeLimit(.minutes(5)))
struct InspectorConnectionTests {
  final class PlainInteractor: Interactor, Interactable {}
  final class ShopRouter: Router<PlainInteractor> {}

  /// A loopback port nothing listens on (bound, then closed).
  static func closedPort() -> Int { 1 }

  @Test("with no server it costs a counter, not memory: nothing is queued while it retries")
  func noServer() async throws {
    let root = ShopRouter(interactor: PlainInteractor())
    let detector = LeakDetector(gracePeriod: .zero, sweepsAutomatically: false)
    root.context = TreeContext(leakDetector: detector)
    let recorder = SessionRecorder(root)
    let inspector = try Inspector.connect(
      recorder, to: "http://127.0.0.1:\(Self.closedPort())/?token=abc",
      configuration: .init(initialBackoff: 0.01, maximumBackoff: 0.02))
    root.interactor.activate()
    for _ in 0..<2_000 {
      let child = ShopRouter(interactor: PlainInteractor())
      root.attachChild(child)
      root.detachChild(child)
    }
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(10)
    while inspector.statistics.failedAttempts < 3 || inspector.state != .waiting,
      clock.now < deadline
    {
      try await Task.sleep(for: .milliseconds(10))
    }
    let statistics = inspector.statistics
    #expect(statistics.failedAttempts >= 3)
    #expect(statistics.connections == 0)
    #expect(statistics.queuedBytes == 0)
    #expect(statistics.bytesSent == 0)
    #expect(inspector.state == .waiting)
    if case .cannotConnect = inspector.lastError {
    } else {
      Issue.record("expected cannotConnect, got \(String(describing: inspector.lastError))")
    }
    inspector.disconnect()
    #expect(inspector.state == .stopped)
    inspector.disconnect()
    root.interactor.deactivate()
    recorder.stop()
    #expect(detector.sweep().isEmpty)
  }

  @Test("no URL and no RIBCAGE_INSPECT: connectIfRequested returns nil, connect throws noURL")
  func noURL() throws {
    guard ProcessInfo.processInfo.environment[Inspector.environmentVariable] == nil else { return }
    let root = ShopRouter(interactor: PlainInteractor())
    let recorder = SessionRecorder(root)
    #expect(Inspector.connectIfRequested(recorder) == nil)
    #expect(throws: InspectorError.noURL) { _ = try Inspector.connect(recorder) }
    recorder.stop()
  }

  @Test("released without disconnect, it stops its thread and keeps nothing alive")
  func released() async throws {
    weak var weakRecorder: SessionRecorder?
    weak var weakInspector: Inspector?
    do {
      let root = ShopRouter(interactor: PlainInteractor())
      let recorder = SessionRecorder(root)
      let inspector = try Inspector.connect(
        recorder, to: "http://127.0.0.1:\(Self.closedPort())/?token=abc",
        configuration: .init(initialBackoff: 0.01))
      weakRecorder = recorder
      weakInspector = inspector
      recorder.stop()
    }
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(5)
    while weakInspector != nil || weakRecorder != nil, clock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(weakInspector == nil)
    #expect(weakRecorder == nil)
  }
}
