import Dispatch
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The memory the ring's segments write their records (and, in a second arena, their payloads)
/// in, reserved in one piece when recording starts: a new segment takes a free slot of it, so
/// filling the budget allocates nothing, and what it writes stays in one run of pages instead of
/// being spread over the heap between the app's objects (what kept the Rides soak's memory
/// within its bound).
///
/// Reserved, not touched: a page is mapped when it is first written (or mapped ahead, below). A
/// slot given back (its buffer gone, or grown out of it) has its pages released to the system at
/// once, so what the recorder holds is what its segments hold, whatever it held before, and one
/// slot mapped ahead in each arena. Budgets above
/// ``largestBudget`` get no arena (`Int.max` meaning "unbounded" reserves nothing): their
/// buffers come from the allocator, as do those made when every slot is taken (segments closed
/// early by large payloads).
///
/// Mapping a page costs the writer a fault every few events while the ring first fills (a slot
/// of a thousand records is 12 pages). On Linux, the slot the next segment will take is mapped
/// ahead, on a background queue, while the current one is written (`MADV_POPULATE_WRITE`, which
/// maps pages writable without writing them): as much of it as the segment that just closed
/// wrote (records fill their slots; payloads vary), so the recorder holds about one segment
/// more than it writes in, and the main thread takes no page fault for it.
final class RecordArena {
  /// The largest budget an arena is reserved for.
  static let largestBudget = 1 << 30
  /// Where slots are mapped ahead of their use, for every arena.
  private static let mapping = DispatchQueue(label: "ribcage.record-arena", qos: .utility)

  private let base: UnsafeMutableRawPointer
  private let slotBytes: Int
  /// Elements a slot holds (its bytes rounded up to whole pages).
  let slotCapacity: Int
  let slotCount: Int
  /// Slots never taken start here.
  @exclusivity(unchecked) private var untouched = 0
  /// Slots given back, by index.
  @exclusivity(unchecked) private var returned: [Int] = []

  /// An arena for records, with slots of at least `records` records, enough for `budget` bytes
  /// of records and two segments more (the one being written, the spare); `nil` for a budget
  /// above ``largestBudget``.
  convenience init?(budget: Int, records: Int) {
    guard budget <= Self.largestBudget else { return nil }
    let stride = MemoryLayout<EventRecord>.stride
    let slotBytes = Self.pageRounded(max(records, 1) * stride)
    self.init(slots: budget / slotBytes + 2, of: records, stride: stride)
  }

  /// An arena of `count` slots of at least `elements` elements `stride` bytes apart.
  init(slots count: Int, of elements: Int, stride: Int) {
    slotBytes = Self.pageRounded(max(elements, 1) * stride)
    slotCapacity = slotBytes / stride
    slotCount = count
    base = .allocate(byteCount: slotCount * slotBytes, alignment: Self.pageSize)
  }

  private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  private static func pageRounded(_ bytes: Int) -> Int {
    (bytes + pageSize - 1) / pageSize * pageSize
  }

  deinit {
    // No mapping ahead may touch the memory once it is given back.
    Self.mapping.sync {}
    base.deallocate()
  }

  /// A free slot, or `nil` when every slot is taken; the first `bytesAhead` of the slot it will
  /// give next are mapped ahead of their use (all of them by default).
  func takeSlot(mappingAhead bytesAhead: Int = .max) -> UnsafeMutableRawPointer? {
    let index: Int
    if let given = returned.popLast() {
      index = given
    } else {
      guard untouched < slotCount else { return nil }
      index = untouched
      untouched += 1
    }
    mapNextSlot(bytes: bytesAhead)
    return base + index * slotBytes
  }

  /// `MADV_POPULATE_WRITE` (Linux 5.14), by value: C libraries older than glibc 2.35 do not
  /// name it.
  private static let populateWrite: Int32 = 23

  /// Maps the first `bytes` of the slot ``takeSlot(mappingAhead:)`` will give next, in the
  /// background.
  private func mapNextSlot(bytes: Int) {
    #if canImport(Glibc)
      guard bytes > 0,
        let next = returned.last ?? (untouched < slotCount ? untouched : nil)
      else { return }
      let start = Int(bitPattern: base) + next * slotBytes
      let length = Self.pageRounded(min(bytes, slotBytes))
      Self.mapping.async {
        // Kernels before 5.14 refuse it (the writer then faults as before).
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), length, Self.populateWrite)
      }
    #endif
  }

  /// Waits until every slot asked to be mapped ahead is (for tests).
  static func waitForMappingAhead() { mapping.sync {} }

  /// Takes back `slot`, which ``takeSlot()`` handed out, and releases its pages.
  func returnSlot(_ slot: UnsafeMutableRawPointer) {
    #if canImport(Darwin)
      _ = madvise(slot, slotBytes, MADV_FREE)
    #else
      _ = madvise(slot, slotBytes, Int32(MADV_DONTNEED))
    #endif
    returned.append((slot - base) / slotBytes)
  }
}
