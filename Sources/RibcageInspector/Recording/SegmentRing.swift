/// The recorder's memory: encoded event lines in segments, each starting with a keyframe, the
/// oldest dropped first when the byte budget is full. Dropping whole segments keeps what stays
/// rebuildable: the first line kept is always a keyframe.
///
/// A closed segment keeps the writer it was written in, and a dropped segment's writer is
/// emptied and written again: after warm-up, recording allocates no memory for its bytes.
struct SegmentRing {
  struct Segment {
    var writer: JSONLineWriter
    var firstSeq: UInt64
    var eventCount: Int
  }

  /// Closed segments, oldest first (a plain array: there are a few dozen at most).
  private(set) var closed: [Segment] = []
  /// The segment being written (always the same writer).
  let current: JSONLineWriter
  private(set) var currentFirstSeq: UInt64 = 0
  private(set) var currentEventCount = 0
  /// Bytes in `closed`.
  private(set) var closedBytes = 0
  /// Events dropped so far, and the last sequence number dropped.
  private(set) var droppedEvents: UInt64 = 0
  private(set) var droppedThroughSeq: UInt64 = 0
  /// An emptied writer of a dropped segment, to write the next segment in.
  private var spare: JSONLineWriter?
  let budget: Int

  init(budget: Int) {
    self.budget = budget
    current = JSONLineWriter(capacity: min(budget / 8, 64 * 1024))
  }

  var totalBytes: Int { closedBytes + current.count }

  /// A line was appended to ``current``.
  mutating func counted(seq: UInt64) {
    if currentEventCount == 0 { currentFirstSeq = seq }
    currentEventCount += 1
  }

  /// Closes the current segment, continues in a new one, and drops the
  /// oldest closed segments until the rest fits the budget.
  mutating func close() {
    guard currentEventCount > 0 else { return }
    // The bytes move to the segment's writer (a spare one's memory comes back): `current`
    // stays the same object, which the recorder holds as a constant.
    let segment = spare ?? JSONLineWriter(capacity: min(current.count, budget / 8))
    spare = nil
    segment.swapStorage(with: current)
    current.removeAll()
    closed.append(
      Segment(writer: segment, firstSeq: currentFirstSeq, eventCount: currentEventCount))
    closedBytes += segment.count
    currentEventCount = 0
    while closedBytes + current.count > budget, !closed.isEmpty {
      let oldest = closed.removeFirst()
      closedBytes -= oldest.writer.count
      droppedEvents += UInt64(oldest.eventCount)
      droppedThroughSeq = oldest.firstSeq + UInt64(oldest.eventCount) - 1
      oldest.writer.removeAll()
      spare = oldest.writer
    }
  }

  /// Every kept byte, oldest first.
  func forEachChunk(_ body: ([UInt8]) -> Void) {
    for segment in closed { body(segment.writer.bytes) }
    if current.count > 0 { body(current.bytes) }
  }
}
