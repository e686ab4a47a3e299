import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// `ribcage inspect`'s server: apps stream sessions to `/app`, pages watch them over `/page`,
/// and `/` serves the page. Token on everything; browsers only from the server's own origin.
public struct InspectServer: Sendable {
  public let configuration: InspectConfiguration
  let log: @Sendable (String) -> Void

  public init(configuration: InspectConfiguration, log: @escaping @Sendable (String) -> Void) {
    self.configuration = configuration
    self.log = log
  }

  /// Runs until the task is cancelled; `onReady` gets the port it listens on.
  public func run(onReady: @escaping @Sendable (Int) async -> Void) async throws {
    let hub = SessionHub(
      directory: configuration.sessionsDirectory, tailBytes: configuration.pageTailBytes, log: log)
    for path in configuration.offlineFiles {
      _ = try await hub.addRecording(path: path)
    }
    let access = AccessCheck(token: configuration.token)
    let configuration = self.configuration
    let log = self.log
    let offline = !configuration.offlineFiles.isEmpty

    let router = Router()
    router.get("/") { request, _ -> Response in
      if let refusal = access.refusal(for: request.head, webSocket: false) {
        log("refused the page: \(refusal)")
        return Self.refusal(refusal)
      }
      let html = PageDocument.html(mode: offline ? .offline : .live)
      var headers = HTTPFields()
      headers[.contentType] = "text/html; charset=utf-8"
      headers[.cacheControl] = "no-store"
      headers[.contentSecurityPolicy] =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
        + "connect-src 'self'; img-src data:"
      return Response(
        status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
    // A refused WebSocket upgrade lands here: say why.
    for path in ["/app", "/page"] {
      router.get(RouterPath(path)) { request, _ -> Response in
        if let refusal = access.refusal(for: request.head, webSocket: true) {
          return Self.refusal(refusal)
        }
        return Response(
          status: .badRequest, body: .init(byteBuffer: ByteBuffer(string: "a WebSocket endpoint\n"))
        )
      }
    }

    let webSocket = WebSocketServerConfiguration(
      maxFrameSize: 1 << 20, autoPing: .enabled(timePeriod: .seconds(30)), validateUTF8: true)
    let app = Application(
      router: router,
      server: .http1WebSocketUpgrade(configuration: .init(ws: webSocket)) {
        request, channel, _ in
        let path = AccessCheck.split(request.path ?? "").path
        guard path == "/app" || path == "/page" else { return .dontUpgrade }
        // Many small messages go to pages: without TCP_NODELAY on the accepted socket, Nagle's
        // algorithm holds each until the browser's delayed ACK (up to 40 ms) — measured here.
        try? await channel.setOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)
        if let refusal = access.refusal(for: request, webSocket: true) {
          log("refused a connection to \(path): \(refusal)")
          return .dontUpgrade
        }
        if path == "/app" {
          if offline {
            log("refused an app: this server shows recorded files only")
            return .dontUpgrade
          }
          return .upgrade([:]) { inbound, outbound, _ in
            await AppConnection(hub: hub, log: log, maximumMessage: configuration.maximumAppMessage)
              .serve(inbound, outbound)
          }
        }
        return .upgrade([:]) { inbound, outbound, _ in
          await PageConnection(hub: hub, log: log, maximumMessage: configuration.maximumPageMessage)
            .serve(inbound, outbound)
        }
      },
      configuration: .init(
        address: .hostname(configuration.host, port: configuration.port),
        serverName: "ribcage-inspect"),
      onServerRunning: { channel in await onReady(channel.localAddress?.port ?? 0) },
      logger: Logger(label: "ribcage-inspect", factory: { _ in SwiftLogNoOpLogHandler() })
    )
    try await app.runService(gracefulShutdownSignals: [])
    await hub.closeFiles()
  }

  static func refusal(_ error: AccessCheck.Refusal) -> Response {
    Response(
      status: error.status,
      body: .init(
        byteBuffer: ByteBuffer(string: "refused: \(error); use the URL ribcage inspect printed\n")))
  }
}

/// One app's WebSocket: a hello, then session lines, checked and stored; remote actions go the
/// other way.
struct AppConnection {
  let hub: SessionHub
  let log: @Sendable (String) -> Void
  let maximumMessage: Int

  func serve(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter) async {
    let connection = UUID()
    var validator = AppStreamValidator()
    var session: String?
    var reason = "closed"
    do {
      for try await message in inbound.messages(maxSize: maximumMessage) {
        let text = try AppStreamValidator.text(of: message, limit: maximumMessage)
        if let session {
          let (header, lines) = try validator.acceptLines(text)
          await hub.append(session, header: header, lines: lines)
        } else {
          let hello = try validator.acceptHello(text)
          session = try await hub.appConnected(hello, connection: connection) { text in
            try? await outbound.write(.text(text))
          }
        }
      }
    } catch let rejection as AppStreamValidator.Rejection {
      reason = "rejected: \(rejection)"
      log("app \(validator.hello?.app ?? "?") \(reason)")
      try? await outbound.close(
        .unacceptableData, reason: String(rejection.description.prefix(120)))
    } catch {
      reason = "\(error)"
      log("app \(validator.hello?.app ?? "?") connection ended: \(error)")
    }
    if let session { await hub.appDisconnected(session, connection: connection, reason: reason) }
  }
}

/// One page's WebSocket: it lists sessions, opens one, and sends remote actions.
struct PageConnection {
  let hub: SessionHub
  let log: @Sendable (String) -> Void
  let maximumMessage: Int

  func serve(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter) async {
    let page = UUID()
    let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .unbounded)
    await hub.pageConnected(page) { text in continuation.yield(text) }
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for await text in stream {
          do { try await outbound.writeTextMessage(text) } catch { break }
        }
      }
      do {
        for try await message in inbound.messages(maxSize: maximumMessage) {
          let text = try AppStreamValidator.text(of: message, limit: maximumMessage)
          guard let request = AppStreamValidator.object(text), let type = request["type"] as? String
          else {
            throw AppStreamValidator.Rejection("a message that is not a JSON request")
          }
          do {
            switch type {
            case "open":
              try await hub.open(request["session"] as? String ?? "(none)", for: page)
            case "action":
              guard let id = request["session"] as? String, let action = request["action"] else {
                throw InspectError.actionRefused("an action needs a session and an action")
              }
              try await hub.perform(PageAction.decode(action), on: id)
            default:
              throw AppStreamValidator.Rejection("an unknown request \"\(type.prefix(40))\"")
            }
          } catch let error as InspectError {
            log("page: \(error)")
            continuation.yield(SessionHub.message(["type": "error", "message": error.description]))
          }
        }
      } catch {
        log("page connection ended: \(error)")
        try? await outbound.close(.unacceptableData, reason: String("\(error)".prefix(120)))
      }
      continuation.finish()
      await hub.pageDisconnected(page)
      group.cancelAll()
    }
  }
}
