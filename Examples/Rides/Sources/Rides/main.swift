import Foundation
import RibcageInspector
import RibcageSoak
import RidesApp

// rides [--script FILE] [--demo] [--record FILE] [--inspect [URL]]
//   On a TTY: an interactive session (type `help`).
//   Piped: runs the commands read from standard input; with no commands at all, plays the demo.
//   --record FILE streams the session (tree, view models, flags, links) to FILE.
//   --inspect URL streams it live to `ribcage inspect` (the URL it printed; without one,
//   RIBCAGE_INSPECT); the page may switch flags and open links. Standard input stays open:
//   the app keeps running until it ends (or `quit`).
// rides --soak N [--seed S] [--record FILE] [--inspect [URL]]
//   Runs N complete ride cycles through the terminal's command path and reports each tenth:
//   time per ride, resident memory, RIBs detached, the live objects of every registry, leaks.
//   Exits 1 if anything leaked or a count that must stay flat moved.
// rides --replay FILE [--at EVENT]
//   Redraws the screens of a recorded session at any event, from its view models alone; steps
//   with next/prev (turns) and step/back (events).
let usage =
  "usage: rides [--script FILE] [--demo] [--record FILE] [--inspect [URL]]"
  + " | rides --soak N [--seed S] [--record FILE] [--inspect [URL]]"
  + " | rides --replay FILE [--at EVENT]"

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("rides: \(message)\n\(usage)\n".utf8))
  exit(2)
}

var script: String?
var playDemo = false
var recordPath: String?
var replayPath: String?
var replayAt: Int64?
var inspectURL: String??
var soakRides: Int?
var soakSeed: UInt64 = 1
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--script":
    guard let path = arguments.popFirst() else { fail("--script needs a file") }
    do {
      script = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      fail("cannot read '\(path)': \(error.localizedDescription)")
    }
  case "--demo": playDemo = true
  case "--record":
    guard let path = arguments.popFirst() else { fail("--record needs a file") }
    recordPath = path
  case "--inspect":
    if let next = arguments.first, !next.hasPrefix("--") {
      inspectURL = .some(arguments.popFirst())
    } else {
      inspectURL = .some(nil)
    }
  case "--soak":
    guard let text = arguments.popFirst(), let count = Int(text), count > 0 else {
      fail("--soak needs a number of rides")
    }
    soakRides = count
  case "--seed":
    guard let text = arguments.popFirst(), let seed = UInt64(text) else {
      fail("--seed needs a number")
    }
    soakSeed = seed
  case "--replay":
    guard let path = arguments.popFirst() else { fail("--replay needs a session file") }
    replayPath = path
  case "--at":
    guard let text = arguments.popFirst(), let event = Int64(text), event >= 0 else {
      fail("--at needs an event number")
    }
    replayAt = event
  case "-h", "--help":
    print(usage)
    exit(0)
  default: fail("unknown argument '\(argument)'")
  }
}

if let replayPath {
  guard script == nil, !playDemo, recordPath == nil, inspectURL == nil else {
    fail("--replay takes only --at")
  }
  let timeline: SessionTimeline
  do {
    timeline = try SessionTimeline(contentsOfFile: replayPath)
  } catch {
    FileHandle.standardError.write(Data("rides: \(replayPath): \(error)\n".utf8))
    exit(2)
  }
  for warning in timeline.warnings {
    FileHandle.standardError.write(Data("rides: \(replayPath): warning: \(warning)\n".utf8))
  }
  guard !timeline.events.isEmpty else { fail("\(replayPath) holds no events") }
  let replay = RidesReplay(timeline: timeline, at: replayAt)
  let replaying = isatty(0) == 1 && isatty(1) == 1
  print(replay.render())
  if replaying {
    print("Replaying \(timeline.header.app) (\(timeline.events.count) events); type help.")
  }
  while !replay.hasQuit {
    if replaying { print("replay> ", terminator: "") }
    guard let line = readLine() else { break }
    if !replaying { print("> " + line) }
    let output = replay.run(line)
    if !output.isEmpty { print(output) }
  }
  exit(0)
}

if let soakRides {
  guard script == nil, !playDemo, replayPath == nil else {
    fail("--soak takes only --seed, --record and --inspect")
  }
  let soaking = RidesTerminal(style: .plain) { _ in }
  do {
    if let recordPath { try soaking.record(to: recordPath) }
    if let inspectURL {
      let inspector = try soaking.inspect(inspectURL)
      _ = await inspector.waitUntilConnected(timeout: .seconds(3))
    }
  } catch {
    fail("\(error)")
  }
  await soaking.start()
  print("soak: \(soakRides) rides, seed \(soakSeed)")
  let result = await RidesSoak.run(rides: soakRides, seed: soakSeed, on: soaking) {
    report, ribsDetached in
    let memory = report.residentBytes.map { ResidentMemory.megabytes($0) }
    print(
      "rides \(report.cyclesDone): \(String(format: "%.1f", report.millisecondsPerCycle)) ms/ride, "
        + "resident \(memory ?? "unknown"), RIBs detached \(ribsDetached), leaks "
        + "\(report.leaks); \(report.census)")
    fflush(nil)  // a tenth at a time, also when piped
  }
  if let recorder = soaking.recorder {
    recorder.flush()
    print(
      "soak: recorder kept \(ResidentMemory.megabytes(recorder.retainedBytes)) of its "
        + "\(ResidentMemory.megabytes(recorder.configuration.byteBudget)) budget, dropped "
        + "\(recorder.droppedEventCount) of \(recorder.eventCount) events"
        + (recorder.fileError.map { "; file error: \($0)" } ?? ""))
  }
  let drift = result.drift
  for (rides, change) in drift { print("soak: after \(rides) rides, \(change)") }
  let ratio = result.timeRatio.map { String(format: "%.2f×", $0) } ?? "n/a"
  let growth = result.memoryGrowth.map { String(format: "%+.1f%%", $0 * 100) } ?? "n/a"
  print(
    "soak: last tenth \(ratio) the first's time per ride, memory \(growth) after the first "
      + "tenth, \(drift.isEmpty ? "every count flat" : "\(drift.count) count(s) moved"), "
      + (result.leaks == 0 ? "no leaks" : "\(result.leaks) leak(s)"))
  if let inspector = soaking.inspector {
    // The app stays up for the page: commands from standard input run as turns until it ends.
    print("soak: reading commands for the inspector until standard input ends")
    fflush(nil)
    for await line in StandardInput.lines() {
      await soaking.run(line)
      if soaking.hasQuit { break }
    }
    soaking.recorder?.flush()
    // What is queued reaches the server before the report says the session ended.
    let deadline = ContinuousClock.now + .seconds(10)
    while inspector.statistics.queuedBytes > 0, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(20))
    }
    let statistics = inspector.statistics
    print(
      "soak: inspector sent \(ResidentMemory.megabytes(Int(statistics.bytesSent))) in "
        + "\(statistics.connections) connection(s), \(statistics.queueOverflows) overflow(s)")
    inspector.disconnect()
  }
  soaking.recorder?.stop()
  exit(result.leaks == 0 && drift.isEmpty ? 0 : 1)
}

let interactive = script == nil && !playDemo && isatty(0) == 1 && isatty(1) == 1
let terminal = RidesTerminal(style: interactive ? .tty : .plain) { print($0) }
if let recordPath {
  do {
    try terminal.record(to: recordPath)
  } catch {
    fail("\(error)")
  }
}
if let inspectURL {
  do {
    let inspector = try terminal.inspect(inspectURL)
    // The session streams from the start either way (the recorder keeps it); waiting a moment
    // lets the page follow the first screens as they happen.
    if !(await inspector.waitUntilConnected(timeout: .seconds(3))) {
      FileHandle.standardError.write(
        Data(
          "rides: inspector not reachable yet (\(inspector.lastError.map { "\($0)" } ?? "no answer")); it keeps trying\n"
            .utf8))
    }
  } catch {
    fail("\(error)")
  }
}
await terminal.start()

if let script {
  await terminal.run(script: script)
} else if playDemo, isatty(1) == 1 {
  // On a terminal the tour is paced, a command a second, so it can be read as it plays.
  for line in Scenario.demo.split(separator: "\n") where !terminal.hasQuit {
    await terminal.run(String(line))
    try? await Task.sleep(for: .seconds(1))
  }
} else if playDemo {
  await terminal.run(script: Scenario.demo)
} else {
  var sawCommand = false
  /// The prompt has no newline, so it is flushed by hand: a line-buffered terminal would
  /// otherwise show it only after the next command.
  func prompt() {
    print("rides> ", terminator: "")
    fflush(nil)  // every stream: `stdout` itself is shared mutable state to Swift 6
  }
  if interactive {
    print("Type a command; help lists them (rides --demo plays a tour).")
    prompt()
  }
  // Lines are read off the main actor, so the inspector's remote actions run while the app
  // waits for the next command.
  for await line in StandardInput.lines() {
    sawCommand = true
    await terminal.run(line)
    if terminal.hasQuit { break }
    if interactive { prompt() }
  }
  if !sawCommand, !interactive { await terminal.run(script: Scenario.demo) }
}
terminal.recorder?.flush()
terminal.inspector?.disconnect()
terminal.recorder?.stop()
// A leak is a bug in the example: make it visible to scripts and CI.
if !terminal.leakReports.isEmpty { exit(1) }
