/// Starts workflows so that the latest link wins: starting a workflow cancels the running one of
/// the same kind, and its steps act only once every replaced run of its kind has ended (a step
/// that ignores or swallows its cancellation acts before the newer link, never after it).
///
/// ```swift
/// let workflows = WorkflowRunner()
/// links.registerPush("trip_update") { ... }
/// workflows.start(openTrip(id: 42), on: rootInteractor)   // a second start replaces the first
/// ```
@MainActor
public final class WorkflowRunner {
  /// The running workflow of each kind. The runner owns a run until it ends, so the latest link
  /// wins even when callers discard the run handle (as they usually do).
  private var running: [String: (id: ObjectIdentifier, cancel: @MainActor () -> Void)] = [:]

  /// The ends of the runs of each kind that have not ended yet — the running one and any it
  /// replaced that are still finishing a step — oldest first: a new run's steps act only once
  /// they have all ended.
  private var unended: [String: [WorkflowRunEnd]] = [:]

  private let eventRelay = EventRelay<WorkflowEvent>()
  private var runCount: UInt64 = 0

  /// Creates a runner with nothing running.
  public init() {}

  /// Every run's start, steps and end, as they happen (for a session recorder or a log).
  public var events: EventStream<WorkflowEvent> { eventRelay.stream }

  func announce(_ event: WorkflowEvent) {
    if eventRelay.hasSubscribers { eventRelay.send(event) }
  }

  /// Starts `workflow` on `root`, cancelling the running workflow of the same kind. The returned
  /// run may be discarded: the runner keeps it until it ends.
  ///
  /// - Parameter workflow: the committed steps to run.
  /// - Parameter root: what the first step receives (the root's actionable item).
  /// - Parameter trigger: what started it — the deep link or push payload — for ``events``
  ///   observers (a session recorder ties the run to the link); ``open(_:with:on:serve:)`` passes
  ///   the URL.
  @discardableResult
  public func start<Root, Output>(
    _ workflow: CommittedWorkflow<Root, Output>, on root: Root, trigger: String? = nil
  ) -> WorkflowRun<Output> {
    running.removeValue(forKey: workflow.kind)?.cancel()
    let run = WorkflowRun<Output>(kind: workflow.kind)
    let body = workflow.body
    let box = MainActorBox(root)
    let end = WorkflowRunEnd()
    let predecessors = unended[workflow.kind] ?? []
    unended[workflow.kind, default: []].append(end)
    running[workflow.kind] = (ObjectIdentifier(run), { run.cancel() })
    runCount &+= 1
    let trace = WorkflowTrace(
      runner: self, run: runCount, kind: workflow.kind, predecessors: predecessors)
    // Observers may cancel or replace the run from here: the run remembers it, and its task is
    // cancelled as soon as it exists.
    trace.report(.started(trigger: trigger))
    // The task holds the run (and the runner entry holds it too) until the run ends.
    run.task = Task { [weak self] in
      let state: WorkflowState<Output>
      do {
        let output = try await WorkflowTrace.$current.withValue(trace) {
          try await body(box.take())
        }
        // Cancelled during its last step: the run was replaced, whatever the step returned.
        state = Task.isCancelled ? .cancelled : .completed(output)
      } catch {
        // Once the run is cancelled, any error is cancellation (`URLError(.cancelled)`, ...).
        state = error is CancellationError || Task.isCancelled ? .cancelled : .failed(error)
      }
      run.finish(state)
      switch state {
      case .completed: trace.report(.completed)
      case .cancelled: trace.report(.cancelled)
      case .failed(let error): trace.report(.failed(error: "\(error)"))
      case .running: break
      }
      end.end()
      self?.ended(run, end: end)
    }
    return run
  }

  /// Cancels the running workflow of `kind`, if any.
  public func cancel(kind: String) {
    running.removeValue(forKey: kind)?.cancel()
  }

  /// How many runs are in progress (one per kind at most).
  public var runningCount: Int { running.count }

  /// Whether a workflow of `kind` is running.
  public func isRunning(kind: String) -> Bool {
    running[kind] != nil
  }

  private func ended<Output>(_ run: WorkflowRun<Output>, end: WorkflowRunEnd) {
    if running[run.kind]?.id == ObjectIdentifier(run) { running[run.kind] = nil }
    if var ends = unended[run.kind], let index = ends.indexOfIdentical(end) {
      ends.remove(at: index)
      unended[run.kind] = ends.isEmpty ? nil : ends
    }
  }
}

/// Carries a main-actor value into a main-actor task, which takes it out: the box then holds
/// nothing, so a root the workflow waits on is not kept alive by the run.
@MainActor
final class MainActorBox<Value> {
  private var value: Value?
  init(_ value: Value) { self.value = value }

  func take() -> Value {
    defer { value = nil }
    return value!
  }
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
    links.link(for: url).map { start(serve($0), on: root, trigger: url) }
  }

  /// Opens a push notification's payload, like ``open(_:with:on:serve:)`` opens a URL.
  @discardableResult
  public func open<Link, Root, Output>(
    push payload: [String: ScalarValue], with links: DeepLinkRouter<Link>, on root: Root,
    serve: (Link) -> CommittedWorkflow<Root, Output>
  ) -> Result<WorkflowRun<Output>, DeepLinkError> {
    links.link(forPush: payload).map {
      start(serve($0), on: root, trigger: DeepLinkRouter<Link>.describe(payload))
    }
  }
}
