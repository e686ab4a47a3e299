import Ribcage

/// Renders at the end of each terminal turn (one command and whatever it set off), so every state
/// change of a command produces at most one render per screen — the Ziggurat loop with the
/// terminal's notion of a turn.
@MainActor
public final class TurnScheduler: RenderScheduler {
  private var pending: [any RenderLoopFlushing] = []

  public init() {}

  /// Render loops waiting for the end of the turn.
  public var pendingCount: Int { pending.count }

  public func scheduleFlush(of loop: any RenderLoopFlushing) {
    pending.append(loop)
  }

  /// Renders every loop signalled this turn (and any signalled by those renders).
  public func endTurn() {
    while !pending.isEmpty {
      let loops = pending
      pending.removeAll()
      for loop in loops { loop.flush() }
    }
  }
}
