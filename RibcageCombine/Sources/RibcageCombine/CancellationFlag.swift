import Foundation

/// Whether a subscription was cancelled, readable from any thread at once. A hop to the main actor
/// runs a subscription's calls in order, so the clean-up a cancellation asks for may wait behind
/// calls queued before it; deliveries check this flag first, so a subscriber that cancels (from
/// any thread, or from its own `receive`) gets nothing more from that moment on.
final class CancellationFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var cancelled = false

  var isCancelled: Bool {
    lock.lock()
    defer { lock.unlock() }
    return cancelled
  }

  /// Raises the flag; returns whether this call raised it (false when it was already).
  @discardableResult
  func cancel() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard !cancelled else { return false }
    cancelled = true
    return true
  }
}
