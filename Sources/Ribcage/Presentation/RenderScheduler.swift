/// Decides when a ``RenderLoop`` that has been signalled renders.
///
/// ``endOfTurn`` (the default) renders once at the end of the current main-actor turn, so every
/// state change made in one turn produces one render. Tests use `ManualRenderScheduler` from
/// RibcageTesting and flush explicitly.
@MainActor
public protocol RenderScheduler: AnyObject {
  /// Arranges for `loop.flush()` to be called later, once.
  ///
  /// `loop` is the loop's request to be flushed, not the loop: holding it does not keep the loop
  /// alive, and once the loop is gone its `flush()` does nothing.
  func scheduleFlush(of loop: any RenderLoopFlushing)
}

/// A render loop's request to be flushed, as a scheduler sees it.
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

  public func scheduleFlush(of loop: any RenderLoopFlushing) {
    // Held strongly: the request does not keep its loop alive, and a weak reference would make
    // every retain of it take the slow way (see `RenderLoop.FlushRequest`).
    Task { @MainActor in loop.flush() }
  }
}

extension RenderScheduler where Self == EndOfTurnRenderScheduler {
  /// A scheduler that renders at the end of the current main-actor turn.
  public static var endOfTurn: EndOfTurnRenderScheduler { EndOfTurnRenderScheduler() }
}
