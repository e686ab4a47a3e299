import _RibcageAtomics

/// Converts differences of the tick counter a timed tree reads (`ribcage_ticks`: the CPU's
/// time-stamp counter, or the monotonic clock where there is none) to nanoseconds.
///
/// A counter read costs a few nanoseconds where the monotonic clock costs about 30: a recorded
/// tree reads it for every hook twice. Its rate is measured, not assumed: against the monotonic
/// clock since the process first used it, each time a duration is read.
@_spi(RibcageInspection) public enum TickClock {
  /// Both clocks, read together the first time either is needed.
  private static let origin = (ticks: ribcage_ticks(), nanoseconds: ribcage_monotonic_ns())

  /// Reads the origin, so that later rates are measured over a longer span.
  public static func start() { _ = origin }

  /// `ticks` of the counter in nanoseconds, at the rate measured since the origin.
  public static func nanoseconds(_ ticks: UInt64) -> UInt64 {
    let (startTicks, startNanoseconds) = origin
    let elapsedTicks = ribcage_ticks() &- startTicks
    let elapsedNanoseconds = ribcage_monotonic_ns() &- startNanoseconds
    guard elapsedTicks > 0, elapsedNanoseconds > 0 else { return ticks }
    return UInt64(Double(ticks) * (Double(elapsedNanoseconds) / Double(elapsedTicks)))
  }
}
