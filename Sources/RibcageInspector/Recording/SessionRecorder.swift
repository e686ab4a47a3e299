import Foundation
@_spi(RibcageInspection) import Ribcage
import _RibcageAtomics

/// A flight recorder for a RIB app, cheap enough to leave on in a shipping build: it records
/// what the tree does — attaches, detaches, activations and loads with the time each hook took,
/// every render with its view model, plugin switches, diagnostics and leak reports — plus the
/// flags, workflows and deep links you hand it, and marks of your own, as a `ribcage-session`
/// (JSON Lines, version 1; see `docs/inspect.md`).
///
/// One line starts it:
///
/// ```swift
/// let recorder = SessionRecorder(root)
/// recorder.record(flags: app.flags)        // optional sources
/// recorder.record(workflows: workflows)
/// recorder.record(links: links)
/// recorder.mark("checkout tapped")
/// try recorder.write(to: "/tmp/session.jsonl")   // or SessionTimeline(recorder)
/// ```
///
/// - Recording an event stores a fixed-layout record of numbers in a ring (names, paths and
///   view model types are interned once) and stamps it with the CPU's tick counter, not a clock
///   call. View models are kept as the values they are. Lines are written — and view models
///   encoded — only when the session is read, streamed or written.
/// - Memory is bounded by ``Configuration/byteBudget``: the oldest events go first, whole
///   segments at a time, and every segment starts with a keyframe (every RIB's whole state,
///   its latest view model, the flags), so what is kept can always be rebuilt. A written
///   session says how many events were dropped.
/// - It keeps no RIB alive: it holds no router, interactor, view or presenter (only numbers,
///   names and view models), so detached RIBs deallocate and the leak detector stays quiet.
/// - It never calls your code (but the `encode(to:)` of an `Encodable` view model, when the
///   session is read) and never waits for the disk: with ``Configuration/filePath`` the session
///   streams to a file from a background queue.
///
/// Everything is recorded synchronously on the main actor, in the order it happens; events
/// carry a sequence number and nanoseconds since the recording started.
@MainActor
public final class SessionRecorder {
  /// The settings it records with.
  public let configuration: Configuration
  /// This recording's id, in the header (a UUID).
  public let instanceID: String
  /// When recording started (wall clock), in the header.
  public let startDate: Date

  private static var recorderCount: UInt64 = 0
  /// Recorders running now: a second one makes each keep slots by router identity too.
  private static var running: [RunningRecorder] = []
  // Main-actor state every event touches: the dynamic exclusivity checks would cost a tenth of
  // an event, and no access spans a call out.
  @exclusivity(unchecked) var ring: RecordRing
  @exclusivity(unchecked) var tables: RecorderTables
  /// `tables.ribs` and `ring.current.records`, held in constants: an event reads them without
  /// retaining them (a segment that closes keeps this buffer and hands over its memory).
  let ribs: RIBTable
  let records: RecordBuffer
  @exclusivity(unchecked) var clock = EventClock()
  @exclusivity(unchecked) var formatter: SessionLineFormatter
  @exclusivity(unchecked) var seq: UInt64 = 0
  /// The tick counter reading of the last event recorded.
  @exclusivity(unchecked) var lastTicks: UInt64 = 0
  /// Bytes the last keyframe counts for: a segment is closed once it holds twice as much.
  @exclusivity(unchecked) var lastKeyframeBytes = 0
  /// Records of the current segment already handed to the file and the consumers.
  @exclusivity(unchecked) var handedOver = 0
  /// Whether a file or a live consumer takes the session as it is recorded.
  @exclusivity(unchecked) var hasOutlets = false {
    didSet { updateCheckpoint() }
  }
  /// The record count at which an event next looks at closing the segment or handing over
  /// (``updateCheckpoint()``): below it, an event appends and returns.
  @exclusivity(unchecked) var checkpoint = 0
  var sink: SessionFileSink?
  /// Hand-overs on their way to the file and the consumers (made at the first).
  var encoding: BackgroundEncoding {
    if let encodingIfMade { return encodingIfMade }
    // The file gets every line handed over, even once the recorder is going (a weak
    // reference to it is `nil` from then on).
    let made = BackgroundEncoding { [weak self, sink] lines in
      sink?.append(lines)
      self?.deliverToConsumers(lines)
    }
    encodingIfMade = made
    return made
  }
  private(set) var encodingIfMade: BackgroundEncoding?
  var consumers: [SessionConsumer] = []
  var isHandOverScheduled = false
  /// The recorder itself, while it keeps itself through a call-out (``holdThroughCallOut()``).
  /// Main-actor state, read and written only there (not isolated so that ``endEvent()`` is
  /// not either).
  @exclusivity(unchecked) nonisolated(unsafe) var callOutHold: SessionRecorder?
  /// Events the tree handed over unretained under way (``beginEvent()``); main-actor state.
  @exclusivity(unchecked) nonisolated(unsafe) var unretainedEvents = 0
  /// Whether lines are being handed over (``handOver()`` is not re-entered).
  var isHandingOver = false
  var subscriptions: [StreamSubscription] = []
  /// Scratch for registering subtrees, kept between attaches.
  var registering: [(RouterNode, Int32)] = []
  /// The recorded tree's context (it holds no RIB).
  let context: TreeContext
  // Settings read by every event, kept apart from `configuration`: reading a field of a struct
  // that holds strings copies (retains and releases) them.
  let keyframeInterval: Int
  let segmentLimit: Int
  let timesHooks: Bool
  private(set) weak var flags: FlagStore?
  var runningWorkflows: [UInt64: String] = [:]
  var isStopped = false
  /// What the tree calls for each event, when it calls this recorder directly (the tree holds
  /// it unretained: cleared from the tree before it goes).
  var tap: RecorderTap?

  /// Events recorded so far (dropped ones included).
  public var eventCount: UInt64 { seq }

  /// Starts recording the tree `root` belongs to (the whole tree: a recorder started on a
  /// subtree's router walks up to its root). The first event is a keyframe of the tree as it is.
  ///
  /// It observes the tree's `TreeContext` as it is now: give the tree its context before
  /// starting the recorder (a context set on the root later is not recorded).
  ///
  /// - Throws: ``SessionRecorderError/cannotWrite(path:reason:)`` when
  ///   ``Configuration/filePath`` cannot be created.
  public init(_ root: RouterNode, configuration: Configuration = Configuration())
    throws(SessionRecorderError)
  {
    guard configuration.byteBudget >= 4_096 else {
      throw .invalidConfiguration(
        "byteBudget must be at least 4096 bytes, not \(configuration.byteBudget)")
    }
    guard configuration.keyframeInterval >= 1 else {
      throw .invalidConfiguration(
        "keyframeInterval must be at least 1, not \(configuration.keyframeInterval)")
    }
    self.configuration = configuration
    keyframeInterval = configuration.keyframeInterval
    segmentLimit = configuration.byteBudget / 8
    timesHooks = configuration.timesHooks
    formatter = SessionLineFormatter(
      encodesViewModels: configuration.encodesViewModels,
      maximumViewModelBytes: configuration.maximumViewModelBytes)
    instanceID = UUID().uuidString
    startDate = Date()
    var top = root
    while let parent = top.inspectionParent { top = parent }
    context = top.context
    Self.recorderCount += 1
    ribs = RIBTable(serial: Self.recorderCount)
    tables = RecorderTables(ribs: ribs)
    ring = RecordRing(
      budget: configuration.byteBudget, segmentBytes: segmentLimit,
      keyframeInterval: configuration.keyframeInterval)
    records = ring.current.records
    Self.running.removeAll { $0.recorder == nil }
    if !Self.running.isEmpty {
      tables.ribs.indexIdentities()
      for other in Self.running { other.recorder?.tables.ribs.indexIdentities() }
    }
    if let path = configuration.filePath {
      sink = try SessionFileSink(path: path)
      sink?.append(headerBytes())
      hasOutlets = true
    }
    register(subtree: top, under: nil, announcing: false)
    writeKeyframe()
    observe(top.context)
    Self.running.append(RunningRecorder(recorder: self))
  }

  /// Convenience for `try! SessionRecorder(root, configuration: .init())`, which cannot fail.
  public convenience init(_ root: RouterNode) {
    // The default configuration has a valid budget and interval and no file.
    try! self.init(root, configuration: Configuration())
  }

  isolated deinit {
    untap()
    for subscription in subscriptions { subscription.cancel() }
    // What was handed over reaches the file whole, view models encoded in the background too.
    if let encoding = encodingIfMade {
      for lines in encoding.drain() { sink?.append(lines) }
    }
    sink?.finish()
  }

  // MARK: Sources

  /// Records every change of `flags`' effective values (with the source that set each) and of
  /// its core-only switch; keyframes list every flag.
  public func record(flags: FlagStore) {
    self.flags = flags
    subscriptions.append(flags.changes.observe { [weak self] in self?.recordFlag($0) })
  }

  /// Records the workflows `runner` starts: start (and the link that triggered it), each step
  /// waiting for its item and acting on it, completion, cancellation and failure.
  public func record(workflows runner: WorkflowRunner) {
    subscriptions.append(runner.events.observe { [weak self] in self?.recordWorkflow($0) })
  }

  /// Records every URL and push payload `links` resolves: the pattern that handled it, or the
  /// typed error that rejected it.
  public func record<Link>(links: DeepLinkRouter<Link>) {
    subscriptions.append(links.events.observe { [weak self] in self?.recordLink($0) })
  }

  /// Adds a mark of the app's own to the timeline, e.g. `recorder.mark("checkout tapped")`;
  /// returns its sequence number.
  /// After ``stop()`` it records nothing and returns the last sequence number.
  @discardableResult
  public func mark(_ text: String) -> UInt64 {
    guard !isStopped else { return seq }
    // Its own number: recording it may close the segment and record a keyframe after it.
    let number = seq &+ 1
    record(.mark, payload: .mark(text), payloadBytes: text.utf8.count)
    return number
  }

  /// Stops recording (what was recorded stays readable) and finishes the file, if any.
  public func stop() {
    guard !isStopped else { return }
    isStopped = true
    untap()
    for subscription in subscriptions { subscription.cancel() }
    subscriptions = []
    handOverNow()
    sink?.finish()
    for consumer in consumers { consumer.isCancelled = true }
    consumers = []
    hasOutlets = sink != nil
  }

  /// Whether ``stop()`` was called.
  public var isRecording: Bool { !isStopped }

  // MARK: State

  /// The sequence number of the last event recorded (0 before any).
  public var lastSequenceNumber: UInt64 { seq }

  /// How many events the budget dropped so far (the oldest).
  public var droppedEventCount: UInt64 { ring.droppedEvents }

  /// Bytes of events held in memory now (at most about ``Configuration/byteBudget``): records
  /// at their fixed size, keyframes at the room kept for their entries, view models at their
  /// encoded size.
  public var retainedBytes: Int { ring.totalBytes }

  /// RIBs the recorder knows now (the tree's size).
  public var liveRIBCount: Int { tables.ribs.liveCount }

  /// Workflow runs the recorder follows now (each is forgotten when it ends): with
  /// ``liveRIBCount``, what a soak census counts to show the recorder keeps nothing per event.
  public var runningWorkflowCount: Int { runningWorkflows.count }
}

/// A running recorder, held weakly.
@MainActor
private struct RunningRecorder {
  weak var recorder: SessionRecorder?
}
