import Foundation
import Ribcage
import RibcageInspectServer
import RibcageInspector
import Testing

@MainActor
@Suite("ribcage inspect: remote actions", .serialized, .timeLimit(.minutes(10)))
struct RemoteActionTests {
  /// Connects `app` and a page watching it; returns the page, the inspector and the session id.
  func watch(_ app: InspectedApp, _ server: RunningServer, allow: Bool)
    async throws -> (PageClient, Inspector, String)
  {
    let inspector = try Inspector.connect(
      app.recorder, to: server.url,
      configuration: .init(
        allowRemoteActions: allow,
        openLink: { [weak app] url in _ = app?.recorder.mark("opened \(url)") }))
    #expect(await inspector.waitUntilConnected(timeout: .seconds(10)))
    let page = PageClient(port: server.port, token: server.token)
    await eventually("listed") { page.sessions.count == 1 }
    let id = try #require(page.sessions[0]["id"] as? String)
    page.send(["type": "open", "session": id])
    return (page, inspector, id)
  }

  @Test("allowed: a flag switched from the page changes the app's tree, and is in the timeline")
  func flagFromPage() async throws {
    let server = try await RunningServer.start()
    let app = InspectedApp()
    let (page, inspector, id) = try await watch(app, server, allow: true)
    #expect(page.sessions[0]["remoteActions"] as? [String] == ["flag", "link", "sweep"])
    #expect(app.plugins.attachedNames == ["promo"])
    page.send([
      "type": "action", "session": id,
      "action": ["action": "flag", "key": "promo", "value": false],
    ])
    await eventually("the plugin detached") { app.plugins.attachedNames.isEmpty }
    #expect(inspector.statistics.remoteActions == 1)
    page.send([
      "type": "action", "session": id,
      "action": ["action": "link", "url": "shop://cart/7"],
    ])
    page.send(["type": "action", "session": id, "action": ["action": "sweep"]])
    await eventually("both done") { inspector.statistics.remoteActions == 3 }
    app.recorder.flush()
    await eventually("the page sees the actions as marks and the detach") {
      let text = page.text(of: id)
      return text.contains("inspector: set flag promo to false")
        && text.contains("\"event\":\"detached\"") && text.contains("opened shop://cart/7")
        && text.contains("inspector: leak sweep found 0 leaked subtree(s)")
    }
    page.close()
    inspector.disconnect()
    app.stop()
    await server.stop()
  }

  @Test("not allowed (the default): the server refuses, and the app would refuse too")
  func refused() async throws {
    let server = try await RunningServer.start()
    let app = InspectedApp()
    let (page, inspector, id) = try await watch(app, server, allow: false)
    #expect(page.sessions[0]["remoteActions"] as? [String] == [])
    page.send([
      "type": "action", "session": id,
      "action": ["action": "flag", "key": "promo", "value": false],
    ])
    await eventually("refused") { !page.errors.isEmpty }
    #expect(page.errors[0] == "remote action refused: Shop does not allow flag actions")
    #expect(app.plugins.attachedNames == ["promo"])
    #expect(inspector.statistics.remoteActions == 0)
    page.close()
    inspector.disconnect()
    app.stop()
    await server.stop()
  }

  @Test("malformed actions are refused before they reach the app")
  func malformed() async throws {
    let server = try await RunningServer.start()
    let app = InspectedApp()
    let (page, inspector, id) = try await watch(app, server, allow: true)
    let bad: [[String: Any]] = [
      ["action": "flag", "key": "promo"],
      ["action": "flag", "key": "", "value": true],
      ["action": "flag", "key": "promo", "value": ["nested": true]],
      ["action": "link"],
      ["action": "format-disk"],
    ]
    for action in bad { page.send(["type": "action", "session": id, "action": action]) }
    await eventually("all refused") { page.errors.count == bad.count }
    #expect(inspector.statistics.remoteActions == 0)
    #expect(inspector.statistics.refusedActions == 0)
    #expect(app.plugins.attachedNames == ["promo"])
    page.close()
    inspector.disconnect()
    app.stop()
    await server.stop()
  }
}
