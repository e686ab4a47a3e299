import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket

/// `ribcage inspect`'s server: apps stream sessions to `/app`, pages watch them over `/page`,
/// and `/` serves the page. Token on everything; browsers only from the server's own origin.
public struct InspectServer: Sendable {
  public let configuration: InspectConfiguration
  let log: @Sendable (String) -> Void
  /// How session files are written (a test fills the disk through it).
  let write: SessionFile.Write

  public init(configuration: InspectConfiguration, log: @escaping @Sendable (String) -> Void) {
    self.init(configuration: configuration, write: SessionFile.systemWrite, log: log)
  }

  init(
    configuration: InspectConfiguration, write: @escaping SessionFile.Write,
    log: @escaping @Sendable (String) -> Void
  ) {
    self.configuration = configuration
    self.write = write
    self.log = log
  }

  /// Runs until the task is cancelled; `onReady` gets the port it listens on.
  public func run(onReady: @escaping @Sendable (Int) async -> Void) async throws {
    DescriptorLimit.raise()
    let limits = configuration.limits
    let hub = SessionHub(
      directory: configuration.sessionsDirectory, tailBytes: configuration.pageTailBytes,
      limits: limits, write: write, log: log)
    for path in configuration.offlineFiles {
      _ = try await hub.addRecording(path: path)
    }
    let access = AccessCheck(token: configuration.token, host: configuration.host)
    let configuration = self.configuration
    let log = self.log
    let offline = !configuration.offlineFiles.isEmpty
    let budget = ByteBudget(total: limits.bytesInFlight)

    let router = Router()
    router.get("/") { request, _ -> Response in
      if let refusal = access.refusal(for: request.head, webSocket: false) {
        log("refused the page: \(refusal)")
        return Self.refusal(refusal)
      }
      let (html, policy) = PageDocument.document(mode: offline ? .offline : .live)
      var headers = HTTPFields()
      headers[.contentType] = "text/html; charset=utf-8"
      headers[.cacheControl] = "no-store"
      headers[.contentSecurityPolicy] = policy
      headers[.xContentTypeOptions] = "nosniff"
      headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"  // the URL holds the token
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
    let http = HTTP1Channel.Configuration(idleTimeout: .seconds(Int64(limits.idleSeconds)))
    let headLimit = TimeAmount.seconds(Int64(limits.requestHeadSeconds))
    let shouldUpgrade:
      @Sendable (HTTPRequest, any Channel, Logger) async throws -> ShouldUpgradeResult<
        WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
      > = {
        request, channel, _ in
        let path = AccessCheck.split(request.path ?? "").path
        guard path == "/app" || path == "/page" else { return .dontUpgrade }
        // Many small messages go to pages: without TCP_NODELAY on the accepted socket, Nagle's
        // algorithm holds each until the browser's delayed ACK (up to 40 ms) — measured here.
        try? await channel.setOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)
        if let refusal = access.refusal(for: request, webSocket: true) {
          log("refused a connection to \(LogText.escaped(path.prefix(100))): \(refusal)")
          return .dontUpgrade
        }
        if path == "/app", offline {
          log("refused an app: this server shows recorded files only")
          return .dontUpgrade
        }
        // A WebSocket from here on: no HTTP deadline.
        _ = try? await channel.pipeline.removeHandler(name: RequestHeadDeadline.name).get()
        if path == "/app" {
          return .upgrade([:]) { inbound, outbound, _ in
            await AppConnection(
              hub: hub, log: log, maximumMessage: configuration.maximumAppMessage,
              maximumLine: limits.lineBytes, budget: budget
            )
            .serve(inbound, outbound)
          }
        }
        return .upgrade([:]) { inbound, outbound, _ in
          await PageConnection(
            hub: hub, log: log, maximumMessage: configuration.maximumPageMessage, limits: limits,
            channel: channel
          )
          .serve(inbound, outbound)
        }
      }
    let server = HTTPServerBuilder { responder in
      HeadDeadlineChannel(
        inner: HTTP1WebSocketUpgradeChannel(
          responder: responder, configuration: .init(http1: http, ws: webSocket),
          shouldUpgrade: shouldUpgrade),
        limit: headLimit, lifetime: .seconds(Int64(limits.httpLifetimeSeconds)))
    }
    let app = Application(
      router: router,
      server: server,
      configuration: .init(
        address: .hostname(configuration.host, port: configuration.port),
        serverName: "ribcage-inspect",
        availableConnectionsDelegate: MaximumAvailableConnections(limits.connections)),
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
/// other way. A refusal closes the connection with its reason, which the app reports.
struct AppConnection {
  let hub: SessionHub
  let log: @Sendable (String) -> Void
  let maximumMessage: Int
  let maximumLine: Int
  let budget: ByteBudget

  func serve(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter) async {
    let connection = UUID()
    var validator = AppStreamValidator()
    validator.maximumLine = maximumLine
    var session: String?
    var reason = "closed"
    do {
      // The hello is small: a connection that has not said it may hold 64 KB, not a message's
      // worth (before the hello, no limit on apps applies yet).
      var messages = inbound.makeAsyncIterator()
      while let message = try await messages.nextMessage(
        maxSize: session == nil ? Self.maximumHello : maximumMessage)
      {
        let limit = session == nil ? Self.maximumHello : maximumMessage
        let text = try AppStreamValidator.text(of: message, limit: limit)
        let size = text.utf8.count
        await budget.take(size)
        do {
          if let session {
            let (header, lines) = try validator.acceptLines(text)
            await hub.append(session, connection: connection, header: header, lines: lines)
          } else {
            let hello = try validator.acceptHello(text)
            session = try await hub.appConnected(
              hello, connection: connection,
              send: { text in try? await outbound.write(.text(text)) })
          }
        } catch {
          await budget.give(size)
          throw error
        }
        await budget.give(size)
      }
    } catch let rejection as AppStreamValidator.Rejection {
      reason = "rejected: \(rejection)"
      log("app \(LogText.escaped(validator.hello?.app ?? "?")) \(LogText.escaped(reason))")
      try? await outbound.close(.unacceptableData, reason: Self.closeReason(rejection.description))
    } catch let error as InspectError {
      reason = error.description
      log("app \(LogText.escaped(validator.hello?.app ?? "?")) refused: \(LogText.escaped(reason))")
      let code: WebSocketErrorCode =
        switch error {
        case .tooMany, .alreadyConnected: .policyViolation
        default: .unexpectedServerError
        }
      try? await outbound.close(code, reason: Self.closeReason(reason))
    } catch {
      reason = "\(error)"
      log("app \(LogText.escaped(validator.hello?.app ?? "?")) connection ended: \(error)")
    }
    if let session { await hub.appDisconnected(session, connection: connection, reason: reason) }
  }

  /// The largest hello an app may send.
  static let maximumHello = 64 << 10

  /// A close frame's reason: at most 123 bytes of UTF-8, cut at a character.
  static func closeReason(_ text: String) -> String {
    var reason = ""
    for character in text {
      guard reason.utf8.count + character.utf8.count <= 123 else { break }
      reason.append(character)
    }
    return reason
  }
}

/// One page's WebSocket: it lists sessions, opens one, and sends remote actions.
struct PageConnection {
  let hub: SessionHub
  let log: @Sendable (String) -> Void
  let maximumMessage: Int
  let limits: InspectLimits
  /// The page's connection, closed at once when the page is too slow.
  let channel: any Channel

  func serve(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter) async {
    let page = UUID()
    let channel = self.channel
    let (outbox, stream) = PageOutbox.make(
      highWater: limits.pageHighWaterBytes, limit: limits.pageBacklogBytes,
      onTooSlow: { channel.close(promise: nil) })
    guard await hub.pageConnected(page, outbox: outbox) else {
      log("refused a page: \(limits.pages) pages are connected already")
      try? await outbound.close(.policyViolation, reason: "too many pages are connected")
      return
    }
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for await text in stream {
          do { try await outbound.writeTextMessage(text) } catch { break }
          await outbox.sent(text.utf8.count)
        }
        if let reason = await outbox.closedBecause { log("closed a page: \(reason)") }
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
            log("page: \(LogText.escaped(error.description))")
            await outbox.offer(SessionHub.message(["type": "error", "message": error.description]))
          }
        }
      } catch {
        log("page connection ended: \(LogText.escaped("\(error)"))")
        try? await outbound.close(
          .unacceptableData, reason: AppConnection.closeReason("\(error)"))
      }
      await outbox.finish()
      await hub.pageDisconnected(page)
      group.cancelAll()
    }
  }
}
