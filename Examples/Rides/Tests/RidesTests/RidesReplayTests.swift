import Foundation
import Ribcage
import RibcageInspector
import RibcageTesting
import Testing

@testable import RidesApp

@MainActor
@Suite("Rides record and replay", .timeLimit(.minutes(5)))
struct RidesReplayTests {
  /// Plays the built-in scenario while recording; returns the session and, for every turn, the
  /// sequence number of its closing mark and the screens the live terminal showed then.
  func recordDemo() async throws -> (
    timeline: SessionTimeline, turns: [(seq: UInt64, screens: [(rib: String, screen: Screen)])],
    harness: RIBHarness
  ) {
    let harness = RIBHarness()
    var turns: [(seq: UInt64, screens: [(rib: String, screen: Screen)])] = []
    do {
      let terminal = RidesTerminal(context: harness.context) { _ in }
      let recorder = try terminal.record(to: nil)
      await terminal.start()
      turns.append((recorder.lastSequenceNumber, terminal.screens))
      for line in Scenario.demo.split(separator: "\n") {
        let before = recorder.lastSequenceNumber
        await terminal.run(String(line))
        if recorder.lastSequenceNumber != before {
          turns.append((recorder.lastSequenceNumber, terminal.screens))
        }
      }
      recorder.stop()
      let timeline = try SessionTimeline(recorder)
      return (timeline, turns, harness)
    }
  }

  @Test(
    "every screen of the demo, replayed from the recorded view models alone, is what the live run showed"
  )
  func replayMatchesLive() async throws {
    let (timeline, turns, harness) = try await recordDemo()
    #expect(turns.count > 20)
    let replay = RidesReplay(timeline: timeline)
    for (seq, live) in turns {
      let index = try #require(timeline.index(ofSequence: Int64(seq)))
      #expect(timeline.events[index].kind == .mark)
      let replayed = replay.screens(at: index)
      #expect(replayed.map(\.rib) == live.map(\.rib), "event \(seq)")
      #expect(replayed.map(\.screen) == live.map(\.screen), "event \(seq)")
    }
    // The session holds the demo's flags, links and workflows too.
    let kinds = Set(timeline.events.map(\.kind))
    #expect(kinds.isSuperset(of: [.flag, .link, .workflow, .plugin, .render, .attach, .detach]))
    // The workflow a link started names the link.
    let started = timeline.events.filter { $0.string("phase") == "started" }
    #expect(started.first?.string("trigger") == "rides://promo/SAVE5")
    await harness.expectNoLeaks()
  }

  @Test("a replay steps by turns and events, jumps to an event, and refuses what it cannot do")
  func replayCommands() async throws {
    let (timeline, turns, harness) = try await recordDemo()
    let replay = RidesReplay(timeline: timeline)
    #expect(replay.position == timeline.index(ofSequence: Int64(turns[0].seq)))
    #expect(replay.run("next").contains("after turn 2 of \(turns.count)"))
    #expect(replay.position == timeline.index(ofSequence: Int64(turns[1].seq)))
    _ = replay.run("next 3")
    #expect(replay.position == timeline.index(ofSequence: Int64(turns[4].seq)))
    _ = replay.run("prev 2")
    #expect(replay.position == timeline.index(ofSequence: Int64(turns[2].seq)))
    let atTen = replay.run("at 10")
    #expect(atTen.contains("event 10 of"))
    _ = replay.run("step 2")
    #expect(timeline.events[replay.position].seq == 12)
    _ = replay.run("back 5")
    #expect(timeline.events[replay.position].seq == 7)
    #expect(replay.run("prev").hasPrefix("✗ no earlier turn"))  // event 7 is before turn 1 ends
    _ = replay.run("next 4")
    #expect(replay.run("prev 100").contains("after turn 1 of"))
    #expect(replay.run("at banana").hasPrefix("✗ at takes an event number"))
    #expect(replay.run("next 0").hasPrefix("✗"))
    #expect(replay.run("dance").hasPrefix("✗ unknown replay command"))
    #expect(replay.run("tree").hasPrefix("Root"))
    _ = replay.run("quit")
    #expect(replay.hasQuit)
    await harness.expectNoLeaks()
  }

  @Test("a recorded file replays after the app stopped mid-line")
  func tornRecording() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("rides-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let harness = RIBHarness()
    do {
      let terminal = RidesTerminal(context: harness.context) { _ in }
      let recorder = try terminal.record(to: path)
      await terminal.start()
      await terminal.run("login alice")
      recorder.stop()
    }
    // The app "crashed" while writing its last line.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    bytes.removeLast(10)
    try bytes.write(to: URL(fileURLWithPath: path))
    let timeline = try SessionTimeline(contentsOfFile: path)
    #expect(timeline.warnings.count == 1)
    let replay = RidesReplay(timeline: timeline, at: Int64.max)
    #expect(replay.screens(at: replay.position).map(\.screen.title) == ["Home"])
    await harness.expectNoLeaks()
  }
}
