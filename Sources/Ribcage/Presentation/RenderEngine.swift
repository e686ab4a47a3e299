/// The part of a ``RenderLoop`` that renders — its render step, its scheduler and its flags —
/// and what the loop hands its scheduler when it asks to be flushed.
///
/// Why not the loop itself: a worker is held weakly by its scope, so the loop's reference count
/// lives in a side table, and every retain and release of the loop takes the slow, side-table
/// way. A scheduler retains what it is handed and releases it after the flush: handed the loop,
/// each render paid two such atomic operations (a third of a render's time on an AMD EPYC). An
/// engine no scheduler holds weakly keeps the plain, inline kind (``EndOfTurnRenderScheduler``
/// holds it weakly, and pays a task a render anyway).
///
/// Why everything a flush touches lives here: a scheduler keeps the engine alive for the length
/// of the flush, while the render may release the loop (a view's render detaching its own RIB);
/// nothing a flush reads or writes goes with the loop. Once the loop stops, or goes, a pending
/// flush renders nothing, and holding the engine keeps no loop alive.
@MainActor
final class RenderEngine: RenderLoopFlushing {
  private let step: @MainActor () -> Bool
  private let scheduler: any RenderScheduler

  // Only touched on the main actor, and no access spans a call into the presenter or the view,
  // so dynamic exclusivity checks are skipped.
  /// Whether the loop runs (its interactor is active); false for good once the loop goes.
  @exclusivity(unchecked) var isRunning = false
  /// Set while the loop subscribes: the replay of the current state marks it dirty only.
  @exclusivity(unchecked) var isStarting = false
  @exclusivity(unchecked) private(set) var isDirty = false
  @exclusivity(unchecked) private var isFlushScheduled = false
  @exclusivity(unchecked) private var isRendering = false
  @exclusivity(unchecked) private(set) var presentCount = 0
  @exclusivity(unchecked) private(set) var renderCount = 0

  init(step: @escaping @MainActor () -> Bool, scheduler: any RenderScheduler) {
    self.step = step
    self.scheduler = scheduler
  }

  /// Marks the state as changed and schedules one render. Called for every state change; cheap
  /// when a render is already pending.
  func signal() {
    guard isRunning else { return }
    isDirty = true
    guard !isRendering, !isFlushScheduled, !isStarting else { return }
    isFlushScheduled = true
    scheduler.scheduleFlush(of: self)
  }

  /// Renders now if signalled since the last render: presents the current state and renders the
  /// view model unless it equals the last one.
  func flush() {
    isFlushScheduled = false
    guard isDirty, isRunning, !isRendering else { return }
    isDirty = false
    isRendering = true
    presentCount += 1
    if step() { renderCount += 1 }
    isRendering = false
    // A change made while rendering gets one more render, after this one.
    if isDirty, isRunning, !isFlushScheduled {
      isFlushScheduled = true
      scheduler.scheduleFlush(of: self)
    }
  }

  /// Stops rendering: what is pending is dropped.
  func stop() {
    isRunning = false
    isDirty = false
  }
}
