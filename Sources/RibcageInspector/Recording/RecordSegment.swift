/// A run of records that starts with a keyframe: the unit the ring drops when the budget is
/// full, so what stays always rebuilds. Its arrays keep their memory when it is emptied and
/// written again: after warm-up, recording an event allocates nothing.
struct RecordSegment {
  var records: [EventRecord] = []
  var payloads: [EventPayload] = []
  /// Bytes its payloads count for (view models at their type's encoded size).
  var payloadBytes = 0
  /// How many of the first records have their times in nanoseconds since the start.
  var normalizedCount = 0

  /// Bytes it counts for in the budget.
  var countedBytes: Int { records.count * MemoryLayout<EventRecord>.stride + payloadBytes }

  init(capacity: Int) {
    records.reserveCapacity(capacity)
  }

  /// Adds `payload`, counted as `bytes`; returns its index.
  mutating func add(_ payload: EventPayload, bytes: Int) -> Int32 {
    payloads.append(payload)
    payloadBytes += bytes + MemoryLayout<EventPayload>.stride
    return Int32(truncatingIfNeeded: payloads.count - 1)
  }

  /// Empties it, keeping its memory.
  mutating func removeAll() {
    records.removeAll(keepingCapacity: true)
    payloads.removeAll(keepingCapacity: true)
    payloadBytes = 0
    normalizedCount = 0
  }

  /// Turns the times of the records not yet normalized from ticks into nanoseconds since the
  /// start, with `clock`'s newest calibration.
  mutating func normalize(with clock: inout EventClock) {
    guard normalizedCount < records.count else { return }
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
}
