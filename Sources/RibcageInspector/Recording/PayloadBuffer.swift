/// A segment's payloads, in memory of its own: adding one is a store and a count, with none of
/// an array's uniqueness and copy-on-write checks. It has room for as many payloads as the
/// segment has for records, so it does not grow (an array doubling midway moved every payload
/// into memory touched for the first time), in a slot of the ring's payload arena when one is
/// free (mapped ahead of its use, like the records').
///
/// A class, like ``RecordBuffer``: a segment swaps buffers when it closes, never copies them.
final class PayloadBuffer {
  // Main-actor state written by every event that has a payload; no access spans a call out.
  @exclusivity(unchecked) private var memory: SlotMemory<EventPayload>
  @exclusivity(unchecked) private(set) var count = 0

  /// A buffer in a slot of `arena` when one is free and large enough, else in memory of its own;
  /// room for `expected` payloads of the next slot is mapped ahead.
  init(capacity: Int, expecting expected: Int = 0, in arena: RecordArena? = nil) {
    memory = SlotMemory(
      capacity: capacity, in: arena,
      mappingAhead: expected * MemoryLayout<EventPayload>.stride)
  }

  deinit {
    memory.base.deinitialize(count: count)
    memory.release()
  }

  var capacity: Int { memory.capacity }

  /// Payload `index` (below ``count``).
  subscript(index: Int) -> EventPayload {
    precondition(index >= 0 && index < count, "payload index out of range")
    return memory.base[index]
  }

  /// Adds `payload`; returns its index.
  @inline(__always)
  func append(_ payload: consuming EventPayload) -> Int32 {
    if count == memory.capacity { memory.grow(keeping: count) }
    (memory.base + count).initialize(to: payload)
    count &+= 1
    return Int32(truncatingIfNeeded: count &- 1)
  }

  /// Empties it, keeping its memory.
  func removeAll() {
    memory.base.deinitialize(count: count)
    count = 0
  }
}
