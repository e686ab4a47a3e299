import Foundation
@_spi(RibcageInspection) import Ribcage
import _RibcageAtomics

/// Output: keyframes, segments, and the lines written from records when the session is read,
/// streamed or written.
extension SessionRecorder {
  // MARK: Keyframes and segments

  /// Records a keyframe: every RIB's whole state as the table has it now, stamped with the
  /// time of the event before it (the state it shows is the state after that event; an event
  /// the tree stamped before it was recorded may follow).
  func writeKeyframe() {
    var keyframe = ring.takeKeyframe(count: ribs.liveCount, viewModels: ribs.viewModelCount)
    keyframe.reserveViewModels(ribs.viewModelCount)
    ribs.forEachInPreorder { slot in
      let node = ribs[slot]
      if let viewModel = ribs.viewModel(at: slot) {
        keyframe.viewModels.append((keyframe.ribs.count, viewModel))
      }
      keyframe.ribs.append(
        Keyframe.RIB(
          id: node.id, parent: node.parent >= 0 ? ribs[node.parent].id : 0,
          naming: node.naming, isActive: node.isActive, isLoaded: node.isLoaded,
          hasView: node.hasView))
    }
    if let flags {
      keyframe.flags = flags.effectiveValues
      keyframe.isCoreOnly = flags.isCoreOnly
    }
    keyframe.workflows = runningWorkflows.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    let bytes = keyframe.countedBytes(viewModelTypes: tables.viewModelTypes)
    // A keyframe starts its segment: the one being written holds none yet.
    assert(ring.current.keyframe == nil, "a second keyframe in one segment")
    // The segment holds it: the record needs no payload, its bytes count as the segment's.
    ring.current.keyframe = keyframe
    ring.current.count(payloadBytes: bytes)
    append(
      EventRecord(
        kind: .keyframe, time: seq == 0 ? ribcage_ticks() : lastTicks))
    lastKeyframeBytes = bytes + MemoryLayout<EventRecord>.stride
    updateCheckpoint()
  }

  /// Closes the segment (handing it over first) and starts the next with a keyframe.
  func roll() {
    handOver()
    ring.close(clock: &clock)
    handedOver = 0
    writeKeyframe()
  }

  // MARK: Handing over

  /// Hands what is recorded to the file every 256 events, and to live consumers at the end of
  /// the turn.
  func handOverSoon() {
    if ring.current.records.count - handedOver >= 256 {
      holdThroughCallOut()
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

  /// Writes the lines of the events recorded since the last hand-over, and hands them to the
  /// file and the live consumers: whole lines, in order.
  ///
  /// View models of `Sendable` types are left out of the lines and encoded on a background
  /// queue (``Configuration/encodesInBackground``); the lines are delivered, in order, once they
  /// are in place.
  func handOver() {
    // Not from within itself: a view model's `encode(to:)` that flushes would write the same
    // lines twice.
    guard hasOutlets, !isHandingOver, ring.current.records.count > handedOver else { return }
    isHandingOver = true
    defer { isHandingOver = false }
    let out = JSONLineWriter(capacity: 64 * (ring.current.records.count - handedOver))
    ring.current.normalize(with: &clock)
    if configuration.encodesInBackground { formatter.deferred = [] }
    formatter.write(
      ring.current, handedOver..<ring.current.records.count, tables: &tables, into: out)
    let deferred = formatter.deferred ?? []
    formatter.deferred = nil
    handedOver = ring.current.records.count
    if deferred.isEmpty {
      encoding.handOver(out.bytes)
    } else {
      encoding.encode(
        DeferredLines(
          bytes: out.bytes, viewModels: deferred,
          maximumViewModelBytes: configuration.maximumViewModelBytes))
    }
  }

  /// Hands `lines` to the file and the live consumers.
  func deliver(_ lines: [UInt8]) {
    sink?.append(lines)
    deliverToConsumers(lines)
  }

  func deliverToConsumers(_ lines: [UInt8]) {
    // One a consumer's closure cancelled meanwhile gets no more.
    for consumer in consumers where !consumer.isCancelled { consumer.deliver(lines) }
  }

  /// Hands over what is recorded and delivers it now, waiting for the view models being
  /// encoded in the background.
  func handOverNow() {
    handOver()
    for lines in encoding.drain() { deliver(lines) }
  }

  /// The lines of every record of the current segment.
  private func currentSegmentBytes() -> [UInt8] {
    let out = JSONLineWriter(capacity: 64 * ring.current.records.count)
    ring.current.normalize(with: &clock)
    formatter.write(ring.current, 0..<ring.current.records.count, tables: &tables, into: out)
    return out.bytes
  }

  // MARK: Reading

  /// The session as it is kept in memory: the header, a `dropped` line if the budget dropped
  /// events, then every kept event (starting with a keyframe).
  public func sessionBytes() -> [UInt8] {
    let out = JSONLineWriter(capacity: 4_096)
    out.appendRaw(headerBytes())
    if ring.droppedEvents > 0 {
      out.open()
      out.member("type", literal: "dropped")
      out.member("count", ring.droppedEvents)
      out.member("throughSeq", ring.droppedThroughSeq)
      out.closeLine()
    }
    ring.current.normalize(with: &clock)
    for segment in ring.closed {
      formatter.write(segment, 0..<segment.records.count, tables: &tables, into: out)
    }
    formatter.write(ring.current, 0..<ring.current.records.count, tables: &tables, into: out)
    return out.bytes
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
    handOverNow()
    sink?.flush()
  }

  /// The file's write error, if writing failed (recording in memory goes on).
  public var fileError: String? { sink?.error }

  func headerBytes() -> [UInt8] {
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

  // MARK: Live consumers

  /// Streams the session to `deliver` as it is recorded — what an inspector's connection uses:
  /// first the header and a keyframe of the tree as it is now (a new segment starts with it),
  /// then every event line, handed over at the end of each main-actor turn that recorded some
  /// (sooner every 256 events, and on ``flush()`` and ``stop()``). The bytes delivered,
  /// concatenated, are a complete `ribcage-session` a ``SessionTimeline`` loads.
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
      handOverNow()
      roll()
      handOverNow()
      deliver(headerBytes() + currentSegmentBytes())
    case .retained:
      handOverNow()
      deliver(sessionBytes())
    }
    handedOver = ring.current.records.count
    consumers.append(consumer)
    hasOutlets = true
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

  func remove(_ consumer: SessionConsumer) {
    consumers.removeAll { $0 === consumer }
    hasOutlets = sink != nil || !consumers.isEmpty
  }
}
