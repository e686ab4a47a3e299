/// A run of records that starts with a keyframe: the unit the ring drops when the budget is
/// full, so what stays always rebuilds. Its arrays keep their memory when it is emptied and
/// written again: after warm-up, recording an event allocates nothing.
struct RecordSegment {
  /// Its records; the same buffer for the segment being written all along
  /// (``exchangeContents(with:)`` moves what it holds).
  let records: RecordBuffer
  private(set) var payloads: PayloadBuffer
  /// The chunks its renders' view models are kept in (``EventBits/inPlace``), each once: held
  /// here, so that a chunk is reused only once no segment has a render in it.
  private(set) var chunks: [ViewModelChunk] = []
  /// The keyframe it starts with (its first record's), kept here rather than in `payloads` so
  /// that a payload stays small and an emptied keyframe is reused without an allocation.
  var keyframe: Keyframe?
  /// Bytes its payloads count for (view models at their type's encoded size).
  var payloadBytes = 0
  /// How many of the first records have their times in nanoseconds since the start.
  var normalizedCount = 0
  /// The clock as it was calibrated when the segment closed: records after `normalizedCount`
  /// are converted with it when they are written (converting them all at close would cost
  /// every event a conversion, read or not).
  var closingClock: EventClock?

  /// Bytes it counts for in the budget.
  var countedBytes: Int { records.count * MemoryLayout<EventRecord>.stride + payloadBytes }

  /// Bytes it holds, full or not: what an emptied segment kept for reuse takes.
  var reservedBytes: Int {
    records.capacity * MemoryLayout<EventRecord>.stride
      + payloads.capacity * MemoryLayout<EventPayload>.stride
  }

  /// A segment with room for `capacity` records and as many payloads, in slots of `arenas`
  /// when they have one free; the next segment's payloads are expected to be about
  /// `expectedPayloads` (what the segment before wrote).
  init(capacity: Int, expectedPayloads: Int = 0, in arenas: RecordArenas? = nil) {
    records = RecordBuffer(capacity: capacity, in: arenas?.records)
    // As many payloads as records: the records' buffer may have more room than asked.
    payloads = PayloadBuffer(
      capacity: records.capacity, expecting: expectedPayloads, in: arenas?.payloads)
  }

  /// Swaps everything it holds with `other`, each keeping its own ``records`` buffer.
  mutating func exchangeContents(with other: inout RecordSegment) {
    records.exchangeStorage(with: other.records)
    swap(&payloads, &other.payloads)
    swap(&keyframe, &other.keyframe)
    swap(&payloadBytes, &other.payloadBytes)
    swap(&chunks, &other.chunks)
    swap(&normalizedCount, &other.normalizedCount)
    swap(&closingClock, &other.closingClock)
  }

  /// Holds `chunk`, which a render of this segment, the one numbered `serial`, is kept in;
  /// returns the bytes that takes (a pointer, the first time), for the caller to count.
  @inline(__always)
  mutating func hold(_ chunk: Unmanaged<ViewModelChunk>, serial: Int) -> Int {
    let isHeld = chunk._withUnsafeGuaranteedRef { $0.heldBySegment == serial }
    guard !isHeld else { return 0 }
    let held = chunk.takeUnretainedValue()
    held.heldBySegment = serial
    chunks.append(held)
    return MemoryLayout<ViewModelChunk>.stride
  }

  /// Counts `bytes` more with its payloads': what a record holds beside it without a payload
  /// (a render kept in place: its view model; the keyframe it starts with).
  @inline(__always)
  mutating func count(payloadBytes bytes: Int) {
    payloadBytes += bytes
  }

  /// Adds `payload`, counted as `bytes`; returns its index.
  @inline(__always)
  mutating func add(_ payload: consuming EventPayload, bytes: Int) -> Int32 {
    payloadBytes += bytes + MemoryLayout<EventPayload>.stride
    return payloads.append(payload)
  }

  /// Empties it, keeping its memory; returns the keyframe it starts with, emptied, for a next
  /// keyframe to reuse (a new one would be a large allocation each segment, and each makes the
  /// allocator consolidate its free lists).
  mutating func removeAll() -> Keyframe? {
    var keyframe = self.keyframe.take()
    records.removeAll()
    payloads.removeAll()
    chunks.removeAll(keepingCapacity: true)
    keyframe?.removeAll()
    payloadBytes = 0
    normalizedCount = 0
    closingClock = nil
    return keyframe
  }

  /// Turns the times of the records not yet normalized from ticks into nanoseconds since the
  /// start, with `clock`'s newest calibration.
  mutating func normalize(with clock: inout EventClock) {
    guard normalizedCount < records.count, closingClock == nil else { return }
    clock.calibrate()
    records.withUnsafeMutableBufferPointer { records in
      for index in normalizedCount..<records.count {
        records[index].time = clock.nanoseconds(atTicks: records[index].time)
        if records[index].kind == .hook {
          records[index].other = clock.nanoseconds(ofTicks: records[index].other)
        }
      }
    }
    normalizedCount = records.count
  }

  /// Closes the segment: what is not yet normalized will be converted with the clock as
  /// calibrated now.
  mutating func close(with clock: inout EventClock) {
    guard normalizedCount < records.count else { return }
    clock.calibrate()
    closingClock = clock
  }

  /// Record `index`, its times in nanoseconds since the start.
  func normalized(_ index: Int) -> EventRecord {
    var record = records[index]
    if index >= normalizedCount, let clock = closingClock {
      record.time = clock.nanoseconds(atTicks: record.time)
      if record.kind == .hook { record.other = clock.nanoseconds(ofTicks: record.other) }
    }
    return record
  }
}
