import _RibcageAtomics

/// The recorder's clock: events are stamped with the tick counter (`ribcage_ticks`, the CPU's
/// time-stamp counter: a few nanoseconds a read where the monotonic clock's vDSO call costs
/// about 30, and never a system call), and turned into nanoseconds since the recording started
/// when they are formatted.
///
/// The counter's rate is not assumed: each calibration reads both clocks together, and the
/// ticks between two calibrations are converted on the line between them. Records are
/// normalized in order, once each (at a hand-over, a read, or when their segment closes), so an
/// event has the same time in every copy of the session: the streamed file and the memory copy
/// agree. A time is exact at each calibration and off by the counter's drift in between (the
/// TSC of a CPU with `constant_tsc` does not drift).
struct EventClock {
  /// Both clocks at the last calibration.
  private var ticks: UInt64
  private var nanoseconds: UInt64
  /// Nanoseconds a tick, since the calibration before.
  private var rate = 1.0
  /// Both clocks at the one before, where conversions start.
  private var previousTicks: UInt64
  private var previousNanoseconds: UInt64
  /// The monotonic clock when recording started.
  let start: UInt64

  init() {
    ticks = ribcage_ticks()
    nanoseconds = ribcage_monotonic_ns()
    start = nanoseconds
    previousTicks = ticks
    previousNanoseconds = nanoseconds
  }

  /// Reads both clocks: times up to now convert on the line from the last calibration to this.
  mutating func calibrate() {
    let nowTicks = ribcage_ticks()
    let nowNanoseconds = ribcage_monotonic_ns()
    previousTicks = ticks
    previousNanoseconds = nanoseconds
    if nowTicks > ticks, nowNanoseconds > nanoseconds {
      rate = Double(nowNanoseconds - nanoseconds) / Double(nowTicks - ticks)
    }
    ticks = nowTicks
    nanoseconds = nowNanoseconds
  }

  /// Nanoseconds since the start at tick `reading` (taken before the last calibration).
  func nanoseconds(atTicks reading: UInt64) -> UInt64 {
    let since = Int64(bitPattern: reading &- previousTicks)
    let offset = Int64(Double(since) * rate)
    let absolute = Int64(bitPattern: previousNanoseconds) &+ offset
    return UInt64(max(0, absolute &- Int64(bitPattern: start)))
  }

  /// `span` ticks in nanoseconds.
  func nanoseconds(ofTicks span: UInt64) -> UInt64 {
    UInt64(Double(span) * rate)
  }
}
