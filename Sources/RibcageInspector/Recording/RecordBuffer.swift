/// A segment's records, in memory it allocates itself: appending one is a store and a count,
/// with none of an array's uniqueness and copy-on-write checks (a fifth of an event's cost).
///
/// A class so that the recorder can hold the buffer it writes in a `let` (read without
/// reference counting); when a segment closes, the buffers' memory is exchanged, not the
/// buffers (``exchangeStorage(with:)``). Records are plain numbers, so nothing is deinitialized.
final class RecordBuffer {
  // Main-actor state written by every event; no access spans a call out (the run-time
  // exclusivity checks would cost more than the append).
  @exclusivity(unchecked) private var base: UnsafeMutablePointer<EventRecord>
  @exclusivity(unchecked) private(set) var count = 0
  @exclusivity(unchecked) private(set) var capacity: Int
  /// The sequence number of the first record: the others follow in a row.
  @exclusivity(unchecked) private(set) var firstSeq: UInt64 = 0
  /// The arena `base` is a slot of (kept alive while the buffer uses it), `nil` when the
  /// buffer allocated `base` itself.
  @exclusivity(unchecked) private var arena: RecordArena?

  /// A buffer in a slot of `arena` when one is free and large enough, else in memory of its own.
  init(capacity: Int, in arena: RecordArena? = nil) {
    if let arena, arena.slotCapacity >= capacity, let slot = arena.takeSlot() {
      self.capacity = arena.slotCapacity
      base = slot.bindMemory(to: EventRecord.self, capacity: arena.slotCapacity)
      self.arena = arena
    } else {
      self.capacity = max(capacity, 1)
      base = .allocate(capacity: self.capacity)
    }
  }

  deinit {
    release(base)
  }

  /// Gives `memory`, this buffer's, back to the arena or the allocator.
  private func release(_ memory: UnsafeMutablePointer<EventRecord>) {
    if let arena { arena.returnSlot(memory) } else { memory.deallocate() }
  }

  var isEmpty: Bool { count == 0 }
  /// The sequence number of the last record, if any.
  var lastSeq: UInt64? { count > 0 ? firstSeq &+ UInt64(count - 1) : nil }

  /// Record `index` (below ``count``).
  subscript(index: Int) -> EventRecord {
    precondition(index >= 0 && index < count, "record index out of range")
    return base[index]
  }

  /// Appends `record`, numbered `seq`: the number after the last record's, or any, first.
  @inline(__always)
  func append(_ record: EventRecord, seq: UInt64) {
    if count == 0 { firstSeq = seq }
    if count == capacity { grow() }
    (base + count).initialize(to: record)
    count &+= 1
  }

  /// Doubles the memory: a segment closes after about ``capacity`` records unless its keyframe
  /// is large, so this is rare.
  private func grow() {
    let larger = UnsafeMutablePointer<EventRecord>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: base, count: count)
    release(base)
    arena = nil
    base = larger
    capacity *= 2
  }

  /// Empties it, keeping its memory.
  func removeAll() {
    count = 0
  }

  /// Swaps memory and records with `other`.
  func exchangeStorage(with other: RecordBuffer) {
    swap(&base, &other.base)
    swap(&count, &other.count)
    swap(&capacity, &other.capacity)
    swap(&firstSeq, &other.firstSeq)
    swap(&arena, &other.arena)
  }

  /// Calls `body` with the records, to change them in place.
  func withUnsafeMutableBufferPointer<Result>(
    _ body: (UnsafeMutableBufferPointer<EventRecord>) -> Result
  ) -> Result {
    body(UnsafeMutableBufferPointer(start: base, count: count))
  }
}
