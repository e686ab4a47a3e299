/// A segment's payloads, in memory of its own: adding one is a store and a count, with none of
/// an array's uniqueness and copy-on-write checks. It has room for as many payloads as the
/// segment has for records, so it does not grow (an array doubling midway moved every payload
/// into memory touched for the first time), in a slot of the ring's payload arena when one is
/// free (mapped ahead of its use, like the records').
///
/// A class, like ``RecordBuffer``: a segment swaps buffers when it closes, never copies them.
final class PayloadBuffer {
  // Main-actor state written by every event that has a payload; no access spans a call out.
  @exclusivity(unchecked) private var base: UnsafeMutablePointer<EventPayload>
  @exclusivity(unchecked) private(set) var count = 0
  @exclusivity(unchecked) private(set) var capacity: Int
  /// The arena `base` is a slot of (kept alive while the buffer uses it), `nil` when the
  /// buffer allocated `base` itself.
  @exclusivity(unchecked) private var arena: RecordArena?

  /// A buffer in a slot of `arena` when one is free and large enough, else in memory of its own;
  /// room for `expected` payloads of the next slot is mapped ahead.
  init(capacity: Int, expecting expected: Int = 0, in arena: RecordArena? = nil) {
    if let arena, arena.slotCapacity >= capacity,
      let slot = arena.takeSlot(mappingAhead: expected * MemoryLayout<EventPayload>.stride)
    {
      self.capacity = arena.slotCapacity
      base = slot.bindMemory(to: EventPayload.self, capacity: arena.slotCapacity)
      self.arena = arena
    } else {
      self.capacity = max(capacity, 1)
      base = .allocate(capacity: self.capacity)
    }
  }

  deinit {
    base.deinitialize(count: count)
    release(base)
  }

  /// Gives `memory`, this buffer's, back to the arena or the allocator.
  private func release(_ memory: UnsafeMutablePointer<EventPayload>) {
    if let arena { arena.returnSlot(memory) } else { memory.deallocate() }
  }

  /// Payload `index` (below ``count``).
  subscript(index: Int) -> EventPayload {
    precondition(index >= 0 && index < count, "payload index out of range")
    return base[index]
  }

  /// Adds `payload`; returns its index.
  @inline(__always)
  func append(_ payload: consuming EventPayload) -> Int32 {
    if count == capacity { grow() }
    (base + count).initialize(to: payload)
    count &+= 1
    return Int32(truncatingIfNeeded: count &- 1)
  }

  /// Doubles the memory: a segment holds at most as many payloads as records, which it was
  /// given room for, unless its keyframe is large.
  private func grow() {
    let larger = UnsafeMutablePointer<EventPayload>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: base, count: count)
    release(base)
    arena = nil
    base = larger
    capacity *= 2
  }

  /// Empties it, keeping its memory.
  func removeAll() {
    base.deinitialize(count: count)
    count = 0
  }
}
