/// The memory a ring's segments write their records in, reserved in one piece when recording
/// starts: a segment takes the next free slot of it, so filling the budget allocates nothing.
///
/// Without it, each new segment was an allocation of about 48 KB while the ring filled, and
/// each such allocation made the allocator consolidate the small blocks the app frees: on
/// `recorder-tree` that cost a recorded RIB about a tenth of what recording it costs. The
/// memory is reserved, not touched: pages are mapped as records are written in them, as they
/// were before.
///
/// A slot is handed back when its buffer goes or outgrows it. When every slot is taken
/// (segments closed early by large payloads) or a segment outgrows its slot, buffers come from
/// the allocator as before.
final class RecordArena {
  private let base: UnsafeMutablePointer<EventRecord>
  /// Records a slot holds.
  let slotCapacity: Int
  private let slotCount: Int
  /// Slots never taken start here.
  @exclusivity(unchecked) private var untouched = 0
  /// Slots handed back, by index.
  @exclusivity(unchecked) private var returned: [Int] = []

  /// An arena of slots of `slotCapacity` records, enough for `budget` bytes of records and
  /// two segments more (the one being written, and the one dropped last).
  init(budget: Int, slotCapacity: Int) {
    self.slotCapacity = max(slotCapacity, 1)
    let slotBytes = self.slotCapacity * MemoryLayout<EventRecord>.stride
    slotCount = budget / slotBytes + 2
    base = .allocate(capacity: slotCount * self.slotCapacity)
  }

  deinit {
    base.deallocate()
  }

  /// A free slot, or `nil` when every slot is taken.
  func takeSlot() -> UnsafeMutablePointer<EventRecord>? {
    if let slot = returned.popLast() { return base + slot * slotCapacity }
    guard untouched < slotCount else { return nil }
    untouched += 1
    return base + (untouched - 1) * slotCapacity
  }

  /// Takes back `slot`, which ``takeSlot()`` handed out.
  func returnSlot(_ slot: UnsafeMutablePointer<EventRecord>) {
    returned.append((slot - base) / slotCapacity)
  }
}
