extension RenderLoop {
  /// What a loop hands its scheduler when it asks to be flushed: a small object the loop owns
  /// and points back at the loop without retaining it.
  ///
  /// Why not the loop itself: a worker is held weakly by its scope, so the loop's reference
  /// count lives in a side table, and every retain and release of the loop takes the slow,
  /// side-table way. A scheduler retains what it is handed and releases it after the flush:
  /// handed the loop, each render paid two such atomic operations (a third of a render's time on
  /// an AMD EPYC, where the rest of the loop is within 1.3× of its floor in instructions). This
  /// request is never referenced weakly, so its retains are the plain, inline kind.
  ///
  /// A pending request does not keep the loop alive: once the loop is gone, its flush does
  /// nothing, as a flush scheduled by ``EndOfTurnRenderScheduler`` (which holds it weakly) did.
  @MainActor
  final class FlushRequest: RenderLoopFlushing {
    /// The loop; `nil` once it is deinitialised. Unmanaged: the loop owns this request, and its
    /// deinit clears the reference before any of its storage goes.
    @exclusivity(unchecked) var loop: Unmanaged<RenderLoop>?

    init() {}

    func flush() {
      guard let loop else { return }
      RenderLoop.call(loop) { $0.flush() }
    }
  }
}
