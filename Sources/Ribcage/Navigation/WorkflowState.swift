/// What a workflow run came to.
public enum WorkflowState<Output> {
  /// Still running (possibly waiting for a RIB to become active).
  case running
  /// Every step ran; the last one returned `Output`.
  case completed(Output)
  /// A step threw.
  case failed(any Error)
  /// Cancelled, or replaced by a newer workflow of the same kind.
  case cancelled

  /// Whether the run is over.
  public var isFinished: Bool {
    if case .running = self { return false }
    return true
  }
}

extension WorkflowState: Sendable where Output: Sendable {}
