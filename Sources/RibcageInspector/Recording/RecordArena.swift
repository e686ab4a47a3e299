import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The memory the ring's segments write their records in, reserved in one piece when recording
/// starts: a new segment takes a free slot of it, so filling the budget allocates nothing, and
/// the records stay in one run of pages instead of being spread over the heap between the app's
/// objects (what kept the Rides soak's memory within its bound).
///
/// Reserved, not touched: a page is mapped when a record is first written in it. A slot given
/// back (its buffer gone, or grown out of it) has its pages released to the system at once, so
/// what the recorder holds is what its segments hold, whatever it held before. Budgets above
/// ``largestBudget`` get no arena (`Int.max` meaning "unbounded" reserves nothing): their
/// buffers come from the allocator, as do those made when every slot is taken (segments closed
/// early by large payloads).
final class RecordArena {
  /// The largest budget an arena is reserved for.
  static let largestBudget = 1 << 30

  private let base: UnsafeMutableRawPointer
  private let slotBytes: Int
  /// Records a slot holds (its bytes rounded up to whole pages).
  let slotCapacity: Int
  private let slotCount: Int
  /// Slots never taken start here.
  @exclusivity(unchecked) private var untouched = 0
  /// Slots given back, by index.
  @exclusivity(unchecked) private var returned: [Int] = []

  /// An arena with slots of at least `records` records, enough for `budget` bytes of records
  /// and two segments more (the one being written, the spare); `nil` for a budget above
  /// ``largestBudget``.
  init?(budget: Int, records: Int) {
    guard budget <= Self.largestBudget else { return nil }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let stride = MemoryLayout<EventRecord>.stride
    slotBytes = (max(records, 1) * stride + page - 1) / page * page
    slotCapacity = slotBytes / stride
    slotCount = budget / slotBytes + 2
    base = .allocate(byteCount: slotCount * slotBytes, alignment: page)
  }

  deinit {
    base.deallocate()
  }

  /// A free slot, or `nil` when every slot is taken.
  func takeSlot() -> UnsafeMutablePointer<EventRecord>? {
    let index: Int
    if let given = returned.popLast() {
      index = given
    } else {
      guard untouched < slotCount else { return nil }
      index = untouched
      untouched += 1
    }
    return (base + index * slotBytes).bindMemory(to: EventRecord.self, capacity: slotCapacity)
  }

  /// Takes back `slot`, which ``takeSlot()`` handed out, and releases its pages.
  func returnSlot(_ slot: UnsafeMutablePointer<EventRecord>) {
    let start = UnsafeMutableRawPointer(slot)
    #if canImport(Darwin)
      _ = madvise(start, slotBytes, MADV_FREE)
    #else
      _ = madvise(start, slotBytes, Int32(MADV_DONTNEED))
    #endif
    returned.append((start - base) / slotBytes)
  }
}
