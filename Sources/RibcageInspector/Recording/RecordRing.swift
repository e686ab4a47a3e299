/// The recorder's memory: records in segments, each starting with a keyframe, the oldest
/// segment dropped whole when the byte budget is full, so the first record kept is always a
/// keyframe and what is kept always rebuilds.
///
/// A dropped segment is emptied and written again (its arrays keep their memory): after
/// warm-up, recording allocates nothing. What the budget counts is exact: each record's fixed
/// size, each payload slot, and each view model at its type's encoded size (sampled).
struct RecordRing {
  /// Closed segments from `head` on, oldest first (a budget of 32 MB holds hundreds: dropping
  /// the oldest moves `head`, and the array is compacted now and then).
  private var segments: [RecordSegment] = []
  private var head = 0
  /// The segment being written.
  var current: RecordSegment
  /// An emptied segment, to write the next one in.
  private var spare: RecordSegment?
  /// A dropped keyframe's entries array, emptied, for the next keyframe
  /// (``takeKeyframeEntries()``).
  private var spareKeyframeEntries: [Keyframe.RIB] = []
  /// Bytes `closed` counts for.
  private(set) var closedBytes = 0
  /// Events dropped so far, and the last sequence number dropped.
  private(set) var droppedEvents: UInt64 = 0
  private(set) var droppedThroughSeq: UInt64 = 0
  let budget: Int
  /// Records a segment holds before it is closed at the latest (its memory is reserved).
  let segmentCapacity: Int

  /// What a dropped segment's place holds until the array is compacted: one empty segment
  /// shared by every place (only ever swapped in, never written).
  nonisolated(unsafe) private static let droppedSegment = RecordSegment(capacity: 0)

  init(budget: Int, segmentBytes: Int, keyframeInterval: Int) {
    self.budget = budget
    // A segment closes after `keyframeInterval` events once it outweighs its keyframe, and
    // at `segmentBytes` at the latest: reserve for the usual case, grow for the other.
    let limit = max(16, segmentBytes / MemoryLayout<EventRecord>.stride + 1)
    segmentCapacity = min(limit, keyframeInterval + 16)
    current = RecordSegment(capacity: segmentCapacity)
  }

  /// Closed segments, oldest first.
  var closed: ArraySlice<RecordSegment> { segments[head...] }

  /// Bytes kept now (at most about the budget).
  var totalBytes: Int { closedBytes + current.countedBytes }

  /// Closes the current segment (its times to be converted with the clock as it is now), continues in an empty one, and drops
  /// the oldest closed segments until the rest fits the budget.
  mutating func close(clock: inout EventClock) {
    guard !current.records.isEmpty else { return }
    current.close(with: &clock)
    // The current segment keeps its buffer (the recorder writes to it): what it holds moves.
    // A new one gets room for as many payloads as this one has: segments of a run are alike,
    // and growing the array a payload at a time moves them all each time it doubles.
    var segment =
      spare ?? RecordSegment(capacity: segmentCapacity, payloadCapacity: current.payloads.count)
    spare = nil
    current.exchangeContents(with: &segment)
    closedBytes += segment.countedBytes
    segments.append(segment)
    while closedBytes + current.countedBytes > budget, head < segments.count {
      var oldest = Self.droppedSegment
      swap(&oldest, &segments[head])
      head += 1
      closedBytes -= oldest.countedBytes
      droppedEvents += UInt64(oldest.records.count)
      droppedThroughSeq = oldest.records.last?.seq ?? droppedThroughSeq
      spareKeyframeEntries = oldest.removeAll()
      spare = oldest
    }
    if head >= 32, head * 2 >= segments.count {
      segments.removeFirst(head)
      head = 0
    }
  }

  /// An empty array for a keyframe's entries: a dropped keyframe's, whose memory it keeps,
  /// when there is one.
  mutating func takeKeyframeEntries() -> [Keyframe.RIB] {
    var entries: [Keyframe.RIB] = []
    swap(&entries, &spareKeyframeEntries)
    return entries
  }
}
