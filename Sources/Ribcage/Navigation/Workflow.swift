/// A typed chain of async steps over actionable items — uber/RIBs' `Workflow` (tutorial 4) with
/// async/await underneath.
///
/// Each step receives the actionable item the previous step returned (at first, the root's),
/// waits until that item is active if it is an interactor, acts on it, and returns the next item
/// (and any values it wants to pass on, as part of that return value).
///
/// ```swift
/// // "Wait for sign-in, then open the trip with this id."
/// let openTrip = Workflow<RootActionableItem>("open-trip")
///   .onStep { root in try await root.waitForSignIn() }          // -> LoggedInActionableItem
///   .onStep { loggedIn in try await loggedIn.showTrip(id: 42) }  // -> Void
///   .commit()
/// let run = workflows.start(openTrip, on: rootInteractor)
/// let outcome = try await run.result
/// ```
public struct Workflow<Root> {
  /// The workflow's kind: starting a workflow cancels a running one of the same kind.
  public let kind: String

  /// Creates an empty workflow of `kind`.
  public init(_ kind: String) {
    self.kind = kind
  }

  /// The first step: acts on the root actionable item and returns the next one.
  public func onStep<Next>(
    _ step: @escaping @MainActor (Root) async throws -> Next
  ) -> WorkflowSteps<Root, Next> {
    WorkflowSteps(kind: kind) { (root: consuming Root) in
      try await Self.perform(step, on: consume root)
    }
  }

  /// Runs `step` on `item` once the item is active (when it is an interactor scope). While it
  /// waits, it holds the item only weakly: a RIB detached and released meanwhile goes away, and
  /// the run ends with `CancellationError` instead of keeping it alive.
  ///
  /// The step acts only when three things hold at once, with no suspension in between: the run
  /// is not cancelled, every run of its kind started before it has ended (so whatever a replaced
  /// run still does after its cancellation happens before this one acts: the latest link acts
  /// last), and its item is active. Waiting for one may undo another (the RIB is deactivated
  /// before the task resumes), so it checks all three again after every wait. Once the step has
  /// run, a cancelled run ends cancelled, whatever the step returned or threw.
  @MainActor
  static func perform<Item, Next>(
    _ step: @MainActor (Item) async throws -> Next, on item: consuming Item
  ) async throws -> Next {
    try Task.checkCancellation()
    let trace = WorkflowTrace.current
    let stepNumber = trace?.nextStep() ?? 0
    var held: Item? = consume item
    while true {
      try Task.checkCancellation()
      if let trace, !trace.predecessorsHaveEnded {
        try await trace.waitForPredecessors()
        continue
      }
      guard let (waiter, keepsItem) = activationWaiter(for: held) else { break }
      trace?.report(.waiting(step: stepNumber, item: "\(type(of: held!))"))
      if !keepsItem { held = nil }
      try await waiter.wait()
      if !keepsItem {
        guard let scope = waiter.scope, let item = scope as? Item else {
          throw CancellationError()
        }
        held = item
      }
    }
    trace?.report(.acting(step: stepNumber, item: "\(type(of: held!))"))
    let next: Next
    do {
      next = try await step(held!)
    } catch {
      // A cancelled call often throws an error of its own (`URLError(.cancelled)`): once the run
      // is cancelled, any error is cancellation.
      if Task.isCancelled { throw CancellationError() }
      throw error
    }
    try Task.checkCancellation()
    return next
  }

  /// A waiter for `item` if it is an interactor scope that is not active, and whether the step
  /// must keep the item while it waits. Only a RIB's interactor is held weakly (its router owns
  /// it); any other scope (an adapter the previous step made) may be owned by this run alone.
  /// A function of its own, so that no local of the waiting frame holds the item.
  @MainActor
  private static func activationWaiter<Item>(for item: Item?) -> (ActivationWaiter, Bool)? {
    guard let scope = item as? any InteractorScope, !scope.isActive else { return nil }
    return (ActivationWaiter(scope), (scope as? Interactor)?.owningRouter == nil)
  }
}

/// A workflow being assembled: its steps so far, ending with an item of type `Current`.
public struct WorkflowSteps<Root, Current> {
  let kind: String
  let body: @MainActor (consuming Root) async throws -> Current

  /// The next step: acts on the item the previous step returned.
  public func onStep<Next>(
    _ step: @escaping @MainActor (Current) async throws -> Next
  ) -> WorkflowSteps<Root, Next> {
    let body = body
    return WorkflowSteps<Root, Next>(kind: kind) { (root: consuming Root) in
      try await Workflow<Root>.perform(step, on: try await body(consume root))
    }
  }

  /// Ends the chain; the workflow's output is what the last step returned.
  public func commit() -> CommittedWorkflow<Root, Current> {
    CommittedWorkflow(kind: kind, body: body)
  }
}

/// A complete workflow, ready to start on a root actionable item with a ``WorkflowRunner``.
public struct CommittedWorkflow<Root, Output> {
  /// The workflow's kind.
  public let kind: String
  let body: @MainActor (consuming Root) async throws -> Output
}

extension CommittedWorkflow {
  /// Starts the workflow on `root` — uber/RIBs' `subscribe(rootActionableItem)`. The run replaces
  /// a running workflow of the same kind in `runner`.
  @MainActor
  @discardableResult
  public func subscribe(_ root: Root, using runner: WorkflowRunner) -> WorkflowRun<Output> {
    runner.start(self, on: root)
  }
}
