/// The recorder's memory: records in segments, each starting with a keyframe, the oldest
/// segment dropped whole when the byte budget is full, so the first record kept is always a
/// keyframe and what is kept always rebuilds.
///
/// A dropped segment is emptied and written again (its arrays keep their memory): after
/// warm-up, recording allocates nothing. What the budget counts is each record's fixed size,
/// each payload slot, each chunk a segment holds (a pointer), each keyframe's room, and each
/// view model at its type's encoded size (sampled): not the chunks' own memory.
struct RecordRing {
  /// Closed segments from `head` on, oldest first (a budget of 32 MB holds hundreds: dropping
  /// the oldest moves `head`, and the array is compacted now and then).
  private var segments: [RecordSegment] = []
  private var head = 0
  /// The segment being written.
  var current: RecordSegment
  /// Emptied segments, to write the next ones in, and dropped keyframes, emptied, for the next
  /// keyframes (``takeKeyframe(count:viewModels:)``): at most ``maximumSpares`` each. One close
  /// can drop two segments and the next none, several times in a row (keyframes differ in size):
  /// with a single spare, the second was freed and a segment allocated again a close later.
  private var spares: [RecordSegment] = []
  private var spareKeyframes: [Keyframe] = []
  static let maximumSpares = 4
  /// Bytes the spares hold: beyond one spare segment and one spare keyframe, at most an eighth
  /// of the budget (what one segment may count), the memory a recorder states it may use beyond
  /// its budget for them.
  private var spareBytes = 0
  /// Segments and keyframes made rather than reused: once the ring is full, they stop growing
  /// (recording allocates nothing).
  private(set) var segmentsMade = 1
  private(set) var keyframesMade = 0
  /// Segments closed so far.
  private(set) var closes = 0
  /// Bytes `closed` counts for.
  private(set) var closedBytes = 0
  /// Events dropped so far, and the last sequence number dropped.
  private(set) var droppedEvents: UInt64 = 0
  private(set) var droppedThroughSeq: UInt64 = 0
  let budget: Int
  /// Records a segment holds before it is closed at the latest (its memory is reserved).
  let segmentCapacity: Int
  /// Where segments' records and payloads are written (none for a budget too large to reserve).
  private let arenas: RecordArenas?

  /// What a dropped segment's place holds until the array is compacted: one empty segment
  /// shared by every place (only ever swapped in, never written).
  nonisolated(unsafe) private static let droppedSegment = RecordSegment(capacity: 0)

  init(budget: Int, segmentBytes: Int, keyframeInterval: Int) {
    self.budget = budget
    // A segment closes after `keyframeInterval` events once it outweighs its keyframe, and
    // at `segmentBytes` at the latest: reserve for the usual case, grow for the other.
    let limit = max(16, segmentBytes / MemoryLayout<EventRecord>.stride + 1)
    segmentCapacity = min(limit, keyframeInterval + 16)
    arenas = RecordArenas(budget: budget, records: segmentCapacity)
    current = RecordSegment(capacity: segmentCapacity, in: arenas)
  }

  /// Closed segments, oldest first.
  var closed: ArraySlice<RecordSegment> { segments[head...] }

  /// Bytes kept now (at most about the budget).
  var totalBytes: Int { closedBytes + current.countedBytes }

  /// Closes the current segment (its times to be converted with the clock as it is now),
  /// continues in an empty one, and drops the oldest closed segments until the rest fits the
  /// budget.
  mutating func close(clock: inout EventClock) {
    guard !current.records.isEmpty else { return }
    closes += 1
    current.close(with: &clock)
    // The current segment keeps its buffer (the recorder writes to it): what it holds moves.
    var segment: RecordSegment
    if let spare = spares.popLast() {
      spareBytes -= spare.reservedBytes
      segment = spare
    } else {
      segment = RecordSegment(
        capacity: segmentCapacity, expectedPayloads: current.payloads.count, in: arenas)
      segmentsMade += 1
    }
    current.exchangeContents(with: &segment)
    closedBytes += segment.countedBytes
    segments.append(segment)
    while closedBytes + current.countedBytes > budget, head < segments.count {
      var oldest = Self.droppedSegment
      swap(&oldest, &segments[head])
      head += 1
      closedBytes -= oldest.countedBytes
      droppedEvents += UInt64(oldest.records.count)
      droppedThroughSeq = oldest.records.lastSeq ?? droppedThroughSeq
      let keyframe = oldest.removeAll()
      if spares.isEmpty || spares.count < Self.maximumSpares && canKeep(oldest.reservedBytes) {
        spareBytes += oldest.reservedBytes
        spares.append(oldest)
      }
      if let keyframe { keepSpare(keyframe) }
    }
    if head >= 32, head * 2 >= segments.count {
      segments.removeFirst(head)
      head = 0
    }
  }

  /// Whether spares may hold `bytes` more.
  private func canKeep(_ bytes: Int) -> Bool { spareBytes + bytes <= budget / 8 }

  /// Keeps `keyframe` for a next keyframe; when there are enough, keeps the ones with the most
  /// room (a small one fits fewer trees).
  private mutating func keepSpare(_ keyframe: Keyframe) {
    let bytes = keyframe.reservedBytes
    if spareKeyframes.count < Self.maximumSpares {
      guard spareKeyframes.isEmpty || canKeep(bytes) else { return }
      spareBytes += bytes
      spareKeyframes.append(keyframe)
      return
    }
    var smallest = 0
    for index in spareKeyframes.indices
    where spareKeyframes[index].room < spareKeyframes[smallest].room {
      smallest = index
    }
    let replaced = spareKeyframes[smallest].reservedBytes
    guard spareKeyframes[smallest].room < keyframe.room, canKeep(bytes - replaced) else { return }
    spareBytes += bytes - replaced
    spareKeyframes[smallest] = keyframe
  }

  /// An empty keyframe with room for `count` entries and `viewModels` view models: the dropped
  /// one with the least room enough, not more than four times what is needed (what the budget
  /// counts for a keyframe is its room: one left over from a far larger tree would crowd events
  /// out); else a new one, with half as much room again, so that keyframes of a tree that grows
  /// and shrinks reuse the dropped ones.
  mutating func takeKeyframe(count: Int, viewModels: Int) -> Keyframe {
    var best: Int?
    for (index, keyframe) in spareKeyframes.enumerated() {
      let room = keyframe.room
      guard room >= count, room <= 4 * count + 64,
        keyframe.viewModelRoom <= 4 * viewModels + 64
      else { continue }
      if best.map({ room < spareKeyframes[$0].room }) ?? true { best = index }
    }
    if let best {
      spareBytes -= spareKeyframes[best].reservedBytes
      return spareKeyframes.remove(at: best)
    }
    keyframesMade += 1
    return Keyframe(room: count + count / 2 + 8)
  }
}
