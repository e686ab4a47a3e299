/// The end of one workflow run, which the runs of its kind started after it wait for before
/// each of their steps acts.
///
/// A replaced run is cancelled, but a step in progress cannot be stopped from outside: a call
/// that ignores cancellation, or a step that swallows it (`try? await`, then acts), may still
/// act. Making the newer run wait until the replaced one has ended puts whatever the replaced
/// run still does before what the newer one does, so the latest link acts last.
@MainActor
final class WorkflowRunEnd {
  /// Whether the run has ended.
  private(set) var hasEnded = false
  private var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
  private var nextWaiter: UInt64 = 0

  /// Marks the run ended and resumes every waiter.
  func end() {
    guard !hasEnded else { return }
    hasEnded = true
    let resumed = waiters
    waiters.removeAll()
    for (_, waiter) in resumed { waiter.resume() }
  }

  /// Returns once the run has ended; throws `CancellationError` if the waiting task is
  /// cancelled first (the waiting run was replaced in turn).
  func wait() async throws {
    if hasEnded { return }
    nextWaiter &+= 1
    let id = nextWaiter
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        if hasEnded {
          continuation.resume()
        } else if Task.isCancelled {
          continuation.resume(throwing: CancellationError())
        } else {
          waiters[id] = continuation
        }
      }
    } onCancel: {
      Task { @MainActor in self.cancelWaiter(id) }
    }
  }

  private func cancelWaiter(_ id: UInt64) {
    waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
  }
}
