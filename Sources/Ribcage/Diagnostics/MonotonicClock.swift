/// A source of monotonic time, injected wherever Ribcage waits (the leak detector's grace period),
/// so tests can drive time by hand (`TestClock` in RibcageTesting).
///
/// Time is a `Duration` since an arbitrary fixed origin; only differences matter.
public protocol MonotonicClock: Sendable {
  /// The time now, since the clock's origin.
  func now() -> Duration

  /// Suspends until `now()` reaches `deadline`, or throws `CancellationError` if the task is
  /// cancelled first.
  func sleep(until deadline: Duration) async throws
}

/// The real clock: `ContinuousClock`, which keeps counting while the device sleeps.
public struct SystemClock: MonotonicClock {
  private let origin: ContinuousClock.Instant

  /// Creates a clock whose origin is now.
  public init() {
    origin = ContinuousClock.now
  }

  public func now() -> Duration {
    ContinuousClock.now - origin
  }

  public func sleep(until deadline: Duration) async throws {
    try await ContinuousClock().sleep(until: origin.advanced(by: deadline), tolerance: nil)
  }
}
