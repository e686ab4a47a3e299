/// What a workflow run of a ``WorkflowRunner`` did, delivered by ``WorkflowRunner/events`` as it
/// happens: a start, each step waiting for its item and acting on it, and how the run ended.
///
/// ```swift
/// let log = workflows.events.observe { event in print(event) }
/// // workflow open-trip #3: started by rides://trip/42
/// // workflow open-trip #3: step 1 waits for RootInteractor
/// ```
public struct WorkflowEvent: Sendable, Equatable, CustomStringConvertible {
  /// What happened.
  public enum Phase: Sendable, Equatable {
    /// The run started; `trigger` is the deep link or push payload that started it, if any.
    case started(trigger: String?)
    /// Step `step` (1-based) waits for its item, of type `item`, to become active.
    case waiting(step: Int, item: String)
    /// Step `step` acts on its item, of type `item`.
    case acting(step: Int, item: String)
    /// Every step ran.
    case completed
    /// The run was cancelled (or replaced by a newer run of the same kind).
    case cancelled
    /// A step threw `error` (described).
    case failed(error: String)
  }

  /// The run's number in its runner, from 1.
  public let run: UInt64
  /// The workflow's kind.
  public let kind: String
  /// What happened.
  public let phase: Phase

  /// Creates an event.
  public init(run: UInt64, kind: String, phase: Phase) {
    self.run = run
    self.kind = kind
    self.phase = phase
  }

  public var description: String {
    let prefix = "workflow \(kind) #\(run): "
    switch phase {
    case .started(let trigger): return prefix + "started" + (trigger.map { " by \($0)" } ?? "")
    case .waiting(let step, let item): return prefix + "step \(step) waits for \(item)"
    case .acting(let step, let item): return prefix + "step \(step) acts on \(item)"
    case .completed: return prefix + "completed"
    case .cancelled: return prefix + "cancelled"
    case .failed(let error): return prefix + "failed: \(error)"
    }
  }
}

/// The run a workflow's steps belong to, carried by the run's task so that each step can report
/// itself to the runner's observers.
@MainActor
final class WorkflowTrace {
  @TaskLocal static var current: WorkflowTrace?

  private weak var runner: WorkflowRunner?
  let run: UInt64
  let kind: String
  private var stepCount = 0
  /// The ends of the runs of this kind started before this one and not ended when it started,
  /// oldest first; dropped as they end.
  private var predecessors: [WorkflowRunEnd]

  init(runner: WorkflowRunner, run: UInt64, kind: String, predecessors: [WorkflowRunEnd]) {
    self.runner = runner
    self.run = run
    self.kind = kind
    self.predecessors = predecessors
  }

  /// Whether every run of this kind started before this one has ended.
  var predecessorsHaveEnded: Bool {
    if predecessors.isEmpty { return true }
    var pending: [WorkflowRunEnd] = []
    for end in predecessors where !end.hasEnded { pending.append(end) }
    predecessors = pending
    return pending.isEmpty
  }

  /// Returns once every run of this kind started before this one has ended; throws
  /// `CancellationError` if this run is cancelled first.
  func waitForPredecessors() async throws {
    for end in predecessors { try await end.wait() }
    predecessors.removeAll()
  }

  /// Numbers the next step of the run.
  func nextStep() -> Int {
    stepCount += 1
    return stepCount
  }

  func report(_ phase: WorkflowEvent.Phase) {
    runner?.announce(WorkflowEvent(run: run, kind: kind, phase: phase))
  }
}
