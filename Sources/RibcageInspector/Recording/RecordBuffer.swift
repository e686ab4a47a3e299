/// A segment's records, in a slot of the ring's arena or memory of its own: appending one is a
/// store and a count, with none of an array's uniqueness and copy-on-write checks (a fifth of an
/// event's cost).
///
/// A class so that the recorder can hold the buffer it writes in a `let` (read without
/// reference counting); when a segment closes, the buffers' memory is exchanged, not the
/// buffers (``exchangeStorage(with:)``). Records are plain numbers, so nothing is deinitialized.
final class RecordBuffer {
  // Main-actor state written by every event; no access spans a call out (the run-time
  // exclusivity checks would cost more than the append).
  @exclusivity(unchecked) private var memory: SlotMemory<EventRecord>
  @exclusivity(unchecked) private(set) var count = 0
  /// The sequence number of the first record: the others follow in a row.
  @exclusivity(unchecked) private(set) var firstSeq: UInt64 = 0

  /// A buffer in a slot of `arena` when one is free and large enough, else in memory of its own.
  init(capacity: Int, in arena: RecordArena? = nil) {
    memory = SlotMemory(capacity: capacity, in: arena, mappingAhead: .max)
  }

  deinit {
    memory.release()
  }

  var capacity: Int { memory.capacity }

  var isEmpty: Bool { count == 0 }
  /// The sequence number of the last record, if any.
  var lastSeq: UInt64? { count > 0 ? firstSeq &+ UInt64(count - 1) : nil }

  /// Record `index` (below ``count``).
  subscript(index: Int) -> EventRecord {
    precondition(index >= 0 && index < count, "record index out of range")
    return memory.base[index]
  }

  /// Appends `record`, numbered `seq`: the number after the last record's, or any, first.
  @inline(__always)
  func append(_ record: EventRecord, seq: UInt64) {
    if count == 0 { firstSeq = seq }
    if count == memory.capacity { memory.grow(keeping: count) }
    (memory.base + count).initialize(to: record)
    count &+= 1
  }

  /// Empties it, keeping its memory.
  func removeAll() {
    count = 0
  }

  /// Swaps memory and records with `other`.
  func exchangeStorage(with other: RecordBuffer) {
    swap(&memory, &other.memory)
    swap(&count, &other.count)
    swap(&firstSeq, &other.firstSeq)
  }

  /// Calls `body` with the records, to change them in place.
  func withUnsafeMutableBufferPointer<Result>(
    _ body: (UnsafeMutableBufferPointer<EventRecord>) -> Result
  ) -> Result {
    body(UnsafeMutableBufferPointer(start: memory.base, count: count))
  }
}
