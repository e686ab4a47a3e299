import Foundation
import Ribcage

/// A clock that only moves when a test says so, for deterministic leak detection and anything else
/// that waits on a `MonotonicClock`.
///
/// ```swift
/// let clock = TestClock()
/// clock.advance(by: .seconds(1))   // wakes every sleeper whose deadline has come
/// ```
public final class TestClock: MonotonicClock, @unchecked Sendable {
  private struct Sleeper {
    let id: UInt64
    let deadline: Duration
    let continuation: CheckedContinuation<Void, any Error>
  }

  private let lock = NSLock()
  private var current: Duration
  private var sleepers: [Sleeper] = []
  private var nextID: UInt64 = 0

  /// Creates a clock that reads `now`.
  public init(now: Duration = .zero) {
    current = now
  }

  /// Runs `body` holding the lock. (`NSLock.withLock` needs macOS 14.)
  private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  public func now() -> Duration {
    locked { current }
  }

  /// How many tasks are sleeping on this clock.
  public var sleeperCount: Int {
    locked { sleepers.count }
  }

  /// Moves time forward by `duration` and wakes every sleeper whose deadline has come.
  public func advance(by duration: Duration) {
    precondition(duration >= .zero, "A TestClock only moves forward.")
    let due: [Sleeper] = locked {
      current += duration
      let now = current
      let due = sleepers.filter { $0.deadline <= now }
      sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  public func sleep(until deadline: Duration) async throws {
    let id: UInt64 = locked {
      nextID += 1
      return nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow: Bool = locked {
          if deadline <= current || Task.isCancelled { return true }
          sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return false
        }
        if resumeNow {
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
          } else {
            continuation.resume()
          }
        }
      }
    } onCancel: {
      let cancelled: Sleeper? = locked {
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }
}
