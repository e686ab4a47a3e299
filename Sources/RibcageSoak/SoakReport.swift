/// One report of a ``SoakRun``: how the app stood after `cyclesDone` cycles.
public struct SoakReport: Sendable, CustomStringConvertible {
  /// Cycles run so far.
  public var cyclesDone: Int
  /// The wall time per cycle since the previous report.
  public var millisecondsPerCycle: Double
  /// The process's resident memory, where the platform tells (``ResidentMemory``).
  public var residentBytes: Int?
  /// The app's registries.
  public var census: SoakCensus
  /// Leaks found so far.
  public var leaks: Int

  /// For example `cycles 500: 12.4 ms/cycle, resident 22.1 MB, leaks 0; RIBs attached 2, …`.
  public var description: String {
    let memory = residentBytes.map { ResidentMemory.megabytes($0) } ?? "unknown"
    let milliseconds = (millisecondsPerCycle * 10).rounded() / 10
    return
      "cycles \(cyclesDone): \(milliseconds) ms/cycle, resident \(memory), leaks \(leaks); \(census)"
  }
}
