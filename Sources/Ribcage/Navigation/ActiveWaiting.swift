extension InteractorScope {
  /// Returns once the scope is active (at once if it already is); throws `CancellationError` if
  /// the waiting task is cancelled, if the scope goes away, or if its RIB is detached first.
  ///
  /// This is how a workflow step "waits until the RIB it talks to is active". While it waits it
  /// holds the scope only weakly: a workflow waiting on a RIB that is then detached and released
  /// does not keep it alive (your own call keeps it as long as your frame holds it).
  ///
  /// It returns only while the scope is active: a scope that became active and was deactivated
  /// again before the waiting task resumed (a tab switched away at once) is waited for again.
  public func waitUntilActive() async throws {
    while !isActive {
      try await ActivationWaiter(self).wait()
    }
  }
}

/// Waits for a scope to become active while holding it weakly; settles once: active → returns,
/// scope deallocated (its activeness stream finishes), its router detached or gone already (the
/// RIB was torn down before the wait began) or the task cancelled → `CancellationError`.
///
/// Returning means the scope *became* active; the waiting task resumes on a later turn, when it
/// may be inactive again, so callers check again and wait again.
@MainActor
final class ActivationWaiter {
  /// The scope, for a workflow to continue with once it is active.
  private(set) weak var scope: (any InteractorScope)?
  private let activeness: StateStream<Bool>
  private weak var router: RouterNode?
  private var continuation: CheckedContinuation<Void, any Error>?
  private var subscription: StreamSubscription?
  private var detachHandler: UInt64?
  private var isSettled = false

  init(_ scope: any InteractorScope) {
    self.scope = scope
    activeness = scope.isActiveStream
    router = (scope as? Interactor)?.owningRouter
  }

  func wait() async throws {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        self.continuation = continuation
        // A RIB torn down before the wait began never becomes active again: nothing would
        // settle the wait, and the caller would hold the interactor for ever.
        if Task.isCancelled || (scope as? Interactor)?.isTornDown == true {
          settle(.failure(CancellationError()))
          return
        }
        // The subscription replays the current value: an active scope settles at once.
        let subscription = activeness.observe(
          { [weak self] isActive in if isActive { self?.settle(.success(())) } },
          onFinish: { [weak self] in self?.settle(.failure(CancellationError())) })
        if isSettled {
          subscription.cancel()
          return
        }
        self.subscription = subscription
        detachHandler = router?.whenDetached { [weak self] in
          self?.settle(.failure(CancellationError()))
        }
      }
    } onCancel: {
      Task { @MainActor in self.settle(.failure(CancellationError())) }
    }
  }

  private func settle(_ result: Result<Void, any Error>) {
    guard !isSettled else { return }
    isSettled = true
    subscription?.cancel()
    subscription = nil
    if let detachHandler { router?.removeDetachHandler(detachHandler) }
    detachHandler = nil
    continuation?.resume(with: result)
    continuation = nil
  }
}

extension StateStream where Value: Sendable {
  /// The first value (the current one included) that satisfies `predicate`; throws
  /// `CancellationError` if the task is cancelled or the stream finishes first.
  ///
  /// ```swift
  /// let session = try await sessionService.session.first { $0.isSignedIn }
  /// ```
  public func first(where predicate: @escaping @Sendable (Value) -> Bool) async throws -> Value {
    if predicate(value) { return value }
    for await candidate in values where predicate(candidate) {
      return candidate
    }
    throw CancellationError()
  }
}
