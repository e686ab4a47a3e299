/// What waits to be sent to one page, with a budget: a page that reads slowly makes a session's
/// file wait (``send(_:)`` returns once the backlog is under the high-water mark), and one that
/// stops reading is closed as too slow once its backlog passes the limit — the server's memory
/// never grows with a page that does not read.
actor PageOutbox {
  private let continuation: AsyncStream<String>.Continuation
  private let highWater: Int
  private let limit: Int
  private let onTooSlow: @Sendable () -> Void
  private var backlog = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []
  /// Why the page was closed, once it was.
  private(set) var closedBecause: String?
  private var isFinished = false

  /// The messages to write, in order, and the outbox that fills it.
  /// `onTooSlow` ends the connection at once (a page that does not read would hold a writer
  /// waiting on its socket for ever, and a close frame would wait behind it).
  static func make(
    highWater: Int, limit: Int, onTooSlow: @escaping @Sendable () -> Void = {}
  ) -> (PageOutbox, AsyncStream<String>) {
    let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .unbounded)
    let outbox = PageOutbox(
      continuation: continuation, highWater: highWater, limit: limit, onTooSlow: onTooSlow)
    return (outbox, stream)
  }

  private init(
    continuation: AsyncStream<String>.Continuation, highWater: Int, limit: Int,
    onTooSlow: @escaping @Sendable () -> Void
  ) {
    self.continuation = continuation
    self.highWater = highWater
    self.limit = limit
    self.onTooSlow = onTooSlow
  }

  /// Queues `text` at once (live lines must not wait for one page); closes the page when its
  /// backlog passes the limit.
  func offer(_ text: String) {
    guard !isFinished else { return }
    backlog += text.utf8.count
    guard backlog <= limit else {
      close(because: "too slow: more than \(limit >> 20) MB waited to be sent")
      return
    }
    continuation.yield(text)
  }

  /// Queues `text`, then waits until the backlog is under the high-water mark (or the page is
  /// closed).
  func send(_ text: String) async {
    offer(text)
    while !isFinished, backlog > highWater {
      await withCheckedContinuation { waiting.append($0) }
    }
  }

  /// The writer sent a message of `bytes`.
  func sent(_ bytes: Int) {
    backlog -= bytes
    guard backlog <= highWater else { return }
    resumeWaiting()
  }

  /// Ends the stream because the page is too slow: the writer stops and closes the connection
  /// with `reason`.
  func close(because reason: String) {
    guard closedBecause == nil, !isFinished else { return }
    closedBecause = reason
    finish()
    onTooSlow()
  }

  /// Ends the stream (the page's connection ended).
  func finish() {
    isFinished = true
    continuation.finish()
    resumeWaiting()
  }

  private func resumeWaiting() {
    let resumed = waiting
    waiting = []
    for continuation in resumed { continuation.resume() }
  }
}
