import Foundation
@_spi(RibcageInspection) import Ribcage
import RibcageTesting
import Testing

@testable import RibcageInspector

/// The ring's memory: once the budget is full, segments and keyframes are reused, whatever the
/// tree's size does between keyframes, and what is kept for reuse stays within its bound;
/// segments' records are written in the arena reserved when recording starts, and a slot goes
/// back to it, its pages released, when its buffer goes or outgrows it.
@MainActor
@Suite("SessionRecorder's ring: memory reused once full", .timeLimit(.minutes(5)))
struct RecordRingTests {
  /// A ring keeps a record for every event and a payload for some: their sizes are memory the
  /// budget counts and bytes every event writes. (A payload was 96 bytes: a plugin event's
  /// strings inline; a record 48, with its sequence number.)
  @Test("a record is five words, a payload three at most, a kept view model two")
  func payloadsAreSmall() {
    #expect(MemoryLayout<EventRecord>.stride <= 40)
    #expect(MemoryLayout<EventPayload>.stride <= 24)
    #expect(MemoryLayout<KeptViewModel>.stride <= 16)
  }

  /// A boxed payload's box is memory the recorder keeps: the budget counts it.
  @Test("a boxed payload counts its box")
  func boxedPayloadsCountTheirBox() {
    let app = RecordedApp()
    let recorder = SessionRecorder(app.root)
    let before = recorder.retainedBytes
    recorder.recordPlugin(PluginEvent(point: "p", plugin: "q", kind: .attached, flag: "f"))
    #expect(
      recorder.retainedBytes - before
        >= MemoryLayout<EventRecord>.stride + MemoryLayout<EventPayload>.stride
        + MemoryLayout<PluginEvent>.stride)
    recorder.stop()
  }

  @Test(
    "a tree growing and shrinking at random: a full ring reuses its segments and keyframes",
    arguments: [3, 19, 40])
  func fullRingReusesItsMemory(seed: UInt64) throws {
    let app = RecordedApp()
    let recorder = try SessionRecorder(
      app.root, configuration: .init(byteBudget: 256 * 1024, keyframeInterval: 40))
    app.launch()
    var generator = SeededRandomNumberGenerator(seed: seed)
    var made: (segments: Int, keyframes: Int, closes: Int)?
    do {
      for round in 0..<1_500 {
        // A subtree of 0 to 40 RIBs, so that keyframes differ in size from one to the next:
        // a close drops two segments as often as none.
        let signedIn = SignedInRouter()
        app.root.attachChild(signedIn)
        for _ in 0..<Int(generator.next() % 41) { signedIn.attachChild(FeedRouter()) }
        app.root.detachChild(signedIn)
        if round == 500 {
          #expect(recorder.droppedEventCount > 0, "the ring is full")
          made = (recorder.ring.segmentsMade, recorder.ring.keyframesMade, recorder.ring.closes)
        }
      }
    }
    #expect(recorder.ring.segmentsMade == made?.segments)
    // A keyframe is made only when every dropped one is too small for the tree: the largest
    // trees come while the largest keyframes are all in the ring. One close in a hundred at most.
    let closes = recorder.ring.closes - (made?.closes ?? 0)
    #expect(closes > 1_000)
    #expect(recorder.ring.keyframesMade - (made?.keyframes ?? 0) <= closes / 100)
    // At most the budget and what the segment being written counts beyond it.
    #expect(recorder.retainedBytes <= 256 * 1024 + 256 * 1024 / 8)
    #expect(app.detector.sweep().isEmpty)
  }

  /// A keyframe reused from a tree of rendering RIBs for a tree of plain ones, or the other way,
  /// counts all the memory it holds: its entries' room and its view models' room, whatever the
  /// arrays were left with.
  @Test("every kept keyframe counts the memory it holds")
  func keyframesCountWhatTheyHold() throws {
    let app = RecordedApp()
    let service = CartService()
    let scheduler = ManualRenderScheduler()
    let recorder = try SessionRecorder(
      app.root, configuration: .init(byteBudget: 512 * 1024, keyframeInterval: 24))
    app.launch()
    do {
      for round in 0..<60 {
        let group = SignedInRouter()
        app.root.attachChild(group)
        for _ in 0..<(round % 20 < 10 ? 80 : 8) {
          if round % 20 < 10 {
            group.attachChild(CartViewRouter(service: service, scheduler: scheduler))
          } else {
            group.attachChild(FeedRouter())
          }
        }
        service.add("tea", price: round)
        scheduler.flush()
        for _ in 0..<40 { group.attachChild(CheckoutRouter()) }
        app.root.detachChild(group)
      }
    }
    #expect(recorder.droppedEventCount > 0, "the ring is full")
    let keyframes = recorder.ring.closed.compactMap(\.keyframe)
    #expect(keyframes.count > 10)
    for keyframe in keyframes {
      let held =
        keyframe.ribs.capacity * MemoryLayout<Keyframe.RIB>.stride
        + keyframe.viewModels.capacity
        * MemoryLayout<(rib: Int, viewModel: Keyframe.RenderedViewModel)>.stride
      // The allocator may round an array up by a few elements.
      let counted = keyframe.countedBytes(viewModelTypes: recorder.tables.viewModelTypes)
      #expect(held <= counted + 256, "holds \(held), counted \(counted)")
    }
    #expect(app.detector.sweep().isEmpty)
  }

  /// A budget meant as "unbounded" reserves nothing up front: memory is taken a segment at a
  /// time, as it is written.
  @Test("the largest budget starts and records")
  func largestBudget() throws {
    let app = RecordedApp()
    let recorder = try SessionRecorder(app.root, configuration: .init(byteBudget: .max))
    app.launch()
    do {
      let feed = FeedRouter()
      app.root.attachChild(feed)
      app.root.detachChild(feed)
    }
    #expect(recorder.eventCount > 2)
    #expect(recorder.retainedBytes < 1 << 20)
    #expect(app.detector.sweep().isEmpty)
  }

  @Test("the arena hands each slot out once until it is given back, and releases its pages")
  func arenaSlots() throws {
    let arena = try #require(RecordArena(budget: 64 * 1024, records: 100))
    #expect(arena.slotCapacity >= 100)
    var slots: [UnsafeMutableRawPointer] = []
    while let slot = arena.takeSlot() { slots.append(slot) }
    let slotBytes = arena.slotCapacity * MemoryLayout<EventRecord>.stride
    #expect(slots.count == 64 * 1024 / slotBytes + 2)
    #expect(Set(slots).count == slots.count)
    slots[1].initializeMemory(as: EventRecord.self, to: EventRecord(kind: .mark, time: 7))
    arena.returnSlot(slots[1])
    let again = try #require(arena.takeSlot())
    #expect(again == slots[1])
    #if os(Linux)
      // Given back, its pages went back to the system: they read as new, zeroed memory.
      #expect(again.load(as: EventRecord.self).time == 0)
    #endif
    #expect(arena.takeSlot() == nil)
    #expect(RecordArena(budget: .max, records: 100) == nil)
  }

  @Test("a buffer gives its slot back when it goes, and when it outgrows it")
  func buffersGiveSlotsBack() throws {
    let arena = try #require(RecordArena(budget: 1, records: 4))
    do {
      let first = RecordBuffer(capacity: 4, in: arena)
      let second = RecordBuffer(capacity: 4, in: arena)
      #expect(arena.takeSlot() == nil, "two slots: the budget holds none")
      let records = arena.slotCapacity * 2 + 1
      for seq in 1...records {
        second.append(EventRecord(kind: .mark, time: UInt64(seq)), seq: UInt64(seq) + 100)
      }
      #expect(second.count == records)
      #expect(second[records - 1].time == UInt64(records))
      #expect(second.firstSeq == 101)
      #expect(second.lastSeq == UInt64(records) + 100)
      // `second` grew out of its slot: a new buffer takes it.
      let third = RecordBuffer(capacity: 4, in: arena)
      #expect(third.capacity == arena.slotCapacity)
      #expect(arena.takeSlot() == nil)
      withExtendedLifetime((first, third)) {}
    }
    #expect(arena.takeSlot() != nil)
  }

  @Test(
    "a payload buffer gives its slot back when it goes and when it outgrows it, and lets go of its payloads"
  )
  func payloadBuffersGiveSlotsBack() throws {
    let arena = RecordArena(slots: 2, of: 4, stride: MemoryLayout<EventPayload>.stride)
    weak var released: AnyObject?
    do {
      let first = PayloadBuffer(capacity: 4, in: arena)
      let second = PayloadBuffer(capacity: 4, in: arena)
      #expect(arena.takeSlot() == nil)
      do {
        let kept = NSObject()
        released = kept
        _ = first.append(.viewModel(.boxed(kept)))
      }
      #expect(released != nil, "the buffer holds its payload")
      for index in 0...arena.slotCapacity * 2 {
        #expect(second.append(.mark("\(index)")) == Int32(index))
      }
      guard case .mark(let last) = second[arena.slotCapacity * 2] else {
        Issue.record("not the mark appended last")
        return
      }
      #expect(last == "\(arena.slotCapacity * 2)")
      // `second` grew out of its slot: a new buffer takes it.
      let third = PayloadBuffer(capacity: 4, in: arena)
      #expect(third.capacity == arena.slotCapacity)
      #expect(arena.takeSlot() == nil)
      first.removeAll()
      #expect(released == nil, "emptied, the buffer holds no payload")
      _ = first.append(.viewModel(.boxed(NSObject())))
      withExtendedLifetime((first, third)) {}
    }
    #expect(arena.takeSlot() != nil)
  }

  @Test("a render counts its record, its view model, and its chunk once a segment")
  func renderBytesAreCountedOnce() throws {
    let app = RecordedApp()
    let recorder = SessionRecorder(app.root)
    app.launch()
    let state = MutableStateStream(1)
    let scheduler = ManualRenderScheduler()
    let record = MemoryLayout<EventRecord>.stride
    do {
      let cart = CartRouter()
      app.root.attachChild(cart)
      let loop = RenderLoop(
        state: state.stream,
        present: { CounterViewModel(label: "count \($0)", doubled: "", count: $0) },
        render: { _ in }, scheduler: scheduler)
      let beforeFirst = recorder.retainedBytes
      loop.start(cart.interactor)
      let viewModelBytes = recorder.tables.viewModelTypes.estimatedBytes(
        of: Int32(recorder.tables.viewModelTypes.entries.count - 1))
      // The first render holds its chunk: a pointer more.
      #expect(recorder.retainedBytes - beforeFirst == record + viewModelBytes + 8)
      let beforeSecond = recorder.retainedBytes
      state.value = 2
      scheduler.flush()
      #expect(recorder.retainedBytes - beforeSecond == record + viewModelBytes)
      app.root.detachChild(cart)
    }
    #expect(app.detector.sweep().isEmpty)
  }

  #if os(Linux)
    @Test("the slot a segment takes next is mapped ahead of its use, as much as asked")
    func slotsMappedAhead() throws {
      // Slots of 12 MB: the arena is more than the allocator ever serves from its heap, so its
      // pages are new, unmapped memory. (Pages are counted at least, or at most: the system may
      // map a few pages of its own accord.)
      let arena = RecordArena(slots: 4, of: 1 << 18, stride: MemoryLayout<EventRecord>.stride)
      let first = try #require(arena.takeSlot())
      RecordArena.waitForMappingAhead()
      let slotBytes = arena.slotCapacity * MemoryLayout<EventRecord>.stride
      let pages = slotBytes / pageSize
      #expect(residentPages(first + slotBytes, bytes: slotBytes) == pages)
      #expect(residentPages(first + 2 * slotBytes, bytes: slotBytes) < pages / 2)
      _ = try #require(arena.takeSlot(mappingAhead: 2 * pageSize + 1))
      RecordArena.waitForMappingAhead()
      let second = residentPages(first + 2 * slotBytes, bytes: slotBytes)
      #expect(second >= 3 && second < pages / 2)
      _ = try #require(arena.takeSlot(mappingAhead: 0))
      RecordArena.waitForMappingAhead()
      #expect(residentPages(first + 3 * slotBytes, bytes: slotBytes) < pages / 2)
    }

    private var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }

    /// How many of the pages from `start` on are in memory.
    private func residentPages(_ start: UnsafeMutableRawPointer, bytes: Int) -> Int {
      var pages = [UInt8](repeating: 0, count: bytes / pageSize)
      guard mincore(start, bytes, &pages) == 0 else { return -1 }
      return pages.filter { $0 & 1 != 0 }.count
    }
  #endif
}
