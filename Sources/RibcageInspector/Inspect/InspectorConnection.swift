import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The worker behind an ``Inspector``: one thread that connects, reconnects with backoff,
/// sends what the recorder streams and reads the server's remote actions. The main actor only
/// appends to its queue (under a lock) and writes one byte to a pipe to wake it.
final class InspectorConnection: @unchecked Sendable {
  /// What the worker tells the main actor.
  enum Notice: Sendable {
    case connected(generation: Int)
    case disconnected(generation: Int, InspectorError?)
    case waiting(InspectorError)
    case action([UInt8])
  }

  struct Settings: Sendable {
    var url: InspectorURL
    var hello: [UInt8]
    var connectTimeout: Double
    var initialBackoff: Double
    var maximumBackoff: Double
    var maximumQueuedBytes: Int
  }

  private let settings: Settings
  private let notify: @Sendable (Notice) -> Void
  private let lock = NSLock()
  // Guarded by `lock`.
  private var queue: [[UInt8]] = []
  private var queuedBytes = 0
  private var connectedGeneration = 0
  private var isStopped = false
  private var resetRequested = false
  private var counters = Inspector.Statistics()
  // The wake pipe: [read, write].
  private var wake: [Int32] = [-1, -1]

  init(settings: Settings, notify: @escaping @Sendable (Notice) -> Void) {
    self.settings = settings
    self.notify = notify
    var fds: [Int32] = [0, 0]
    if pipe(&fds) == 0 {
      wake = fds
      for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK) }
    }
  }

  deinit {
    for fd in wake where fd >= 0 { _ = systemClose(fd) }
  }

  func start() {
    let thread = Thread { [self] in run() }
    thread.name = "ribcage.inspector"
    thread.start()
  }

  /// Stops the worker: it closes the connection and ends.
  func stop() {
    lock.lock()
    isStopped = true
    queue = []
    queuedBytes = 0
    lock.unlock()
    poke()
  }

  var statistics: Inspector.Statistics {
    lock.lock()
    defer { lock.unlock() }
    var copy = counters
    copy.queuedBytes = queuedBytes
    return copy
  }

  /// Queues session bytes for the connection `generation`. Bytes for another connection, or
  /// sent while disconnected, are dropped (counted); a queue over its limit (a server that
  /// cannot keep up) is dropped whole and the connection restarts with a fresh snapshot.
  func enqueue(_ bytes: [UInt8], generation: Int) {
    lock.lock()
    guard generation == connectedGeneration, !isStopped else {
      counters.droppedWhileDisconnected += UInt64(bytes.count)
      lock.unlock()
      return
    }
    if queuedBytes + bytes.count > settings.maximumQueuedBytes {
      queue = []
      queuedBytes = 0
      counters.queueOverflows += 1
      resetRequested = true
    } else {
      queue.append(bytes)
      queuedBytes += bytes.count
    }
    lock.unlock()
    poke()
  }

  private func poke() {
    var byte: UInt8 = 1
    _ = write(wake[1], &byte, 1)
  }

  private func drainWake() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(wake[0], &bytes, 64) > 0 {}
  }

  private var stopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return isStopped
  }

  // MARK: The worker thread

  private func run() {
    var backoff = settings.initialBackoff
    var generation = 0
    while !stopped {
      lock.lock()
      counters.connectionAttempts += 1
      lock.unlock()
      let client: WebSocketClient
      do {
        client = try WebSocketClient.connect(
          to: settings.url, target: settings.url.appTarget, timeout: settings.connectTimeout)
        try client.sendText(settings.hello)
      } catch {
        lock.lock()
        counters.failedAttempts += 1
        lock.unlock()
        notify(.waiting(error))
        // Jitter keeps a fleet of simulators from reconnecting in step.
        sleep(seconds: backoff * Double.random(in: 0.8...1.2))
        backoff = min(backoff * 2, settings.maximumBackoff)
        continue
      }
      backoff = settings.initialBackoff
      generation += 1
      lock.lock()
      counters.connections += 1
      connectedGeneration = generation
      resetRequested = false
      lock.unlock()
      notify(.connected(generation: generation))
      let error = serve(client)
      lock.lock()
      connectedGeneration = 0
      queue = []
      queuedBytes = 0
      lock.unlock()
      if stopped {
        client.sendCloseAndClose()
      } else {
        client.close()
      }
      notify(.disconnected(generation: generation, error))
      if error != nil, !stopped { sleep(seconds: settings.initialBackoff) }
    }
  }

  /// Sends and receives until the connection ends; returns why (nil when stopped).
  private func serve(_ client: WebSocketClient) -> InspectorError? {
    do {
      // Frames that came with the handshake's answer.
      if let closed = try handle(client.parseFrames(), client) { return .connectionLost(closed) }
      var pollers = [
        pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0),
      ]
      while true {
        pollers[0].revents = 0
        pollers[1].revents = 0
        let ready = poll(&pollers, 2, 1000)
        if ready < 0, errno != EINTR { return .connectionLost(errnoText()) }
        if pollers[1].revents != 0 { drainWake() }
        lock.lock()
        let stop = isStopped
        let reset = resetRequested
        let pending = queue
        queue = []
        queuedBytes = 0
        lock.unlock()
        if stop { return nil }
        if reset { return .connectionLost("the server did not keep up; reconnecting") }
        if !pending.isEmpty {
          var message: [UInt8] = []
          message.reserveCapacity(pending.reduce(0) { $0 + $1.count })
          for chunk in pending { message += chunk }
          try client.sendText(message)
          lock.lock()
          counters.bytesSent += UInt64(message.count)
          lock.unlock()
        }
        if pollers[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
          if let closed = try handle(client.receive(), client) { return .connectionLost(closed) }
        }
      }
    } catch {
      return error
    }
  }

  /// Handles incoming frames; returns what the server said when it closed the connection, if
  /// it did (its reason: a refused line, a full disk, a newer connection of this instance).
  private func handle(_ frames: [WebSocketClient.Incoming], _ client: WebSocketClient)
    throws(InspectorError) -> String?
  {
    for frame in frames {
      switch frame {
      case .text(let bytes): notify(.action(bytes))
      case .binary: break
      case .ping(let payload): try client.sendPong(payload)
      case .close(let code, let reason):
        let said = reason.isEmpty ? "" : ": \(reason)"
        return "closed by the server (code \(code.map(String.init) ?? "none"))\(said)"
      }
    }
    return nil
  }

  /// Sleeps, waking early when stopped.
  private func sleep(seconds: Double) {
    let deadline = monotonicMilliseconds() + UInt64(seconds * 1000)
    while !stopped {
      let now = monotonicMilliseconds()
      guard now < deadline else { return }
      var poller = pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)
      if poll(&poller, 1, Int32(min(deadline - now, 1000))) > 0 { drainWake() }
    }
  }
}
