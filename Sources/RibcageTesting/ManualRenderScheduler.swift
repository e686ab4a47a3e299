import Ribcage

/// A render scheduler that renders only when the test says so, for deterministic render tests.
///
/// ```swift
/// let scheduler = ManualRenderScheduler()
/// let loop = RenderLoop(state: service.state, presenter: ConfirmPresenter(), view: view,
///                       scheduler: scheduler)
/// service.select(.uberX); service.select(.uberXL)
/// scheduler.flush()        // one render, of the latest state
/// ```
@MainActor
public final class ManualRenderScheduler: RenderScheduler {
  private var pending: [any RenderLoopFlushing] = []

  /// Creates a scheduler with nothing pending.
  public init() {}

  /// How many flushes are waiting.
  public var pendingCount: Int { pending.count }

  public func scheduleFlush(of loop: any RenderLoopFlushing) {
    pending.append(loop)
  }

  /// Runs every pending flush, and the ones they schedule, until none is left — the end of a
  /// main-actor turn, on demand.
  public func flush() {
    while !pending.isEmpty {
      let loops = pending
      pending.removeAll()
      for loop in loops { loop.flush() }
    }
  }

  /// Runs only the flushes pending now (not the ones they schedule).
  public func flushOnce() {
    let loops = pending
    pending.removeAll()
    for loop in loops { loop.flush() }
  }
}
