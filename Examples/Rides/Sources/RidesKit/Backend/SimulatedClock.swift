import Ribcage

/// The backend's notion of time: advanced only by `wait` (or a test), never by the wall clock, so
/// every run of a script is the same.
@MainActor
public final class SimulatedClock {
  private let seconds = MutableStateStream(0)

  public init() {}

  /// Seconds since the scenario began.
  public var now: StateStream<Int> { seconds.stream }

  /// How many observers time has (the services; never the RIBs).
  public var observerCount: Int { seconds.stream.subscriberCount }

  /// Moves time forward one second at a time, so services see every tick.
  public func advance(bySeconds count: Int) {
    for _ in 0..<max(0, count) { seconds.update { $0 += 1 } }
  }
}
