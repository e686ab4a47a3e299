import Foundation
import Ribcage
import RibcageInspector
import Testing

/// Events are stamped with the CPU's tick counter and converted to nanoseconds once each: every
/// copy of a session gives an event the same time, and times follow the monotonic clock.
@MainActor
@Suite("SessionRecorder timestamps", .timeLimit(.minutes(5)))
struct RecorderClockTests {
  @Test("the streamed file and the memory copy give every event the same time, in order")
  func sameTimeInEveryCopy() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("ribcage-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let app = RecordedApp()
    let clock = ContinuousClock()
    let started = clock.now
    // Segments close every few events: some are converted at a hand-over to the file, some
    // when they close, the last when the memory copy is read.
    let recorder = try SessionRecorder(
      app.root,
      configuration: .init(byteBudget: 1 << 20, keyframeInterval: 7, filePath: path))
    app.launch()
    for round in 0..<300 {
      let cart = CartRouter()
      app.root.attachChild(cart)
      if round % 50 == 0 { recorder.flush() }
      app.root.detachChild(cart)
    }
    let fromMemory = try SessionTimeline(recorder)
    recorder.flush()
    let elapsed = started.duration(to: clock.now)
    let fromFile = try SessionTimeline(contentsOfFile: path)
    #expect(fromFile.events.count == fromMemory.events.count)
    var fileTimes: [Int64: Int64] = [:]
    for event in fromFile.events { fileTimes[event.seq] = event.nanoseconds }
    for event in fromMemory.events {
      #expect(fileTimes[event.seq] == event.nanoseconds, "seq \(event.seq)")
    }
    let times = fromMemory.events.map(\.nanoseconds)
    #expect(times.first.map { $0 >= 0 } == true)
    // Stamps from the tree's hook clock and the recorder's own readings interleave; each is
    // converted on its own line, so allow a microsecond of disorder.
    for (earlier, later) in zip(fromMemory.events, fromMemory.events.dropFirst()) {
      #expect(
        later.nanoseconds >= earlier.nanoseconds - 1_000,
        "\(earlier.kind) \(earlier.seq) then \(later.kind) \(later.seq)")
    }
    let elapsedNanoseconds =
      elapsed.components.seconds * 1_000_000_000
      + elapsed.components.attoseconds / 1_000_000_000
    #expect(times.last.map { $0 <= elapsedNanoseconds } == true)
    recorder.stop()
    #expect(app.detector.sweep().isEmpty)
  }
}
