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
  /// The flow also ends when anything else ends the child's part in the tree — the parent routes
  /// elsewhere and detaches it, a plugin is switched off, an ancestor is detached (the child is
  /// deactivated) — with ``FlowError/childDetached(child:)``; and when the attach is refused,
  /// with ``FlowError/attachRefused(child:parent:)``. Nothing is left suspended holding the
  /// parent or the child.
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
    // Refused for what it is before the attach (attached already, or an ancestor): the attach
    // then reports the tree diagnostic and changes nothing.
    let refused = child.parent != nil || child === self || isDescendant(of: child)
    attachChild(child)
    if refused { throw FlowError.attachRefused(child: child.name, parent: name) }
    guard child.parent === self else {
      // Attached, then detached during its own activation or load: finished, or taken away.
      if outcome.isFinished { return try await outcome.wait() }
      throw FlowError.childDetached(child: child.name)
    }
    let childName = child.name
    let ended: @MainActor () -> Void = { [weak outcome] in
      outcome?.fail(FlowError.childDetached(child: childName))
    }
    let detachHandler = child.whenDetached(ended)
    // Deactivated after having been active: an ancestor was detached or released.
    var wasActive = false
    let activeness = child.interactable.isActiveStream.observe { isActive in
      if isActive {
        wasActive = true
      } else if wasActive {
        ended()
      }
    }
    defer {
      activeness.cancel()
      child.removeDetachHandler(detachHandler)
      if child.parent === self { detachChild(child) }
    }
    return try await withTaskCancellationHandler {
      try await outcome.wait()
    } onCancel: {
      Task { @MainActor in outcome.fail(CancellationError()) }
    }
  }
}

/// Why a flow ended without its child's outcome.
public enum FlowError: Error, Equatable, CustomStringConvertible {
  /// The parent refused to attach the child (it was attached elsewhere already, or would make a
  /// cycle); the tree reported why as a ``TreeDiagnostic``.
  case attachRefused(child: String, parent: String)
  /// The child was detached, or deactivated with its ancestors, before it finished.
  case childDetached(child: String)

  public var description: String {
    switch self {
    case .attachRefused(let child, let parent):
      "The flow's child \(child) could not be attached to \(parent) (see the tree diagnostic); "
        + "build a new router for each flow."
    case .childDetached(let child):
      "The flow's child \(child) was detached or deactivated before it finished; the flow "
        + "ended without its result."
    }
  }
}
