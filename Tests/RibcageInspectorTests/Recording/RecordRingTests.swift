import Foundation
@_spi(RibcageInspection) import Ribcage
import RibcageTesting
import Testing

@testable import RibcageInspector

/// The ring's memory: once the budget is full, segments and keyframes are reused, whatever the
/// tree's size does between keyframes; segments' records are written in the arena reserved when
/// recording starts, and a slot goes back to it when its buffer goes or outgrows it.
@MainActor
@Suite("SessionRecorder's ring: memory reused once full")
struct RecordRingTests {
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

  @Test("the arena hands each slot out once until it is given back")
  func arenaSlots() {
    let arena = RecordArena(budget: 4 * 48 * 10, slotCapacity: 10)
    var slots: [UnsafeMutablePointer<EventRecord>] = []
    while let slot = arena.takeSlot() { slots.append(slot) }
    #expect(slots.count == 6)
    #expect(Set(slots).count == 6)
    arena.returnSlot(slots[2])
    #expect(arena.takeSlot() == slots[2])
    #expect(arena.takeSlot() == nil)
  }

  @Test("a buffer gives its slot back when it goes, and when it outgrows it")
  func buffersGiveSlotsBack() {
    let arena = RecordArena(budget: 48 * 4, slotCapacity: 4)
    do {
      let first = RecordBuffer(capacity: 4, in: arena)
      let second = RecordBuffer(capacity: 4, in: arena)
      let third = RecordBuffer(capacity: 4, in: arena)
      #expect(arena.takeSlot() == nil, "three slots: one for the budget, two more")
      for seq in 1...9 { second.append(EventRecord(kind: .mark, seq: UInt64(seq), time: 0)) }
      #expect(second.count == 9)
      #expect(second[8].seq == 9)
      // `second` grew out of its slot: a new buffer takes it.
      let fourth = RecordBuffer(capacity: 4, in: arena)
      #expect(fourth.capacity == 4)
      #expect(arena.takeSlot() == nil)
      withExtendedLifetime((first, third, fourth)) {}
    }
    #expect(arena.takeSlot() != nil)
  }
}
