/// Decides when a ``RenderLoop`` that has been signalled renders.
///
/// ``endOfTurn`` (the default) renders once at the end of the current main-actor turn, so every
/// state change made in one turn produces one render. Tests use `ManualRenderScheduler` from
/// RibcageTesting and flush explicitly.
@MainActor
public protocol RenderScheduler: AnyObject {
  /// Arranges for `request.flush()` to be called later, once.
  ///
  /// A `RenderLoop` hands over the part of it that renders, not the loop itself: holding it
  /// strongly keeps the loop's view alive until the flush (`EndOfTurnRenderScheduler` holds it
  /// weakly), not the loop, and once the loop has stopped or gone its `flush()` renders nothing.
  /// (Plain code voice, not symbol links: conformers in other modules inherit this comment.)
  func scheduleFlush(of request: any RenderLoopFlushing)
}

/// What a scheduler flushes: a render loop's request to render, as the scheduler sees it.
@MainActor
public protocol RenderLoopFlushing: AnyObject {
  /// Renders now if the loop was signalled since its last render.
  func flush()
}

/// Renders at the end of the current main-actor turn: the flush runs as the next job on the main
/// actor, after the code that changed the state has returned.
@MainActor
public final class EndOfTurnRenderScheduler: RenderScheduler {
  /// Creates a scheduler.
  public init() {}

  public func scheduleFlush(of request: any RenderLoopFlushing) {
    // Held weakly: a RIB detached before the turn ends lets its loop's engine, and the view its
    // render step holds, go at once. (A weak reference makes the engine's later retains take
    // the slow, side-table way; next to a task a render, that is noise.)
    Task { @MainActor [weak request] in request?.flush() }
  }
}

extension RenderScheduler where Self == EndOfTurnRenderScheduler {
  /// A scheduler that renders at the end of the current main-actor turn.
  public static var endOfTurn: EndOfTurnRenderScheduler { EndOfTurnRenderScheduler() }
}
