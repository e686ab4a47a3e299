import HummingbirdCore
import Logging
import NIOCore

/// Closes a connection whose request head has not fully arrived within `limit` of its opening —
/// a client that connects and sends nothing, or a header a byte at a time, would otherwise hold
/// a descriptor for ever (the HTTP layer's idle timeout starts only once a head has arrived).
/// It watches the raw bytes for the blank line that ends the head, then leaves the pipeline.
final class RequestHeadDeadline: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private let limit: TimeAmount
  private var timer: Scheduled<Void>?
  private var tail: [UInt8] = []  // the last bytes seen, for a blank line split across reads
  private var isDone = false

  init(limit: TimeAmount) {
    self.limit = limit
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
      var window = tail
      window += buffer.readableBytesView
      if Self.containsHeadEnd(window) {
        isDone = true
        timer?.cancel()
        timer = nil
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        return
      }
      tail = Array(window.suffix(3))
    }
    context.fireChannelRead(data)
  }

  /// Whether `bytes` hold `\r\n\r\n` (or a bare `\n\n`, which HTTP parsers accept too).
  static func containsHeadEnd(_ bytes: [UInt8]) -> Bool {
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == 0x0A {
        if bytes[index + 1] == 0x0A { return true }
        if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A {
          return true
        }
      }
      index += 1
    }
    return false
  }
}

/// The inspector's HTTP/WebSocket channel with a ``RequestHeadDeadline`` in front.
struct HeadDeadlineChannel<Inner: ServerChildChannel>: ServerChildChannel {
  let inner: Inner
  let limit: TimeAmount

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Inner.Value> {
    let limit = self.limit
    return channel.eventLoop.makeCompletedFuture {
      try channel.pipeline.syncOperations.addHandler(
        RequestHeadDeadline(limit: limit), position: .first)
    }.flatMap { inner.setup(channel: channel, logger: logger) }
  }

  func handle(value: Inner.Value, logger: Logger) async {
    await inner.handle(value: value, logger: logger)
  }
}
