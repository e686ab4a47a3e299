/// How a child RIB run as a flow reports its result: the builder hands it to the child (usually as
/// its interactor's listener), and the child calls ``finish(_:)`` or ``fail(_:)`` once.
///
/// The outcome holds no reference to the parent or the child, so there is no
/// `[weak self, weak coordinator]` dance: the flow cannot create a retain cycle.
@MainActor
public final class FlowOutcome<Result: Sendable> {
  private var continuation: CheckedContinuation<Result, any Error>?
  private var outcome: Swift.Result<Result, any Error>?

  /// Creates an outcome; `runFlow` makes one per flow, tests of a child RIB can make their own.
  public init() {}

  /// Whether the child has finished (or failed) already.
  public var isFinished: Bool { outcome != nil }

  /// Finishes the flow with `result`. Later calls are ignored.
  public func finish(_ result: Result) {
    settle(.success(result))
  }

  /// Ends the flow with `error`. Later calls are ignored.
  public func fail(_ error: any Error) {
    settle(.failure(error))
  }

  private func settle(_ result: Swift.Result<Result, any Error>) {
    guard outcome == nil else { return }
    outcome = result
    continuation?.resume(with: result)
    continuation = nil
  }

  func wait() async throws -> Result {
    if let outcome { return try outcome.get() }
    return try await withCheckedThrowingContinuation { continuation in
      if let outcome {
        continuation.resume(with: outcome)
      } else {
        self.continuation = continuation
      }
    }
  }
}

extension RouterNode {
  /// Runs a child RIB as a flow: attaches the router `build` makes, waits until the child finishes
  /// through its ``FlowOutcome``, detaches it (so the leak detector checks it) and returns its
  /// result — or throws its error. Cancelling the waiting task detaches the child and throws
  /// `CancellationError`.
  ///
  /// ```swift
  /// func routeToPayment() async throws -> Receipt {
  ///   try await runFlow { outcome in paymentBuilder.build(withListener: outcome) }
  /// }
  /// ```
  public final func runFlow<Result: Sendable>(
    _ build: (FlowOutcome<Result>) -> RouterNode
  ) async throws -> Result {
    let outcome = FlowOutcome<Result>()
    let child = build(outcome)
    attachChild(child)
    defer {
      if child.parent === self { detachChild(child) }
    }
    return try await withTaskCancellationHandler {
      try await outcome.wait()
    } onCancel: {
      Task { @MainActor in outcome.fail(CancellationError()) }
    }
  }
}
