/// One start of a workflow: observe its ``state``, await its ``result``, or ``cancel()`` it.
@MainActor
public final class WorkflowRun<Output> {
  /// The workflow's kind.
  public let kind: String
  private let store = MutableStateStream<WorkflowState<Output>>(.running)
  var task: Task<Void, Never>?

  init(kind: String) {
    self.kind = kind
  }

  /// The run's state: running, then completed, failed or cancelled.
  public var state: StateStream<WorkflowState<Output>> { store.stream }

  /// Cancels the run: the step in progress sees cancellation and no later step runs.
  public func cancel() {
    task?.cancel()
    if !store.value.isFinished { store.value = .cancelled }
  }

  func finish(_ state: WorkflowState<Output>) {
    guard !store.value.isFinished else { return }
    store.value = state
  }

}

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
