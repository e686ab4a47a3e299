/// The memory a ``RecordBuffer`` or a ``PayloadBuffer`` writes its elements in: a slot of an
/// arena when one is free and large enough, else an allocation of its own.
struct SlotMemory<Element> {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var capacity: Int
  /// The arena `base` is a slot of (kept alive while the memory is used), `nil` when `base` was
  /// allocated.
  private var arena: RecordArena?

  /// Room for `capacity` elements, in a slot of `arena` when one is free and large enough; the
  /// first `bytesAhead` of the slot the arena will give next are mapped ahead.
  init(capacity: Int, in arena: RecordArena?, mappingAhead bytesAhead: Int) {
    if let arena, arena.slotCapacity >= capacity,
      let slot = arena.takeSlot(mappingAhead: bytesAhead)
    {
      self.capacity = arena.slotCapacity
      base = slot.bindMemory(to: Element.self, capacity: arena.slotCapacity)
      self.arena = arena
    } else {
      self.capacity = max(capacity, 1)
      base = .allocate(capacity: self.capacity)
    }
  }

  /// Gives the memory back to the arena or the allocator (its elements deinitialized first).
  func release() {
    if let arena { arena.returnSlot(base) } else { base.deallocate() }
  }

  /// Doubles the room, moving the first `count` elements into memory of its own.
  mutating func grow(keeping count: Int) {
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: base, count: count)
    release()
    arena = nil
    base = larger
    capacity *= 2
  }
}
