import Foundation
import Ribcage

/// Streams a recorded session to `ribcage inspect`, live: the tree, its view models, flags,
/// workflows and links appear in the browser as they happen.
///
/// ```swift
/// let recorder = SessionRecorder(root)
/// recorder.record(flags: flags)
/// // The URL ribcage inspect printed, or nil to read RIBCAGE_INSPECT (an Xcode scheme sets it).
/// let inspector = Inspector.connectIfRequested(recorder)
/// ```
///
/// - Each connection starts with the session's header and a keyframe of the tree as it is now,
///   so a server restarted, or an app that connects late, sees everything from that moment.
/// - It reconnects by itself, with backoff (0.25 s doubling up to 5 s, with jitter). While it
///   is disconnected nothing is queued: a missing server costs a counter, not memory.
/// - It never blocks the main actor: the recorder hands bytes to a queue, and a thread of the
///   inspector's own writes them. A server that cannot keep up (more than
///   ``Configuration/maximumQueuedBytes`` waiting) gets a fresh snapshot on a new connection
///   instead of an ever-growing queue.
/// - Remote actions — switch a flag, open a deep link, run a leak sweep — are performed only when
///   ``Configuration/allowRemoteActions`` is on (off by default); each one, refused or not, is a
///   mark in the session.
@MainActor
public final class Inspector {
  /// How the connection behaves and what the page may do.
  public struct Configuration: Sendable {
    /// Whether the page may switch flags, open links and sweep for leaks (default `false`).
    public var allowRemoteActions: Bool
    /// Opens a deep link the page sends (for example through `WorkflowRunner.open`); without
    /// it, the page cannot open links.
    public var openLink: (@MainActor @Sendable (String) -> Void)?
    /// Sets a flag the page switched. Without it, the value goes to the override layer of the
    /// flag store the recorder records (``SessionRecorder/record(flags:)``).
    public var setFlag: (@MainActor @Sendable (String, ScalarValue) -> Void)?
    /// How long one connection attempt may take, in seconds (default 2).
    public var connectTimeout: Double
    /// The first wait before reconnecting, in seconds (default 0.25); doubled on every failure.
    public var initialBackoff: Double
    /// The longest wait before reconnecting, in seconds (default 5).
    public var maximumBackoff: Double
    /// The most bytes waiting to be sent before the connection restarts (default 8 MB).
    public var maximumQueuedBytes: Int

    /// Creates a configuration.
    public init(
      allowRemoteActions: Bool = false,
      openLink: (@MainActor @Sendable (String) -> Void)? = nil,
      setFlag: (@MainActor @Sendable (String, ScalarValue) -> Void)? = nil,
      connectTimeout: Double = 2,
      initialBackoff: Double = 0.25,
      maximumBackoff: Double = 5,
      maximumQueuedBytes: Int = 8 * 1024 * 1024
    ) {
      self.allowRemoteActions = allowRemoteActions
      self.openLink = openLink
      self.setFlag = setFlag
      self.connectTimeout = connectTimeout
      self.initialBackoff = initialBackoff
      self.maximumBackoff = maximumBackoff
      self.maximumQueuedBytes = maximumQueuedBytes
    }
  }

  /// Where the connection is.
  public enum State: Sendable, Equatable {
    /// Trying to connect (the first attempt).
    case connecting
    /// Connected: the session streams.
    case connected
    /// Not connected; it tries again after a backoff.
    case waiting
    /// ``disconnect()`` was called.
    case stopped
  }

  /// Counters of the connection's life.
  public struct Statistics: Sendable, Equatable {
    /// Connection attempts, successful or not.
    public var connectionAttempts: UInt64 = 0
    /// Attempts that failed (no server, refused, timed out).
    public var failedAttempts: UInt64 = 0
    /// Connections made.
    public var connections: UInt64 = 0
    /// Session bytes sent.
    public var bytesSent: UInt64 = 0
    /// Bytes the recorder handed over for a connection that had just ended.
    public var droppedWhileDisconnected: UInt64 = 0
    /// Times the queue went over its limit and the connection restarted.
    public var queueOverflows: UInt64 = 0
    /// Bytes waiting to be sent now.
    public var queuedBytes: Int = 0
    /// Remote actions performed.
    public var remoteActions: UInt64 = 0
    /// Remote actions refused (not allowed, unknown, or invalid).
    public var refusedActions: UInt64 = 0
  }

  /// The environment variable ``connectIfRequested(_:configuration:)`` reads.
  public static let environmentVariable = "RIBCAGE_INSPECT"

  /// The server's URL.
  public let url: InspectorURL
  /// The settings.
  public let configuration: Configuration
  /// Where the connection is now.
  public private(set) var state: State = .connecting
  /// Why the last attempt or connection failed, if it did.
  public private(set) var lastError: InspectorError?

  private weak var recorder: SessionRecorder?
  private var connection: InspectorConnection!
  private var consumer: SessionConsumer?
  private var generation = 0
  private var actionCounts = (performed: UInt64(0), refused: UInt64(0))
  private var stateWaiters: [(State, CheckedContinuation<Void, Never>)] = []

  /// Connects `recorder` to the inspector at `url` (the URL `ribcage inspect` prints), or at
  /// `RIBCAGE_INSPECT` when `url` is `nil`. Returns at once: the connection is made in the
  /// background and retried until ``disconnect()``. Keep the returned inspector: released, it
  /// disconnects.
  public static func connect(
    _ recorder: SessionRecorder, to url: String? = nil,
    configuration: Configuration = Configuration()
  ) throws(InspectorError) -> Inspector {
    guard let text = url ?? ProcessInfo.processInfo.environment[environmentVariable] else {
      throw .noURL
    }
    return Inspector(recorder, url: try InspectorURL(text), configuration: configuration)
  }

  /// Connects when `RIBCAGE_INSPECT` is set, and returns `nil` otherwise — what an app calls at
  /// launch. A URL that is not valid is reported on standard error (with what to do) and
  /// returns `nil`.
  public static func connectIfRequested(
    _ recorder: SessionRecorder, configuration: Configuration = Configuration()
  ) -> Inspector? {
    guard let text = ProcessInfo.processInfo.environment[environmentVariable], !text.isEmpty
    else { return nil }
    do {
      return try connect(recorder, to: text, configuration: configuration)
    } catch {
      FileHandle.standardError.write(Data("ribcage: \(environmentVariable): \(error)\n".utf8))
      return nil
    }
  }

  private init(_ recorder: SessionRecorder, url: InspectorURL, configuration: Configuration) {
    self.recorder = recorder
    self.url = url
    self.configuration = configuration
    var actions: [String] = []
    if configuration.allowRemoteActions {
      if recorder.flags != nil || configuration.setFlag != nil { actions.append("flag") }
      if configuration.openLink != nil { actions.append("link") }
      if recorder.context.leakDetector != nil { actions.append("sweep") }
    }
    let writer = JSONLineWriter()
    writer.appendFragment("{\"hello\":\"ribcage-inspect\",\"version\":1")
    writer.member("app", recorder.configuration.appName)
    writer.member("instance", recorder.instanceID)
    writer.appendFragment(",\"remoteActions\":[")
    for (index, action) in actions.enumerated() {
      if index > 0 { writer.appendFragment(",") }
      writer.appendFragment("\"")
      writer.appendEscaped(action)
      writer.appendFragment("\"")
    }
    writer.appendFragment("]}")
    let settings = InspectorConnection.Settings(
      url: url, hello: writer.bytes, connectTimeout: configuration.connectTimeout,
      initialBackoff: configuration.initialBackoff, maximumBackoff: configuration.maximumBackoff,
      maximumQueuedBytes: configuration.maximumQueuedBytes)
    connection = InspectorConnection(settings: settings) { [weak self] notice in
      Task { @MainActor in self?.handle(notice) }
    }
    connection.start()
  }

  isolated deinit {
    consumer?.cancel()
    connection.stop()
  }

  /// Counters of the connection's life (read from its thread).
  public var statistics: Statistics {
    var statistics = connection.statistics
    statistics.remoteActions = actionCounts.performed
    statistics.refusedActions = actionCounts.refused
    return statistics
  }

  /// Closes the connection and stops reconnecting. Safe to call more than once.
  public func disconnect() {
    guard state != .stopped else { return }
    consumer?.cancel()
    consumer = nil
    connection.stop()
    setState(.stopped)
  }

  /// Waits until the connection reaches `state` (tests, and apps that want to wait for the
  /// inspector before going on, e.g. a scripted demo).
  public func waitUntil(_ state: State) async {
    guard self.state != state else { return }
    await withCheckedContinuation { stateWaiters.append((state, $0)) }
  }

  /// Waits until connected, at most `timeout`; returns whether it is connected.
  public func waitUntilConnected(timeout: Duration) async -> Bool {
    if state == .connected { return true }
    let timer = Task { @MainActor [weak self] in
      try? await Task.sleep(for: timeout)
      guard let self, !Task.isCancelled else { return }
      let waiting = self.stateWaiters.filter { $0.0 == .connected }
      self.stateWaiters.removeAll { $0.0 == .connected }
      for (_, continuation) in waiting { continuation.resume() }
    }
    await waitUntil(.connected)
    timer.cancel()
    return state == .connected
  }

  // MARK: Notices from the worker

  private func handle(_ notice: InspectorConnection.Notice) {
    guard state != .stopped else { return }
    switch notice {
    case .connected(let generation):
      self.generation = generation
      consumer?.cancel()
      guard let recorder else {
        disconnect()
        return
      }
      let connection = self.connection!
      // Everything kept in memory, so the page sees the history too; the server skips what it
      // already has when this is a reconnection.
      consumer = recorder.stream(from: .retained) { bytes in
        connection.enqueue(bytes, generation: generation)
      }
      lastError = nil
      setState(.connected)
    case .disconnected(let generation, let error):
      guard generation == self.generation else { return }
      consumer?.cancel()
      consumer = nil
      lastError = error
      setState(.waiting)
    case .waiting(let error):
      lastError = error
      if state != .waiting { setState(.waiting) }
    case .action(let bytes):
      perform(bytes)
    }
  }

  private func setState(_ new: State) {
    state = new
    let ready = stateWaiters.filter { $0.0 == new }
    stateWaiters.removeAll { $0.0 == new }
    for (_, continuation) in ready { continuation.resume() }
    if new == .stopped {
      for (_, continuation) in stateWaiters { continuation.resume() }
      stateWaiters = []
    }
  }

  // MARK: Remote actions

  private func perform(_ bytes: [UInt8]) {
    guard let recorder else { return }
    let action: RemoteAction
    do {
      action = try RemoteAction(bytes)
    } catch {
      refuse("a request it cannot read (\(error))", recorder)
      return
    }
    guard configuration.allowRemoteActions else {
      refuse("\(action) (remote actions are off: allowRemoteActions)", recorder)
      return
    }
    switch action {
    case .setFlag(let key, let value):
      if let setFlag = configuration.setFlag {
        recorder.mark("inspector: \(action)")
        setFlag(key, value)
        break
      }
      guard let flags = recorder.flags else {
        refuse("\(action) (the recorder has no flag store)", recorder)
        return
      }
      recorder.mark("inspector: \(action)")
      let issues = flags.apply([key: value], from: .override)
      if let issue = issues.first {
        recorder.mark("inspector: flag \(key) not set: \(issue)")
        actionCounts.refused += 1
        return
      }
    case .openLink(let url):
      guard let openLink = configuration.openLink else {
        refuse("\(action) (the app gave no openLink)", recorder)
        return
      }
      recorder.mark("inspector: \(action)")
      openLink(url)
    case .sweepLeaks:
      guard let detector = recorder.context.leakDetector else {
        refuse("\(action) (the tree has no leak detector)", recorder)
        return
      }
      recorder.mark("inspector: \(action)")
      let reports = detector.sweep()
      recorder.mark("inspector: leak sweep found \(reports.count) leaked subtree(s)")
    }
    actionCounts.performed += 1
  }

  private func refuse(_ what: String, _ recorder: SessionRecorder) {
    actionCounts.refused += 1
    recorder.mark("inspector: refused \(what)")
  }
}
