import Foundation
import Testing

// Colour only on a terminal (NO_COLOR respected), a progress line only on a terminal and only
// for runs over a second, and the summary after every finding: decided through ToolConsole's
// injected streams, environment and clock.

/// `strong-listener` is a warning by default (its findings were not real faults ≥ 95% of the
/// time on real apps); these tests need an error, so their folders' configuration says so.
private let strongListenerIsAnError = "rules:\n  strong-listener: error\n"

private let plainError =
  "Home.swift:2:7: error: 'listener' is stored strongly: a listener or delegate held strongly is a retain cycle with its owner; declare it `weak var listener: (any HomeListener)?` [strong-listener]"

private func lintOnce(
  outputIsTerminal: Bool = false, errorsAreTerminal: Bool = false,
  environment: [String: String] = [:], arguments: [String] = []
) -> RecordingConsole {
  let folder = Scratch(["Home.swift": leakyInteractor, ".ribcage.yml": strongListenerIsAnError])
  let recording = RecordingConsole(
    in: folder.path, outputIsTerminal: outputIsTerminal, errorsAreTerminal: errorsAreTerminal,
    environment: environment)
  #expect(recording.run(["lint", "--rule", "strong-listener"] + arguments) == 1)
  return recording
}

@Test(.timeLimit(.minutes(10))) func findingsAreColouredOnATerminal() {
  let recording = lintOnce(outputIsTerminal: true)
  #expect(
    recording.output.hasPrefix(
      "\(escape)[1mHome.swift:2:7:\(escape)[0m \(escape)[1;31merror:\(escape)[0m 'listener'"))
}

@Test(
  .timeLimit(.minutes(10)),
  arguments: [
    (false, [:]),
    (true, ["NO_COLOR": "1"]),
    (true, ["TERM": "dumb"]),
  ] as [(Bool, [String: String])])
func findingsArePlainInAPipeOrWhenColourIsTurnedOff(
  terminal: Bool, environment: [String: String]
) {
  let recording = lintOnce(outputIsTerminal: terminal, environment: environment)
  #expect(recording.output == plainError + "\n")
}

@Test(.timeLimit(.minutes(10))) func anEmptyNoColorDoesNotTurnColourOff() {
  // no-color.org: only a non-empty value counts.
  let recording = lintOnce(outputIsTerminal: true, environment: ["NO_COLOR": ""])
  #expect(recording.output.contains(escape))
}

@Test(.timeLimit(.minutes(10)), arguments: ["json", "sarif"])
func machineFormatsAreNeverColouredAndStayAloneOnStandardOutput(format: String) throws {
  let recording = lintOnce(
    outputIsTerminal: true, errorsAreTerminal: true, arguments: ["--format", format])
  #expect(!recording.output.contains(escape))
  _ = try JSONSerialization.jsonObject(with: Data(recording.output.utf8))
  #expect(recording.errors.hasPrefix("1 finding(s), 1 error(s) in 1 file(s)"))
}

@Test(.timeLimit(.minutes(10))) func errorLabelsAreColouredOnlyWhenStandardErrorIsATerminal() {
  let terminal = RecordingConsole(errorsAreTerminal: true)
  #expect(terminal.run(["lint", "--format", "xml"]) == 2)
  #expect(terminal.errors.hasPrefix("\(escape)[1;31merror:\(escape)[0m unknown format 'xml'"))

  let pipe = RecordingConsole(errorsAreTerminal: false)
  #expect(pipe.run(["lint", "--format", "xml"]) == 2)
  #expect(pipe.errors.hasPrefix("error: unknown format 'xml'"))
}

/// A lint run over 20 files, one at a time, on a clock that moves 300 ms per reading.
private func slowLint(
  errorsAreTerminal: Bool, arguments: [String] = [], environment: [String: String] = [:]
)
  -> RecordingConsole
{
  var files: [String: String] = [:]
  for index in 0..<20 { files["F\(index).swift"] = leakyInteractor }
  let folder = Scratch(files)
  let recording = RecordingConsole(
    in: folder.path, outputIsTerminal: errorsAreTerminal, errorsAreTerminal: errorsAreTerminal,
    environment: environment, clock: SteppingClock(step: 300_000_000))
  _ = recording.run(["lint", "--jobs", "1"] + arguments)
  return recording
}

@Test(.timeLimit(.minutes(10)))
func aSlowRunOnATerminalShowsAProgressLineAndErasesItBeforeTheResults() throws {
  let recording = slowLint(errorsAreTerminal: true)
  let timeline = recording.timeline
  let draws = timeline.indices.filter {
    timeline[$0].text.hasPrefix("\r\(escape)[Kribcage lint: ")
  }
  #expect(!draws.isEmpty)
  // Not before a second has passed (the clock moves 300 ms per file): the first draw is late.
  #expect(!timeline.contains { $0.text.hasSuffix("ribcage lint: 1/20 files") })
  #expect(timeline[try #require(draws.last)].text == "\r\(escape)[Kribcage lint: 20/20 files")
  // Erased before the findings, which come before the summary.
  let firstOutput = try #require(timeline.firstIndex { $0.stream == .output })
  #expect(timeline[firstOutput - 1].text == "\r\(escape)[K")
  #expect(draws.allSatisfy { $0 < firstOutput })
  #expect(timeline.last?.text.hasPrefix("40 finding(s)") == true)
}

@Test(.timeLimit(.minutes(10))) func noProgressLineInAPipeWithQuietOrOnADumbTerminal() {
  #expect(!slowLint(errorsAreTerminal: false).errors.contains("\r"))
  #expect(!slowLint(errorsAreTerminal: true, arguments: ["--quiet"]).errors.contains("\r"))
  #expect(!slowLint(errorsAreTerminal: true, environment: ["TERM": "dumb"]).errors.contains("\r"))
}

@Test(.timeLimit(.minutes(10))) func noProgressLineForARunUnderASecond() {
  let folder = Scratch(["Home.swift": leakyInteractor])
  let recording = RecordingConsole(in: folder.path, errorsAreTerminal: true)  // time stands still
  _ = recording.run(["lint"])
  #expect(!recording.errors.contains("\r"))
}

@Test(.timeLimit(.minutes(10))) func theSummaryComesAfterEveryFindingAndNotes() throws {
  let folder = Scratch([
    "A.swift": leakyInteractor, "B.swift": leakyInteractor, "Broken.swift": "final class {",
    ".ribcage.yml": strongListenerIsAnError,
  ])
  let recording = RecordingConsole(in: folder.path)
  #expect(recording.run(["lint"]) == 1)
  let timeline = recording.timeline
  let lastOutput = try #require(timeline.lastIndex { $0.stream == .output })
  let firstError = try #require(timeline.firstIndex { $0.stream == .errors })
  #expect(lastOutput < firstError)
  #expect(timeline.last?.text.hasPrefix("4 finding(s), 2 error(s) in 3 file(s)") == true)
}

/// The real process, both streams into one pipe (as `2>&1 | tee` or a CI log does): the
/// summary is the last line, after every finding, and nothing is coloured.
@Test(.timeLimit(.minutes(10))) func inASharedPipeTheSummaryIsTheLastLine() throws {
  let tool = try #require(ribcageExecutable(), "build the ribcage executable first")
  var files: [String: String] = [:]
  for index in 0..<300 { files["Sources/F\(index).swift"] = leakyInteractor }
  files[".ribcage.yml"] = strongListenerIsAnError
  let folder = Scratch(files)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: tool)
  process.arguments = ["lint"]
  process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
  #expect(process.terminationStatus == 1)
  #expect(lines.count == 601)
  #expect(lines.dropLast().allSatisfy { $0.hasPrefix("Sources/F") })
  #expect(lines.last?.hasPrefix("600 finding(s), 300 error(s) in 300 file(s)") == true)
  #expect(!data.contains(0x1B))
}

/// The `ribcage` executable built beside this test bundle.
private func ribcageExecutable() -> String? {
  var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  for _ in 0..<4 {
    let candidate = folder.appendingPathComponent("ribcage").path
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    folder.deleteLastPathComponent()
  }
  return nil
}
