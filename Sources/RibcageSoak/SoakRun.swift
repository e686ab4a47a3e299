import Ribcage

/// Runs an app's cycles many times in one process and reports, each tenth of the run, the time
/// per cycle, the resident memory, a ``SoakCensus`` of its registries and the leaks found: the
/// harness behind `rides --soak`, for your own tree.
///
/// A *cycle* is one whole user journey that ends where it started (sign in … sign out), driven
/// through the same code path the app uses. After the first tenth, every census must equal the
/// first (``SoakResult/drift``), the time per cycle must stay flat (``SoakResult/timeRatio``) and
/// memory must stop growing (``SoakResult/memoryGrowth``). Assert the counts in CI and keep the
/// timings for a release-build run: a test never asserts time.
///
/// ```swift
/// @MainActor @Test func aLongSessionStaysFlat() async {
///   let app = MyApp()
///   let result = await SoakRun(cycles: 200).run(
///     cycle: { index in await app.playCheckout(seed: index) },
///     census: { app.census() },                  // SoakCensus.tree(app.root) + your counts
///     leaks: { app.leakReports.count })
///   #expect(result.drift.isEmpty, "\(result.drift)")
///   #expect(result.leaks == 0)
/// }
/// ```
@MainActor
public struct SoakRun {
  /// How many cycles to run.
  public var cycles: Int
  /// How many reports to make (a report closes each `cycles / reports` cycles, and the last).
  public var reports: Int

  /// A run of `cycles` cycles reported `reports` times (tenths by default).
  public init(cycles: Int, reports: Int = 10) {
    self.cycles = max(0, cycles)
    self.reports = max(1, reports)
  }

  /// Runs the cycles. `cycle` gets the cycle's index (0-based); `census` and `leaks` are read at
  /// the end of each report's last cycle; `report` is called with each report as it is made.
  public func run(
    cycle: (Int) async -> Void,
    census: () -> SoakCensus,
    leaks: () -> Int = { 0 },
    report: (SoakReport) -> Void = { _ in }
  ) async -> SoakResult {
    let step = max(1, cycles / reports)
    var made: [SoakReport] = []
    let clock = ContinuousClock()
    var start = clock.now
    var cyclesInReport = 0
    for index in 0..<cycles {
      await cycle(index)
      cyclesInReport += 1
      guard (index + 1) % step == 0 || index + 1 == cycles else { continue }
      let elapsed = start.duration(to: clock.now)
      let (seconds, attoseconds) = elapsed.components
      let milliseconds = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
      let next = SoakReport(
        cyclesDone: index + 1, millisecondsPerCycle: milliseconds / Double(cyclesInReport),
        residentBytes: ResidentMemory.bytes(), census: census(), leaks: leaks())
      made.append(next)
      report(next)
      start = clock.now
      cyclesInReport = 0
    }
    return SoakResult(reports: made)
  }
}
