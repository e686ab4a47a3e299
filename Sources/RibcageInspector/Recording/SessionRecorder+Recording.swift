@_spi(RibcageInspection) import Ribcage
import _RibcageAtomics

/// Recording: what each event stores. Nothing here formats, encodes or reads a clock; an event
/// is a table lookup and a record appended to the ring.
extension SessionRecorder {
  /// Appends a record of `kind` for `slot`'s RIB (if any), stamped `time`.
  @inline(__always)
  func record(
    _ kind: EventKind, slot: Int32, time: UInt64 = ribcage_ticks(), other: UInt64 = 0,
    bits: UInt8 = 0
  ) {
    let node = ribs[slot]
    append(
      EventRecord(
        kind: kind, time: time, rib: node.id, other: other, path: node.path,
        bits: bits))
  }

  /// Appends a record of `kind` whose content is `payload`.
  func record(
    _ kind: EventKind, payload: consuming EventPayload, payloadBytes: Int = 0, rib: UInt64 = 0,
    path: Int32 = -1, other: UInt64 = 0, bits: UInt8 = 0, viewModelType: Int32 = 0,
    time: UInt64 = ribcage_ticks()
  ) {
    // A boxed case's box is counted with what the caller says the payload weighs.
    let payloadBytes = payloadBytes + payload.boxedBytes
    let index = ring.current.add(payload, bytes: payloadBytes)
    // The payload's bytes bring the checkpoint nearer by at most as many records as they
    // weigh, rounded up: moved that far, it is never passed (the check recomputes it exactly).
    let stride = MemoryLayout<EventRecord>.stride
    checkpoint &-= (payloadBytes + MemoryLayout<EventPayload>.stride + stride - 1) / stride
    append(
      EventRecord(
        kind: kind, time: time, rib: rib, other: other, path: path,
        payload: index, bits: bits, viewModelType: viewModelType))
  }

  /// Appends `record` (numbered `seq + 1`); at the checkpoint, starts a new segment with a
  /// keyframe when this one is long enough, and hands what is recorded to the file and the
  /// consumers when they wait.
  @inline(__always)
  func append(_ record: EventRecord) {
    seq &+= 1
    lastTicks = record.time
    records.append(record, seq: seq)
    if records.count >= checkpoint { closeOrHandOver() }
  }

  /// Closes the segment (and starts the next with a keyframe) once it holds `keyframeInterval`
  /// events and twice its keyframe's bytes, or `segmentLimit` bytes; else hands over, when
  /// something takes the session as it is recorded.
  ///
  /// A segment holding only its keyframe stays open: the next would start with the same
  /// keyframe and close at once too, without end (an interval of 1, or a keyframe that
  /// outweighs a segment: a large tree, large view models, a small budget).
  func closeOrHandOver() {
    let count = records.count
    let bytes = count * MemoryLayout<EventRecord>.stride + ring.current.payloadBytes
    if count > 1,
      count >= keyframeInterval && bytes >= 2 * lastKeyframeBytes || bytes >= segmentLimit
    {
      holdThroughCallOut()
      roll()
    } else if hasOutlets {
      handOverSoon()
    }
    updateCheckpoint()
  }

  /// Computes the first record count at which a segment whose payloads stay as they are must
  /// close: an event below it only appends (one comparison instead of the byte arithmetic).
  /// Every event checks while something takes the session as it is recorded.
  func updateCheckpoint() {
    guard !hasOutlets else {
      checkpoint = 0
      return
    }
    let stride = MemoryLayout<EventRecord>.stride
    let payloadBytes = ring.current.payloadBytes
    let forKeyframe = max(
      keyframeInterval, (2 * lastKeyframeBytes - payloadBytes + stride - 1) / stride)
    let forLimit = (segmentLimit - payloadBytes + stride - 1) / stride
    checkpoint = max(records.count + 1, min(forKeyframe, forLimit))
  }

  /// Keeps the recorder until the event ends. The tree reaches it unretained (see
  /// ``RecorderTap``), and what it is about to call — a view model's `encode(to:)`, a consumer,
  /// the deinit of what the ring drops — may release its last reference while the event is
  /// still being recorded. Taken only there (a segment's close, a hand-over, a sample), and only
  /// within an event the tree handed over unretained: any other caller holds the recorder.
  func holdThroughCallOut() {
    guard unretainedEvents > 0, callOutHold == nil else { return }
    callOutHold = self
  }

  /// Starts an event the tree hands over unretained (events nest: what an event calls out to
  /// may cause others).
  @inline(__always)
  nonisolated func beginEvent() {
    unretainedEvents &+= 1
  }

  /// Ends an event the tree handed over unretained: once the outermost ends, a recorder that
  /// kept itself through a call-out lets go (and may go) — nothing of the event is left to
  /// record. Not isolated, so that the tap calls it without a run-time check: only ever called
  /// on the main actor.
  @inline(__always)
  nonisolated func endEvent() {
    unretainedEvents &-= 1
    if callOutHold != nil, unretainedEvents == 0 { letGoOfCallOutHold() }
  }

  @inline(never)
  private nonisolated func letGoOfCallOutHold() {
    let held = callOutHold
    callOutHold = nil
    withExtendedLifetime(held) {}
  }

  // MARK: The tree

  func observe(_ context: TreeContext) {
    if context.inspectionTap == nil {
      // The tree calls the recorder directly: no event value, stream or closure per event.
      let tap = RecorderTap(self)
      self.tap = tap
      context.setInspectionTap(tap, timesHooks: timesHooks)
    } else {
      // Another recorder taps this tree: this one takes the streams. The two busiest
      // observers hold the recorder `unowned(unsafe)`: its deinit cancels them on the main
      // actor before its memory goes, and no event is delivered elsewhere.
      subscriptions.append(
        context.events.observe { [unowned(unsafe) self] in
          self.beginEvent()
          self.recordTree($0)
          self.endEvent()
        })
      subscriptions.append(
        context.inspectionRootReleases.observe { [weak self] in
          self?.treeRootReleased(inspectionTag: $0.inspectionTag, identity: $0.identity)
        })
      if timesHooks {
        subscriptions.append(
          context.hookTimings.observe { [unowned(unsafe) self] in
            self.beginEvent()
            self.hookTimed($0.router, $0.hook, start: $0.startClock, end: $0.endClock)
            self.endEvent()
          })
      }
    }
    if tap == nil {
      subscriptions.append(context.renders.observe { [weak self] in self?.recordRender($0) })
    }
    subscriptions.append(context.pluginEvents.observe { [weak self] in self?.recordPlugin($0) })
    subscriptions.append(
      context.reportedDiagnostics.observe { [weak self] in self?.recordDiagnostic($0) })
    if let detector = context.leakDetector {
      subscriptions.append(detector.reports.observe { [weak self] in self?.recordLeak($0) })
    }
  }

  /// Stops taking the tree's events directly.
  func untap() {
    guard tap != nil else { return }
    context.setInspectionTap(nil, timesHooks: false)
    tap = nil
  }

  /// Adds `router` and what is attached below it; with `announcing`, records an `attach` event
  /// for each (a subtree assembled while detached joins the tree with its children).
  func register(subtree router: RouterNode, under parent: Int32?, announcing: Bool) {
    let (slot, hasChildren) = ribs.add(router, parent: parent)
    if announcing { recordAttach(slot) }
    guard hasChildren else { return }
    let base = registering.count
    for child in router.children.reversed() { registering.append((child, slot)) }
    while registering.count > base, let (node, parentSlot) = registering.popLast() {
      let (slot, hasChildren) = ribs.add(node, parent: parentSlot)
      if announcing { recordAttach(slot) }
      if hasChildren {
        for child in node.children.reversed() { registering.append((child, slot)) }
      }
    }
  }

  @inline(__always)
  private func recordAttach(_ slot: Int32) {
    let node = ribs[slot]
    var bits: UInt8 = node.hasView ? EventBits.hasView : 0
    if node.isActive { bits |= EventBits.isActive }
    if node.isLoaded { bits |= EventBits.isLoaded }
    var parent: UInt64 = 0
    if node.parent >= 0 {
      bits |= EventBits.hasParent
      parent = ribs[node.parent].id
    }
    append(
      EventRecord(
        kind: .attach, time: ribcage_ticks(), rib: node.id, other: parent,
        path: node.path, payload: node.naming, bits: bits))
  }

  func recordTree(_ event: TreeEvent) {
    switch event {
    case .attached(let child, let parent): treeAttached(child, to: parent)
    case .detached(let child, let parent): treeDetached(child, from: parent)
    case .activated(let router): treeActivated(router)
    case .deactivated(let router): treeDeactivated(router)
    case .loaded(let router): treeLoaded(router)
    }
  }

  /// When a tree event happened: the counter the tree read for the hook around it when hooks
  /// are timed (it read it just before the event went out), else a new reading.
  private var hookClock: UInt64 {
    timesHooks ? notBeforeLastRecord(context.inspectionHookClock) : ribcage_ticks()
  }

  /// `ticks`, or the last record's time if that is later: a `willResignActive`'s end, read as
  /// it returned, goes out with "deactivated" after what resigning caused (bound work
  /// cancelled, activeness observers), and times never go back in a session.
  @inline(__always)
  func notBeforeLastRecord(_ ticks: UInt64) -> UInt64 {
    ticks < lastTicks ? lastTicks : ticks
  }
}

/// What the tree calls through the recorder's ``RecorderTap``, and the streams of a tree
/// another recorder taps.
extension SessionRecorder {
  func treeAttached(_ child: RouterNode, to parent: RouterNode) {
    // A parent the recorder does not know is outside the recorded tree (below a detached
    // router): the subtree is recorded when it joins the tree.
    guard let parentSlot = ribs.slot(of: parent) else { return }
    if let stale = ribs.slot(of: child) { ribs.remove(stale) }
    register(subtree: child, under: parentSlot, announcing: true)
  }

  func treeDetached(_ child: RouterNode, from parent: RouterNode) {
    guard let slot = ribs.slot(of: child) else { return }
    let node = ribs[slot]
    let parentID = node.parent >= 0 ? ribs[node.parent].id : 0
    let record = EventRecord(
      kind: .detach, time: ribcage_ticks(), rib: node.id, other: parentID,
      path: node.path, bits: node.parent >= 0 ? EventBits.hasParent : 0)
    // Out of the table before the record goes in: appending it may write a keyframe.
    ribs.remove(slot)
    append(record)
  }

  /// A root released while active, stopped: a detach with no parent, and out of the table
  /// with what it still lists below it.
  func treeRootReleased(inspectionTag: UInt64, identity: ObjectIdentifier) {
    guard let slot = ribs.slot(forTag: inspectionTag) ?? ribs.slot(ofGone: identity) else {
      return
    }
    let node = ribs[slot]
    let record = EventRecord(
      kind: .detach, time: ribcage_ticks(), rib: node.id, path: node.path)
    ribs.remove(slot)
    append(record)
  }

  func treeActivated(_ router: RouterNode) {
    guard let slot = ribs.slot(of: router) else { return }
    ribs[slot].isActive = true
    record(.activate, slot: slot, time: hookClock)
  }

  func treeDeactivated(_ router: RouterNode) {
    guard let slot = ribs.slot(of: router) else { return }
    ribs[slot].isActive = false
    record(.deactivate, slot: slot, time: hookClock)
  }

  func treeLoaded(_ router: RouterNode) {
    guard let slot = ribs.slot(of: router) else { return }
    ribs[slot].isLoaded = true
    record(.load, slot: slot, time: hookClock)
  }

  func hookTimed(_ router: RouterNode, _ hook: LifecycleHook, start: UInt64, end: UInt64) {
    guard let slot = ribs.slot(of: router) else { return }
    record(
      .hook, slot: slot, time: notBeforeLastRecord(end), other: end &- start,
      bits: hook.recordBits)
  }

  /// A `willResignActive` or `didLoad` and the "deactivated" or "loaded" that follows it: the
  /// RIB found once for both records.
  func hookEnded(_ router: RouterNode, _ hook: LifecycleHook, start: UInt64, end: UInt64) {
    guard let slot = ribs.slot(of: router) else { return }
    let time = notBeforeLastRecord(end)
    record(.hook, slot: slot, time: time, other: end &- start, bits: hook.recordBits)
    switch hook {
    case .willResignActive:
      ribs[slot].isActive = false
      record(.deactivate, slot: slot, time: time)
    case .didLoad:
      ribs[slot].isLoaded = true
      record(.load, slot: slot, time: time)
    case .didBecomeActive: break
    }
  }
}

extension SessionRecorder {
  /// Records a render the tap handed over: the view model is copied, in place, into its type's
  /// store (no box), unless its dynamic type is not the type it was rendered as (a subclass).
  /// With `isSendable` (the loop knew the type to be `Sendable`), the type's values may be
  /// encoded on another thread when the session is streamed.
  ///
  /// The router (held unretained by the loop) is only read before anything calls out: sampling
  /// runs the view model's `encode(to:)`, and recording may hand lines to consumers.
  func recordRender<ViewModel>(_ viewModel: ViewModel, by router: RouterNode?, isSendable: Bool) {
    // No closure (`router.flatMap { … }`): a main-actor closure handed to the standard library
    // is checked at run time for being on the main actor.
    var slot: Int32?
    if let router { slot = ribs.slot(of: router) }
    let type = tables.viewModelTypes.index(of: ViewModel.self)
    if isSendable { tables.viewModelTypes.markSendable(type) }
    guard tables.viewModelTypes.isExactly(viewModel, type: type) else {
      recordRender(boxed: viewModel, in: slot)
      return
    }
    sampleIfDue(viewModel, type: type, keeping: &slot)
    guard keepsValues(of: type) else { return record(renderOf: type, in: slot) }
    let (chunk, index) = tables.viewModelTypes.keep(viewModel, type: type)
    record(renderKeptIn: chunk, at: index, type: type, in: slot)
  }

  /// Records a render from the ``TreeContext/renders`` stream (a tree another recorder taps),
  /// its view model boxed.
  func recordRender(_ render: RenderRecord) {
    recordRender(boxed: render.viewModel, in: render.router.flatMap(ribs.slot(of:)))
  }

  private func recordRender(boxed viewModel: Any, in slot: Int32?) {
    var slot = slot
    let type = tables.viewModelTypes.index(of: Swift.type(of: viewModel))
    sampleIfDue(viewModel, type: type, keeping: &slot)
    guard keepsValues(of: type) else { return record(renderOf: type, in: slot) }
    let kept = KeptViewModel.boxed(viewModel)
    let bytes = tables.viewModelTypes.estimatedBytes(of: type)
    guard let slot else {
      record(.render, payload: .viewModel(kept), payloadBytes: bytes, viewModelType: type)
      return
    }
    ribs.setViewModel(kept, type: type, at: slot)
    let node = ribs[slot]
    record(
      .render, payload: .viewModel(kept), payloadBytes: bytes, rib: node.id, path: node.path,
      bits: EventBits.hasRIB, viewModelType: type)
  }

  /// What a view model of a type takes encoded is what the budget counts it as: learnt from its
  /// first value, then one render in every `ViewModelTypes.sampleInterval` (`value` is boxed
  /// then, and only then).
  ///
  /// Encoding runs the view model's `encode(to:)`: `slot` is forgotten if that detached its RIB.
  @inline(__always)
  private func sampleIfDue<ViewModel>(_ value: ViewModel, type: Int32, keeping slot: inout Int32?) {
    guard tables.viewModelTypes.isSampleDue(type) else { return }
    guard formatter.encodesViewModels else { return tables.viewModelTypes.stopKeeping(type) }
    let entry = slot.map { (slot: $0, id: ribs[$0].id) }
    holdThroughCallOut()
    if formatter.encode(value, type: type, tables: &tables) == nil,
      tables.viewModelTypes.isKnownNotEncodable(type)
    {
      // Not `Encodable`: its renders weigh their type's name, and are not sampled again.
      tables.viewModelTypes.stopKeeping(type)
    }
    if let entry, !ribs.holds(entry.slot, id: entry.id) { slot = nil }
  }

  /// Whether the values of view model type `type` are kept: only those a session line will
  /// show. A value never written would weigh in memory what the budget does not count (it
  /// counts a view model at its encoded size, and one not encoded at its type's name).
  @inline(__always)
  private func keepsValues(of type: Int32) -> Bool {
    tables.viewModelTypes.keepsValues(of: type)
  }

  /// Appends a render record of view model type `type` with no value (one that is not written),
  /// and keeps the type as what the router's RIB rendered last.
  private func record(renderOf type: Int32, in slot: Int32?) {
    let bytes = tables.viewModelTypes.estimatedBytes(of: type)
    ring.current.count(payloadBytes: bytes)
    let stride = MemoryLayout<EventRecord>.stride
    checkpoint &-= (bytes + stride - 1) / stride
    guard let slot else {
      append(EventRecord(kind: .render, time: ribcage_ticks(), viewModelType: type))
      return
    }
    ribs.setViewModelType(type, in: slot)
    let node = ribs[slot]
    append(
      EventRecord(
        kind: .render, time: ribcage_ticks(), rib: node.id, path: node.path,
        bits: EventBits.hasRIB, viewModelType: type))
  }

  /// Appends a render record of the view model at `index` in `chunk`, of view model type
  /// `type`, and keeps it as what the router's RIB rendered last. The segment holds the chunk:
  /// the record points into it, with no payload.
  private func record(
    renderKeptIn chunk: Unmanaged<ViewModelChunk>, at index: Int32, type: Int32, in slot: Int32?
  ) {
    let bytes =
      tables.viewModelTypes.estimatedBytes(of: type) + ring.current.hold(chunk, serial: ring.closes)
    ring.current.count(payloadBytes: bytes)
    // The view model's bytes bring the checkpoint nearer by at most as many records as they
    // weigh, rounded up (see `record(_:payload:…)`).
    let stride = MemoryLayout<EventRecord>.stride
    checkpoint &-= (bytes + stride - 1) / stride
    let address = UInt64(UInt(bitPattern: chunk.toOpaque()))
    guard let slot else {
      append(
        EventRecord(
          kind: .render, time: ribcage_ticks(), other: address, payload: index,
          bits: EventBits.inPlace, viewModelType: type))
      return
    }
    ribs.setViewModel(chunk, at: index, type: type, in: slot)
    let node = ribs[slot]
    append(
      EventRecord(
        kind: .render, time: ribcage_ticks(), rib: node.id, other: address, path: node.path,
        payload: index, bits: EventBits.hasRIB | EventBits.inPlace, viewModelType: type))
  }

  // MARK: Everything else

  func recordPlugin(_ event: PluginEvent) {
    // The point's RIB, and the plugin's own RIB while it is attached.
    var rib: UInt64 = 0
    var path: Int32 = -1
    if let slot = ribs.slot(forTag: event.pointTag) {
      rib = ribs[slot].id
      path = ribs[slot].path
    }
    var pluginRib: UInt64 = 0
    var bits: UInt8 = 0
    if let slot = ribs.slot(forTag: event.pluginTag) {
      pluginRib = ribs[slot].id
      bits = EventBits.hasRIB
    }
    record(.plugin, payload: .plugin(event), rib: rib, path: path, other: pluginRib, bits: bits)
  }

  func recordDiagnostic(_ diagnostic: TreeDiagnostic) {
    record(
      .diagnostic, payload: .diagnostic(diagnostic), payloadBytes: diagnostic.message.utf8.count)
  }

  func recordLeak(_ report: LeakReport) {
    record(.leak, payload: .leak(report), payloadBytes: 64 * report.leakedObjects.count)
  }

  func recordFlag(_ change: FlagStore.Change) {
    switch change {
    case .value: record(.flag, payload: .flag(change), payloadBytes: 32)
    case .coreOnly: record(.coreOnly, payload: .flag(change))
    }
  }

  func recordWorkflow(_ event: WorkflowEvent) {
    switch event.phase {
    case .started: runningWorkflows[event.run] = event.kind
    case .completed, .cancelled, .failed: runningWorkflows[event.run] = nil
    case .waiting, .acting: break
    }
    record(.workflow, payload: .workflow(event), payloadBytes: 32)
  }

  func recordLink(_ event: DeepLinkEvent) {
    record(.link, payload: .link(event), payloadBytes: event.input.utf8.count)
  }
}
