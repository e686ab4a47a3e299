/// Starts workflows so that the latest link wins: starting a workflow cancels the running one of
/// the same kind.
///
/// ```swift
/// let workflows = WorkflowRunner()
/// links.registerPush("trip_update") { ... }
/// workflows.start(openTrip(id: 42), on: rootInteractor)   // a second start replaces the first
/// ```
@MainActor
public final class WorkflowRunner {
  private var running: [String: () -> Void] = [:]

  /// Creates a runner with nothing running.
  public init() {}

  /// Starts `workflow` on `root`, cancelling the running workflow of the same kind.
  @discardableResult
  public func start<Root, Output>(_ workflow: CommittedWorkflow<Root, Output>, on root: Root)
    -> WorkflowRun<Output>
  {
    running[workflow.kind]?()
    let run = WorkflowRun<Output>(kind: workflow.kind)
    let body = workflow.body
    let box = MainActorBox(root)
    run.task = Task { [weak run] in
      do {
        let output = try await body(box.value)
        run?.finish(.completed(output))
      } catch is CancellationError {
        run?.finish(.cancelled)
      } catch {
        run?.finish(.failed(error))
      }
    }
    running[workflow.kind] = { [weak run] in run?.cancel() }
    return run
  }

  /// Cancels the running workflow of `kind`, if any.
  public func cancel(kind: String) {
    running.removeValue(forKey: kind)?()
  }
}

/// Carries a main-actor value into a main-actor task.
@MainActor
final class MainActorBox<Value> {
  let value: Value
  init(_ value: Value) { self.value = value }
}

extension WorkflowRunner {
  /// Opens a deep link: parses `url` with `links` and starts the workflow `serve` returns for the
  /// link on `root` (replacing a running one of the same kind). Bad input starts nothing and
  /// returns the typed error — the tree is untouched.
  ///
  /// ```swift
  /// switch workflows.open(url, with: links, on: rootInteractor, serve: Workflows.serve) {
  /// case .success: break
  /// case .failure(let error): log(error)
  /// }
  /// ```
  @discardableResult
  public func open<Link, Root, Output>(
    _ url: String, with links: DeepLinkRouter<Link>, on root: Root,
    serve: (Link) -> CommittedWorkflow<Root, Output>
  ) -> Result<WorkflowRun<Output>, DeepLinkError> {
    links.link(for: url).map { start(serve($0), on: root) }
  }

  /// Opens a push notification's payload, like ``open(_:with:on:serve:)`` opens a URL.
  @discardableResult
  public func open<Link, Root, Output>(
    push payload: [String: ScalarValue], with links: DeepLinkRouter<Link>, on root: Root,
    serve: (Link) -> CommittedWorkflow<Root, Output>
  ) -> Result<WorkflowRun<Output>, DeepLinkError> {
    links.link(forPush: payload).map { start(serve($0), on: root) }
  }
}
