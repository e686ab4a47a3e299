/// What a ``SoakRun`` found: its reports and the three verdicts a long-running app is held to.
public struct SoakResult: Sendable {
  /// Every report, oldest first.
  public var reports: [SoakReport]

  /// Creates a result from reports (oldest first).
  public init(reports: [SoakReport]) {
    self.reports = reports
  }

  /// Every count that moved since the first report (or broke its budget), with the cycle count
  /// of the report where it was seen first. Empty for an app whose registries stay flat.
  public var drift: [(cyclesDone: Int, drift: SoakDrift)] {
    guard let first = reports.first else { return [] }
    var seen: Set<String> = []
    var found: [(cyclesDone: Int, drift: SoakDrift)] = []
    for report in reports {
      for drift in report.census.drift(from: first.census) where seen.insert(drift.name).inserted {
        found.append((report.cyclesDone, drift))
      }
    }
    return found
  }

  /// The last report's time per cycle over the first's (1.0: flat). `nil` with fewer than two
  /// reports.
  public var timeRatio: Double? {
    guard reports.count > 1, let first = reports.first, let last = reports.last,
      first.millisecondsPerCycle > 0
    else { return nil }
    return last.millisecondsPerCycle / first.millisecondsPerCycle
  }

  /// How much resident memory grew from the first report to the last, as a fraction (0.014:
  /// 1.4% more). Measured from the first report, after warm-up. `nil` where memory is unknown.
  public var memoryGrowth: Double? {
    guard reports.count > 1, let first = reports.first?.residentBytes,
      let last = reports.last?.residentBytes, first > 0
    else { return nil }
    return Double(last - first) / Double(first)
  }

  /// Leaks found by the end of the run.
  public var leaks: Int { reports.last?.leaks ?? 0 }
}
