/// One start of a workflow: observe its ``state``, await its ``result``, or ``cancel()`` it.
@MainActor
public final class WorkflowRun<Output> {
  /// The workflow's kind.
  public let kind: String
  private let store = MutableStateStream<WorkflowState<Output>>(.running)
  /// The run's task. A run cancelled before its task exists (by an ``WorkflowRunner/events``
  /// observer of its start) has it cancelled as soon as it is set.
  var task: Task<Void, Never>? {
    didSet { if isCancellationRequested { task?.cancel() } }
  }

  init(kind: String) {
    self.kind = kind
  }

  /// The run's state: running, then completed, failed or cancelled.
  public var state: StateStream<WorkflowState<Output>> { store.stream }

  /// Whether ``cancel()`` was called (the state says `cancelled` once the run has really ended).
  public private(set) var isCancellationRequested = false

  /// Cancels the run: the step in progress sees cancellation and no later step starts. The
  /// ``state`` turns `cancelled` when the run has ended by it — on the main actor's next turn if
  /// the step in progress reacts to cancellation (a step waiting for its RIB does), otherwise when
  /// that step returns (it cannot be stopped from outside). Does nothing once the run has
  /// finished.
  public func cancel() {
    guard !store.value.isFinished, !isCancellationRequested else { return }
    isCancellationRequested = true
    task?.cancel()
  }

  func finish(_ state: WorkflowState<Output>) {
    guard !store.value.isFinished else { return }
    store.value = state
  }
}

/// A run is work an interactor can own: `run.cancelOnDeactivate(interactor: self)` ends it when
/// the RIB resigns.
extension WorkflowRun: CancellableWork {}

extension WorkflowRun where Output: Sendable {
  /// Waits for the run to finish: its output, or its error (`CancellationError` if cancelled).
  public var result: Output {
    get async throws {
      for await state in store.stream.values(bufferingPolicy: .bufferingNewest(1)) {
        switch state {
        case .running: continue
        case .completed(let output): return output
        case .failed(let error): throw error
        case .cancelled: throw CancellationError()
        }
      }
      throw CancellationError()
    }
  }
}
