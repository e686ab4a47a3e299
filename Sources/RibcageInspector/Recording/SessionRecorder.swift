import Foundation
@_spi(RibcageInspection) import Ribcage
import _RibcageAtomics

/// A flight recorder for a RIB app: it records what the tree does — attaches, detaches,
/// activations and loads with the time each hook took, every render with its view model, plugin
/// switches, diagnostics and leak reports — plus the flags, workflows and deep links you hand
/// it, and marks of your own, as a `ribcage-session` (JSON Lines, version 1; see
/// `docs/inspect.md`).
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
/// - Memory is bounded by ``Configuration/byteBudget``: the oldest events go first, whole
///   segments at a time, and every segment starts with a keyframe (the tree, each RIB's latest
///   view model, the flags), so what is kept can always be rebuilt. A written session says how
///   many events were dropped.
/// - It keeps no RIB alive: it holds no router, interactor, view or presenter (only numbers and
///   names), so detached RIBs deallocate and the leak detector stays quiet.
/// - It never calls your code (but the `encode(to:)` of an `Encodable` view model) and never
///   waits for the disk: with ``Configuration/filePath`` the session streams to a file from a
///   background queue.
///
/// Everything is recorded synchronously on the main actor, in the order it happens; events
/// carry a sequence number and nanoseconds since the recording started.
@MainActor
public final class SessionRecorder {
  /// The recorder's settings.
  public struct Configuration: Sendable {
    /// The app's name in the session header; by default the process name.
    public var appName: String
    /// The most bytes of encoded events kept in memory (default 32 MB).
    public var byteBudget: Int
    /// A keyframe at most every this many events (default 1,000); fewer when keyframes are big
    /// compared with the events between them, so they never take most of the budget.
    public var keyframeInterval: Int
    /// Whether lifecycle hooks are timed (default `true`).
    public var timesHooks: Bool
    /// Whether `Encodable` view models are encoded (default `true`; otherwise only their type).
    public var encodesViewModels: Bool
    /// The largest encoded view model recorded (default 256 KB); a larger one is recorded by type
    /// and size.
    public var maximumViewModelBytes: Int
    /// Also stream the whole session to this file (it is created or truncated).
    public var filePath: String?

    /// Creates a configuration.
    public init(
      appName: String = ProcessInfo.processInfo.processName,
      byteBudget: Int = 32 * 1024 * 1024,
      keyframeInterval: Int = 1_000,
      timesHooks: Bool = true,
      encodesViewModels: Bool = true,
      maximumViewModelBytes: Int = 256 * 1024,
      filePath: String? = nil
    ) {
      self.appName = appName
      self.byteBudget = byteBudget
      self.keyframeInterval = keyframeInterval
      self.timesHooks = timesHooks
      self.encodesViewModels = encodesViewModels
      self.maximumViewModelBytes = maximumViewModelBytes
      self.filePath = filePath
    }
  }

  /// The settings it records with.
  public let configuration: Configuration
  /// This recording's id, in the header (a UUID).
  public let instanceID: String
  /// When recording started (wall clock), in the header.
  public let startDate: Date

  private let startNanoseconds: UInt64
  private static var recorderCount: UInt64 = 0
  @exclusivity(unchecked) private var table: RIBTable
  @exclusivity(unchecked) private var ring: SegmentRing
  /// The ring's current segment, where every event is written.
  private let out: JSONLineWriter
  private var sink: SessionFileSink?
  private var consumers: [SessionConsumer] = []
  private var isHandOverScheduled = false
  @exclusivity(unchecked) private var sinkOffset = 0
  @exclusivity(unchecked) private var seq: UInt64 = 0
  @exclusivity(unchecked) private var lastKeyframeBytes = 0
  private var subscriptions: [StreamSubscription] = []
  /// The recorded tree's context (it holds no RIB).
  let context: TreeContext
  // Settings read by every event, kept apart from `configuration`: reading a field of a struct
  // that holds strings copies (retains and releases) them.
  private let keyframeInterval: Int
  private let segmentLimit: Int
  private let timesHooks: Bool
  private let encodesViewModels: Bool
  private let maximumViewModelBytes: Int
  private(set) weak var flags: FlagStore?
  private var runningWorkflows: [UInt64: String] = [:]
  /// Encodes view models straight to JSON bytes (`JSONEncoder` costs ten times more a render).
  @exclusivity(unchecked) private var viewModelEncoder = ViewModelEncoder()
  private var isStopped = false
  private var viewModelTypeNames: [ObjectIdentifier: (name: String, escaped: [UInt8])] = [:]

  /// Events recorded so far (dropped ones included).
  @exclusivity(unchecked) public private(set) var eventCount: UInt64 = 0

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
    encodesViewModels = configuration.encodesViewModels
    maximumViewModelBytes = configuration.maximumViewModelBytes
    instanceID = UUID().uuidString
    startDate = Date()
    startNanoseconds = ribcage_monotonic_ns()
    var top = root
    while let parent = top.inspectionParent { top = parent }
    context = top.context
    Self.recorderCount += 1
    table = RIBTable(serial: Self.recorderCount)
    ring = SegmentRing(budget: configuration.byteBudget)
    out = ring.current
    if let path = configuration.filePath {
      sink = try SessionFileSink(path: path)
      sink?.append(headerBytes())
    }
    register(subtree: top, under: nil, announcing: false)
    writeKeyframe()
    observe(top.context)
  }

  /// Convenience for `try! SessionRecorder(root, configuration: .init())`, which cannot fail.
  public convenience init(_ root: RouterNode) {
    // The default configuration has a valid budget and interval and no file.
    try! self.init(root, configuration: Configuration())
  }

  isolated deinit {
    for subscription in subscriptions { subscription.cancel() }
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
    let seq = begin("mark\"")
    out.member("text", text)
    end()
    return seq
  }

  /// Stops recording (what was recorded stays readable) and finishes the file, if any.
  public func stop() {
    guard !isStopped else { return }
    isStopped = true
    for subscription in subscriptions { subscription.cancel() }
    subscriptions = []
    handOver()
    sink?.finish()
    for consumer in consumers { consumer.isCancelled = true }
    consumers = []
  }

  /// Whether ``stop()`` was called.
  public var isRecording: Bool { !isStopped }

  // MARK: Output

  /// The sequence number of the last event recorded (0 before any).
  public var lastSequenceNumber: UInt64 { seq }

  /// How many events the budget dropped so far (the oldest).
  public var droppedEventCount: UInt64 { ring.droppedEvents }

  /// Bytes of events held in memory now (at most about ``Configuration/byteBudget``).
  public var retainedBytes: Int { ring.totalBytes }

  /// RIBs the recorder knows now (the tree's size).
  public var liveRIBCount: Int { table.liveCount }

  /// Workflow runs the recorder follows now (each is forgotten when it ends): with
  /// ``liveRIBCount``, what a soak census counts to show the recorder keeps nothing per event.
  public var runningWorkflowCount: Int { runningWorkflows.count }

  /// The session as it is kept in memory: the header, a `dropped` line if the budget dropped
  /// events, then every kept event (starting with a keyframe).
  public func sessionBytes() -> [UInt8] {
    var bytes = headerBytes()
    if ring.droppedEvents > 0 {
      let line = JSONLineWriter()
      line.open()
      line.member("type", literal: "dropped")
      line.member("count", ring.droppedEvents)
      line.member("throughSeq", ring.droppedThroughSeq)
      line.closeLine()
      bytes += line.bytes
    }
    ring.forEachChunk { bytes += $0 }
    return bytes
  }

  /// Writes ``sessionBytes()`` to `path`.
  public func write(to path: String) throws(SessionRecorderError) {
    do {
      try Data(sessionBytes()).write(to: URL(fileURLWithPath: path))
    } catch {
      throw .cannotWrite(path: path, reason: error.localizedDescription)
    }
  }

  /// Hands what is recorded to the file (with ``Configuration/filePath``) and waits until it is
  /// written: call it before a planned exit, or when a test reads the file.
  public func flush() {
    handOver()
    sink?.flush()
  }

  /// The file's write error, if writing failed (recording in memory goes on).
  public var fileError: String? { sink?.error }

  private func headerBytes() -> [UInt8] {
    let line = JSONLineWriter()
    line.open()
    line.member("format", literal: "ribcage-session")
    line.member("version", SessionFormat.version)
    line.member("app", configuration.appName)
    line.member("instance", instanceID)
    line.member("start", SessionFormat.iso8601(startDate))
    line.member("clock", literal: "monotonic-ns")
    line.member("byteBudget", configuration.byteBudget)
    line.member("keyframeInterval", configuration.keyframeInterval)
    line.closeLine()
    return line.bytes
  }

  // MARK: Writing events

  /// Starts an event line: sequence number, time and type — `typeFragment` is the rest of the
  /// type member, e.g. `activate"` (written whole: one copy instead of a key and a value).
  @discardableResult
  private func begin(_ typeFragment: StaticString, at clock: UInt64 = ribcage_monotonic_ns())
    -> UInt64
  {
    seq &+= 1
    eventCount &+= 1
    let nanoseconds = clock &- startNanoseconds
    out.appendFragment("{\"seq\":")
    out.appendDecimal(seq)
    out.appendFragment(",\"t\":")
    out.appendDecimal(nanoseconds)
    out.appendFragment(",\"type\":\"")
    out.appendFragment(typeFragment)
    ring.counted(seq: seq)
    return seq
  }

  /// Ends an event line; starts a new segment with a keyframe when this one is long enough.
  private func end() {
    out.closeLine()
    let segmentBytes = out.count
    if ring.currentEventCount >= keyframeInterval && segmentBytes >= 2 * lastKeyframeBytes
      || segmentBytes >= segmentLimit
    {
      roll()
    } else if hasOutlets {
      if segmentBytes - sinkOffset >= 16 * 1024 {
        handOver()
      } else if !consumers.isEmpty, !isHandOverScheduled {
        // Live consumers get each turn's events at the end of the turn.
        isHandOverScheduled = true
        Task { @MainActor [weak self] in
          self?.isHandOverScheduled = false
          self?.handOver()
        }
      }
    }
  }

  private func roll() {
    handOver()
    ring.close()
    sinkOffset = 0
    writeKeyframe()
  }

  /// Hands the bytes recorded since the last hand-over to the file and the live consumers.
  private func handOver() {
    guard hasOutlets, out.count > sinkOffset else { return }
    let chunk = out.bytes(from: sinkOffset)
    sinkOffset = out.count
    sink?.append(chunk)
    for consumer in consumers { consumer.deliver(chunk) }
  }

  private var hasOutlets: Bool { sink != nil || !consumers.isEmpty }

  // MARK: Live consumers

  /// Streams the session to `deliver` as it is recorded — what an inspector's connection uses:
  /// first the header and a keyframe of the tree as it is now (a new segment starts with it),
  /// then every event line, handed over at the end of each main-actor turn that recorded some
  /// (sooner every 16 KB, and on ``flush()`` and ``stop()``). The bytes delivered, concatenated,
  /// are a complete `ribcage-session` a ``SessionTimeline`` loads.
  ///
  /// With `from: .retained` it starts instead with everything kept in memory (see
  /// ``StreamStart``). `deliver` is called on the main actor: hand the bytes to a queue of your
  /// own (a socket writer) and return. The consumer is held until ``SessionConsumer/cancel()`` or
  /// ``stop()``.
  ///
  /// ```swift
  /// let connection = recorder.stream { bytes in socket.enqueue(bytes) }
  /// ...
  /// connection.cancel()
  /// ```
  public func stream(
    from start: StreamStart = .now, to deliver: @escaping @MainActor @Sendable ([UInt8]) -> Void
  ) -> SessionConsumer {
    let consumer = SessionConsumer(recorder: self, deliver: deliver)
    guard !isStopped else {
      consumer.isCancelled = true
      return consumer
    }
    switch start {
    case .now:
      // What others have not received yet goes first; then a keyframe everyone receives, and
      // the new consumer starts from it.
      handOver()
      roll()
      handOver()
      deliver(headerBytes() + out.bytes)
    case .retained:
      handOver()
      deliver(sessionBytes())
    }
    sinkOffset = out.count
    consumers.append(consumer)
    return consumer
  }

  /// Where a live consumer's session starts.
  public enum StreamStart: Sendable {
    /// At a keyframe of the tree as it is now.
    case now
    /// With everything the recorder keeps in memory (the whole session, or its budgeted tail
    /// after a `dropped` line), so a consumer that joins late still sees the history.
    case retained
  }

  fileprivate func remove(_ consumer: SessionConsumer) {
    consumers.removeAll { $0 === consumer }
  }

  private func rib(_ slot: Int32) {
    out.appendFragment(",\"rib\":")
    out.appendDecimal(table[slot].id)
    out.appendFragment(",\"path\":\"")
    table.writePath(of: slot, into: out)
    out.appendFragment("\"")
  }

  // MARK: Keyframes

  private func writeKeyframe() {
    let before = out.count
    begin("keyframe\"")
    writeKeyframeBody(into: out)
    out.closeLine()
    lastKeyframeBytes = out.count - before
  }

  private func writeKeyframeBody(into writer: JSONLineWriter) {
    writer.openNested("ribs", array: true)
    for slot in table.preorder() {
      let node = table[slot]
      let naming = table.naming(of: slot)
      writer.openNested(nil)
      writer.member("rib", node.id)
      if node.parent >= 0 {
        writer.member("parent", table[node.parent].id)
      } else {
        writer.memberNull("parent")
      }
      writer.member("name", naming.name)
      writer.member("router", naming.routerType)
      writer.member("active", node.isActive)
      writer.member("loaded", node.isLoaded)
      writer.member("view", node.hasView)
      if let viewModel = table.viewModels[Int(slot)] {
        writer.member("viewModelType", viewModel.type)
        if let json = viewModel.json { writer.member("viewModel", json: json) }
      }
      writer.close()
    }
    writer.closeArray()
    if let flags {
      writer.openNested("flags", array: true)
      for (key, value, source) in flags.effectiveValues {
        writer.openNested(nil)
        writer.member("key", key)
        writer.key("value")
        writer.appendScalar(value)
        writer.member("source", SessionFormat.name(of: source))
        writer.close()
      }
      writer.closeArray()
      writer.member("coreOnly", flags.isCoreOnly)
    }
    if !runningWorkflows.isEmpty {
      writer.openNested("workflows", array: true)
      for (run, kind) in runningWorkflows.sorted(by: { $0.key < $1.key }) {
        writer.openNested(nil)
        writer.member("run", run)
        writer.member("kind", kind)
        writer.close()
      }
      writer.closeArray()
    }
  }

  // MARK: The tree

  private func observe(_ context: TreeContext) {
    // The two busiest observers hold the recorder `unowned(unsafe)`: its deinit cancels them on
    // the main actor before its memory goes, and no event is delivered elsewhere; a weak load
    // would cost each event an atomic round trip.
    subscriptions.append(context.events.observe { [unowned(unsafe) self] in self.recordTree($0) })
    if timesHooks {
      subscriptions.append(
        context.hookTimings.observe { [unowned(unsafe) self] in self.recordHook($0) })
    }
    subscriptions.append(context.renders.observe { [weak self] in self?.recordRender($0) })
    subscriptions.append(context.pluginEvents.observe { [weak self] in self?.recordPlugin($0) })
    subscriptions.append(
      context.reportedDiagnostics.observe { [weak self] in self?.recordDiagnostic($0) })
    if let detector = context.leakDetector {
      subscriptions.append(detector.reports.observe { [weak self] in self?.recordLeak($0) })
    }
  }

  /// Adds `router` and what is attached below it; with `announcing`, writes an `attach` event
  /// for each (a subtree assembled while detached joins the tree with its children).
  private func register(subtree router: RouterNode, under parent: Int32?, announcing: Bool) {
    var stack: [(RouterNode, Int32?)] = [(router, parent)]
    while let (node, parentSlot) = stack.popLast() {
      let slot = table.add(node, parent: parentSlot)
      if announcing { writeAttach(slot) }
      for child in node.children.reversed() { stack.append((child, slot)) }
    }
  }

  private func writeAttach(_ slot: Int32) {
    let node = table[slot]
    begin("attach\"")
    rib(slot)
    if node.parent >= 0 {
      out.member("parent", table[node.parent].id)
    } else {
      out.memberNull("parent")
    }
    out.key("name")
    out.append(byte: UInt8(ascii: "\""))
    out.appendRaw(table.namings[Int(node.naming)].escapedName)
    out.append(byte: UInt8(ascii: "\""))
    out.member("router", table.namings[Int(node.naming)].routerType)
    out.member("view", node.hasView)
    if node.isActive { out.member("active", true) }
    if node.isLoaded { out.member("loaded", true) }
    end()
  }

  private func recordTree(_ event: TreeEvent) {
    switch event {
    case .attached(let child, let parent):
      // A parent the recorder does not know is outside the recorded tree (below a detached
      // router): the subtree is recorded when it joins the tree.
      guard let parentSlot = table.slot(of: parent) else { return }
      if let stale = table.slot(of: child) { table.remove(stale) }
      register(subtree: child, under: parentSlot, announcing: true)
    case .detached(let child, _):
      guard let slot = table.slot(of: child) else { return }
      begin("detach\"")
      rib(slot)
      let parent = table[slot].parent
      if parent >= 0 { out.member("parent", table[parent].id) }
      // Out of the table before the line ends: ending it may write a keyframe.
      table.remove(slot)
      end()
    case .activated(let router):
      guard let slot = table.slot(of: router) else { return }
      table[slot].isActive = true
      begin("activate\"", at: hookClock)
      rib(slot)
      end()
    case .deactivated(let router):
      guard let slot = table.slot(of: router) else { return }
      table[slot].isActive = false
      begin("deactivate\"", at: hookClock)
      rib(slot)
      end()
    case .loaded(let router):
      guard let slot = table.slot(of: router) else { return }
      table[slot].isLoaded = true
      begin("load\"", at: hookClock)
      rib(slot)
      end()
    }
  }

  private func recordHook(_ timing: HookTiming) {
    guard let slot = table.slot(of: timing.router) else { return }
    begin("hook\"", at: timing.endClock)
    rib(slot)
    out.member("hook", literal: SessionFormat.literal(timing.hook))
    out.member("ns", timing.endClock &- hookStart(timing))
    end()
  }

  /// When a tree event happened: the clock the tree read for the hook around it when hooks are
  /// timed (it read it just before the event went out), else a new reading.
  private var hookClock: UInt64 {
    timesHooks ? context.inspectionHookClock : ribcage_monotonic_ns()
  }

  /// The clock when a timed hook started.
  private func hookStart(_ timing: HookTiming) -> UInt64 {
    let (seconds, attoseconds) = timing.duration.components
    return timing.endClock
      &- (UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000))
  }

  /// A view model type's full name (`RidesApp.HomeViewModel`) and its JSON-escaped bytes,
  /// formatted once per type.
  private func naming(of type: Any.Type) -> (name: String, escaped: [UInt8]) {
    if let known = viewModelTypeNames[ObjectIdentifier(type)] { return known }
    let name = String(reflecting: type)
    let escaped = JSONLineWriter()
    escaped.appendEscaped(name)
    let naming = (name, escaped.bytes)
    viewModelTypeNames[ObjectIdentifier(type)] = naming
    return naming
  }

  private func recordRender(_ render: RenderRecord) {
    let slot = render.router.flatMap { table.slot(of: $0) }
    let typeNaming = naming(of: render.viewModelType)
    var encoded: [UInt8]?
    var problem: String?
    if encodesViewModels, let value = render.viewModel as? any Encodable {
      var json: [UInt8] = []
      do {
        try viewModelEncoder.encode(value, into: &json)
        if json.count <= maximumViewModelBytes {
          encoded = json
        } else {
          problem = "\(json.count) bytes, over the \(maximumViewModelBytes)-byte limit"
        }
      } catch {
        problem = "could not be encoded: \(error)"
      }
    }
    if let slot {
      table.viewModels[Int(slot)] = RIBTable.ViewModel(type: typeNaming.name, json: encoded)
    }
    begin("render\"")
    if let slot { rib(slot) } else { out.memberNull("rib") }
    out.appendFragment(",\"viewModelType\":\"")
    out.appendRaw(typeNaming.escaped)
    out.appendFragment("\"")
    if let encoded { out.member("viewModel", json: encoded) }
    if let problem { out.member("viewModelOmitted", problem) }
    end()
  }

  // MARK: Everything else

  private func recordPlugin(_ event: PluginEvent) {
    begin("plugin\"")
    // The point's RIB, and the plugin's own RIB while it is attached.
    if let slot = table.slot(forTag: event.pointTag) { rib(slot) }
    if let slot = table.slot(forTag: event.pluginTag) {
      out.appendFragment(",\"pluginRib\":")
      out.appendDecimal(table[slot].id)
    }
    out.member("point", event.point)
    out.member("plugin", event.plugin)
    out.member("event", event.kind.rawValue)
    out.member("flag", event.flag)
    if let reason = event.reason { out.member("reason", reason) }
    end()
  }

  private func recordDiagnostic(_ diagnostic: TreeDiagnostic) {
    begin("diagnostic\"")
    out.member("kind", diagnostic.kind.rawValue)
    out.member("severity", diagnostic.severity.rawValue)
    out.member("message", diagnostic.message)
    end()
  }

  private func recordLeak(_ report: LeakReport) {
    begin("leak\"")
    out.member("subtree", report.subtreePath)
    out.openNested("objects", array: true)
    for object in report.leakedObjects {
      out.openNested(nil)
      out.member("role", object.role.rawValue)
      out.member("typeName", object.typeName)
      out.member("path", object.path)
      out.close()
    }
    out.closeArray()
    end()
  }

  private func recordFlag(_ change: FlagStore.Change) {
    switch change {
    case .value(let key, let from, let to, let source):
      begin("flag\"")
      out.member("key", key)
      out.key("from")
      out.appendScalar(from)
      out.key("to")
      out.appendScalar(to)
      out.member("source", SessionFormat.name(of: source))
      end()
    case .coreOnly(let on):
      begin("coreOnly\"")
      out.member("on", on)
      end()
    }
  }

  private func recordWorkflow(_ event: WorkflowEvent) {
    begin("workflow\"")
    out.member("run", event.run)
    out.member("kind", event.kind)
    switch event.phase {
    case .started(let trigger):
      runningWorkflows[event.run] = event.kind
      out.member("phase", literal: "started")
      if let trigger { out.member("trigger", trigger) }
    case .waiting(let step, let item):
      out.member("phase", literal: "waiting")
      out.member("step", step)
      out.member("item", item)
    case .acting(let step, let item):
      out.member("phase", literal: "acting")
      out.member("step", step)
      out.member("item", item)
    case .completed:
      runningWorkflows[event.run] = nil
      out.member("phase", literal: "completed")
    case .cancelled:
      runningWorkflows[event.run] = nil
      out.member("phase", literal: "cancelled")
    case .failed(let error):
      runningWorkflows[event.run] = nil
      out.member("phase", literal: "failed")
      out.member("error", error)
    }
    end()
  }

  private func recordLink(_ event: DeepLinkEvent) {
    begin("link\"")
    out.member("input", event.input)
    out.member("handled", event.isHandled)
    if let pattern = event.pattern { out.member("pattern", pattern) }
    if let error = event.error {
      out.openNested("error")
      out.member("case", SessionFormat.caseName(of: error))
      out.member("message", error.description)
      out.close()
    }
    end()
  }
}

/// A live consumer of a recorded session, from ``SessionRecorder/stream(from:to:)``.
@MainActor
public final class SessionConsumer {
  private weak var recorder: SessionRecorder?
  fileprivate let deliver: @MainActor @Sendable ([UInt8]) -> Void
  /// Whether it receives no more bytes (cancelled, or the recorder stopped).
  public fileprivate(set) var isCancelled = false

  fileprivate init(
    recorder: SessionRecorder, deliver: @escaping @MainActor @Sendable ([UInt8]) -> Void
  ) {
    self.recorder = recorder
    self.deliver = deliver
  }

  /// Stops delivery. Safe to call more than once.
  public func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    recorder?.remove(self)
  }
}

/// Why a ``SessionRecorder`` could not start or write.
public enum SessionRecorderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be created or written.
  case cannotWrite(path: String, reason: String)
  /// A setting is out of range.
  case invalidConfiguration(String)

  public var description: String {
    switch self {
    case .cannotWrite(let path, let reason): "cannot write the session to \(path): \(reason)"
    case .invalidConfiguration(let reason): "invalid session recorder configuration: \(reason)"
    }
  }
}
