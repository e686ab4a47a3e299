extension WorkflowSteps {
  /// Continues the chain into several sub-chains that all start from the item the last step
  /// returned — uber/RIBs' `fork`. The steps so far run once; then every branch runs on that
  /// item, concurrently on the main actor, so a branch waiting for its RIB to become active does
  /// not hold the others up.
  ///
  /// ```swift
  /// let branchA = Workflow<LoggedInActionableItem>("a").onStep { try await $0.showScores() }.commit()
  /// let branchB = Workflow<LoggedInActionableItem>("b").onStep { try await $0.prefetch() }.commit()
  /// let launch = Workflow<RootActionableItem>("launch")
  ///   .onStep { root in try await root.waitForLogin() }   // runs once
  ///   .fork(branchA, branchB)
  ///   .commit()
  /// ```
  ///
  /// The chain completes when every branch has. The first branch to fail cancels the others and
  /// the run fails with its error; cancelling the run cancels every branch. A branch's kind is
  /// only a label: branches never replace one another.
  public func fork(_ branches: CommittedWorkflow<Current, Void>...) -> WorkflowSteps<Root, Void> {
    let body = body
    let branchBodies = branches.map(\.body)
    return WorkflowSteps<Root, Void>(kind: kind) { (root: consuming Root) in
      let item = try await body(consume root)
      try await WorkflowFork.run(branchBodies, on: item)
    }
  }
}

/// Runs the branches of a fork as main-actor tasks and waits for all of them.
@MainActor
final class WorkflowFork<Item> {
  /// The item, until every branch has taken it: a branch waiting for its RIB then holds it only
  /// weakly, as any step does.
  private var item: Item?
  private var takers: Int
  private var tasks: [Task<Void, any Error>] = []

  private init(item: Item, takers: Int) {
    self.item = item
    self.takers = takers
  }

  private func take() -> Item {
    let taken = item!
    takers -= 1
    if takers == 0 { item = nil }
    return taken
  }

  private func cancelAll() {
    for task in tasks { task.cancel() }
  }

  static func run(
    _ branches: [@MainActor (consuming Item) async throws -> Void], on item: consuming Item
  ) async throws {
    guard !branches.isEmpty else { return }
    let fork = WorkflowFork(item: item, takers: branches.count)
    for branch in branches {
      fork.tasks.append(
        Task { @MainActor in
          do {
            try await branch(fork.take())
          } catch {
            fork.cancelAll()
            throw error
          }
        })
    }
    let tasks = fork.tasks
    try await withTaskCancellationHandler {
      var firstError: (any Error)?
      for task in tasks {
        do {
          try await task.value
        } catch {
          // The branch that failed first cancelled the others; report its error, not theirs.
          if firstError == nil || firstError is CancellationError { firstError = error }
        }
      }
      if let firstError { throw firstError }
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }
}
