import Foundation
import HummingbirdCore
import Logging
import NIOCore

/// Closes a connection whose request head has not fully arrived within `limit` of its opening —
/// a client that connects and sends nothing, or a header a byte at a time, would otherwise hold
/// a descriptor for ever (the HTTP layer's idle timeout starts only once a head has arrived).
/// It watches the raw bytes for the blank line that ends the head, then leaves the pipeline.
///
/// It also closes a connection whose first request announces a body (`Content-Length` above
/// zero, or `Transfer-Encoding`): the inspector takes none, and a body trickled a byte at a time
/// would keep the connection busy past every timeout. After the head it stays, passive, and ends
/// a plain HTTP connection `lifetime` after it opened (a page is one request); an accepted
/// WebSocket upgrade removes it (`name`) before the connection becomes a WebSocket.
final class RequestHeadDeadline: ChannelDuplexHandler, RemovableChannelHandler {
  /// The handler's name in the pipeline.
  static let name = "ribcage.request-deadline"

  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private let limit: TimeAmount
  private let lifetime: TimeAmount
  private var timer: Scheduled<Void>?
  private var head: [UInt8] = []  // the bytes seen until the head ends
  private var isDone = false
  /// The longest head looked at (NIO's own limit on header fields is 80 KB).
  static let maximumHead = 96 << 10

  init(limit: TimeAmount, lifetime: TimeAmount) {
    self.limit = limit
    self.lifetime = lifetime
  }

  func handlerAdded(context: ChannelHandlerContext) {
    let channel = context.channel
    timer = context.eventLoop.scheduleTask(in: limit) { channel.close(promise: nil) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if !isDone {
      let buffer = unwrapInboundIn(data)
      let searchFrom = max(0, head.count - 3)
      head += buffer.readableBytesView.prefix(Self.maximumHead + 4 - head.count)
      if let end = Self.headEnd(in: head, from: searchFrom) {
        isDone = true
        timer?.cancel()
        if Self.announcesBody(head[..<end]) {
          timer = nil
          context.close(promise: nil)
          return
        }
        head = []
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: lifetime - limit) {
          channel.close(promise: nil)
        }
        context.fireChannelRead(data)
        return
      }
      guard head.count <= Self.maximumHead else {
        context.close(promise: nil)
        return
      }
    }
    context.fireChannelRead(data)
  }

  /// The index just past the blank line ending the head in `bytes`, searched from `start`.
  static func headEnd(in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index + 1 < bytes.count {
      if bytes[index] == 0x0A {
        if bytes[index + 1] == 0x0A { return index + 2 }
        if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A {
          return index + 3
        }
      }
      index += 1
    }
    return nil
  }

  /// Whether a request head declares a body.
  static func announcesBody(_ head: ArraySlice<UInt8>) -> Bool {
    let text = String(decoding: head, as: UTF8.self).lowercased()
    for line in text.split(whereSeparator: \.isNewline) {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let name = parts[0].trimmingCharacters(in: .whitespaces)
      let value = parts[1].trimmingCharacters(in: .whitespaces)
      if name == "transfer-encoding" { return true }
      if name == "content-length", value != "0" { return true }
    }
    return false
  }
}

/// The inspector's HTTP/WebSocket channel with a ``RequestHeadDeadline`` in front.
struct HeadDeadlineChannel<Inner: ServerChildChannel>: ServerChildChannel {
  let inner: Inner
  let limit: TimeAmount
  let lifetime: TimeAmount

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Inner.Value> {
    let (limit, lifetime) = (self.limit, self.lifetime)
    return channel.eventLoop.makeCompletedFuture {
      try channel.pipeline.syncOperations.addHandler(
        RequestHeadDeadline(limit: limit, lifetime: lifetime), name: RequestHeadDeadline.name,
        position: .first)
    }.flatMap { inner.setup(channel: channel, logger: logger) }
  }

  func handle(value: Inner.Value, logger: Logger) async {
    await inner.handle(value: value, logger: logger)
  }
}
