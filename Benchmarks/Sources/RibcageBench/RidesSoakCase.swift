import Foundation
import RibcageTesting
import RidesApp

/// The age figure: the Rides example runs 10,000 whole ride cycles (sign in … sign out, through
/// the terminal's command path) in one process. The floor is the app's own first tenth: the last
/// tenth's time per ride over the first's is the ratio (target ≤ 1.15), and resident memory may
/// grow at most 5% after the first tenth. The line also says how many registry counts moved (the
/// census of `rides --soak`; target 0) and the leaks (target 0). With `recording`, a session
/// recorder with its default 32 MB budget writes the whole session to a temporary file, and the
/// memory target becomes: at most 5% more than the first tenth, plus what the recorder had still
/// to fill then of its 1.25 × budget (the budget, the segment being written, the spares kept for
/// reuse): `memory_within_bound`.
@MainActor
enum RidesSoakCase {
  static func run(recording: Bool) async -> String {
    let name = recording ? "soak-rides-record" : "soak-rides"
    let rides =
      ProcessInfo.processInfo.environment["RIBCAGE_SOAK_RIDES"].flatMap { Int($0) } ?? 10_000
    let terminal = RidesTerminal { _ in }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("ribcage-soak-\(getpid()).jsonl").path
    if recording {
      do {
        try terminal.record(to: file)
      } catch {
        return "BENCH \(name) unavailable: \(error)"
      }
    }
    await terminal.start()
    let result = await RidesSoak.run(rides: rides, seed: 7, on: terminal)
    guard let first = result.reports.first, let last = result.reports.last else {
      return "BENCH \(name) unavailable: no rides"
    }
    var extra =
      "rides=\(rides) memory_growth=\(format((result.memoryGrowth ?? .nan) * 100))% "
      + "resident_first_mb=\(megabytes(first.residentBytes)) "
      + "resident_last_mb=\(megabytes(last.residentBytes)) "
      + "counts_moved=\(result.drift.count) leaks=\(result.leaks)"
    if let recorder = terminal.recorder {
      // Memory may grow by 5% plus what the recorder had still to fill at the first tenth: its
      // budget, the segment being written and the emptied segments and keyframes kept for reuse
      // (an eighth of the budget each), less what it held then.
      let budget = recorder.configuration.byteBudget
      let keptAtFirst = first.census["recorder bytes"] ?? 0
      let bound = first.residentBytes.map {
        Double($0) * 1.05 + Double(budget + budget / 4 - keptAtFirst)
      }
      let within = zip(bound.map { [$0] } ?? [], [last.residentBytes].compactMap { $0 })
        .allSatisfy { Double($1) <= $0 }
      extra +=
        " memory_bound_mb=\(megabytes(bound.map { Int($0) }))"
        + " memory_within_bound=\(bound == nil ? "unknown" : within ? "yes" : "no")"
      recorder.flush()
      let fileBytes = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
      extra +=
        " recorder_kept_mb=\(megabytes(recorder.retainedBytes))"
        + " recorder_budget_mb=\(megabytes(recorder.configuration.byteBudget))"
        + " dropped_events=\(recorder.droppedEventCount) events=\(recorder.eventCount)"
        + " file_mb=\(megabytes(fileBytes))"
      recorder.stop()
      try? FileManager.default.removeItem(atPath: file)
    }
    return benchLine(
      name, ribcage: last.millisecondsPerCycle, floor: first.millisecondsPerCycle, unit: "ms",
      extra: extra)
  }

  private static func megabytes(_ bytes: Int?) -> String {
    bytes.map { format(Double($0) / 1_048_576) } ?? "unknown"
  }
}
