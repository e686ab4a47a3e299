extension WorkflowSteps {
  /// Calls `handler` when the chain so far fails — a step throws anything but cancellation —
  /// then lets the run fail with that error: uber/RIBs' `Step.onError`.
  ///
  /// ```swift
  /// Workflow<RootActionableItem>("launch-game")
  ///   .onStep { root in try await root.waitForLogin() }
  ///   .onError { error in analytics.log("login failed: \(error)") }
  ///   .onStep { loggedIn in try await loggedIn.launchGame(id: gameID) }
  ///   .commit()
  /// ```
  ///
  /// Cancellation (a newer workflow of the same kind, a cancelled run) is not an error: the
  /// handler does not run for it — nor for any error a step throws once the run is cancelled
  /// (a cancelled call's own error, such as `URLError(.cancelled)`).
  public func onError(_ handler: @escaping @MainActor (any Error) -> Void) -> WorkflowSteps<
    Root, Current
  > {
    let body = body
    return WorkflowSteps(kind: kind) { (root: consuming Root) in
      do {
        return try await body(consume root)
      } catch {
        try CancellationError.rethrowIfCancellation(error)
        handler(error)
        throw error
      }
    }
  }
}

extension CommittedWorkflow {
  /// Calls `handler` with the output once every step has run — uber/RIBs' `didComplete()`, which
  /// a `Workflow` subclass overrides.
  ///
  /// uber/RIBs' `class LaunchGameWorkflow: Workflow<RootActionableItem>` becomes a function (or a
  /// static one) that returns the committed chain with its observers:
  ///
  /// ```swift
  /// func launchGameWorkflow(id: String) -> CommittedWorkflow<RootActionableItem, Void> {
  ///   Workflow<RootActionableItem>("launch-game")
  ///     .onStep { root in try await root.waitForLogin() }
  ///     .onStep { loggedIn in try await loggedIn.launchGame(id: id) }
  ///     .commit()
  ///     .didComplete { analytics.log("game launched") }
  ///     .didReceiveError { error in analytics.log("launch failed: \(error)") }
  /// }
  /// workflows.start(launchGameWorkflow(id: "ttt"), on: rootInteractor)
  /// ```
  public func didComplete(_ handler: @escaping @MainActor (Output) -> Void) -> CommittedWorkflow<
    Root, Output
  > {
    let body = body
    return CommittedWorkflow(kind: kind) { (root: consuming Root) in
      let output = try await body(consume root)
      // A run cancelled while its last step ran (replaced by a newer link) did not complete.
      try Task.checkCancellation()
      handler(output)
      return output
    }
  }

  /// Calls `handler` when a step fails with an error other than cancellation — uber/RIBs'
  /// `didReceiveError(_:)`. The run still fails with the error (see ``WorkflowRun/state``).
  ///
  /// ```swift
  /// openTrip.commit().didReceiveError { error in banner.show(error) }
  /// ```
  public func didReceiveError(_ handler: @escaping @MainActor (any Error) -> Void)
    -> CommittedWorkflow<Root, Output>
  {
    let body = body
    return CommittedWorkflow(kind: kind) { (root: consuming Root) in
      do {
        return try await body(consume root)
      } catch {
        try CancellationError.rethrowIfCancellation(error)
        handler(error)
        throw error
      }
    }
  }
}

extension CancellationError {
  /// Throws `CancellationError` if `error` is one or the current task is cancelled (a cancelled
  /// call's own error is cancellation too); returns otherwise, for the error handlers to run.
  @MainActor
  static func rethrowIfCancellation(_ error: any Error) throws {
    if error is CancellationError || Task.isCancelled { throw CancellationError() }
  }
}
