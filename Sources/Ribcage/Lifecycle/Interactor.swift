/// The business logic of a RIB. Everything it starts is bound to its active period.
///
/// A router activates its interactor when the RIB is attached to an active parent (or launched)
/// and deactivates it when the RIB is detached. Override ``didBecomeActive()`` to subscribe to
/// streams and start work, and bind that work with
/// ``CancellableWork/cancelOnDeactivate(interactor:)``,
/// ``task(priority:_:)->Task<Success,Never>?`` or ``observe(_:_:)-(StateStream<Value>,_)`` so
/// that it stops at deactivation: no stale update can reach a RIB that is no longer attached.
///
/// ```swift
/// final class RideInteractor: Interactor, RideInteractable {
///   weak var router: RideRouting?
///   private let trips: StateStream<TripState>
///
///   init(trips: StateStream<TripState>) { self.trips = trips }
///
///   override func didBecomeActive() {
///     super.didBecomeActive()
///     observe(trips) { [weak self] in self?.router?.route(to: $0) }
///   }
/// }
/// ```
///
/// Activation is idempotent: ``activate()`` on an active interactor and ``deactivate()`` on an
/// inactive one do nothing. A RIB whose router is released while active (a dropped root) is
/// deactivated first, children first, so ``willResignActive()`` runs. An interactor released on
/// its own while active does not get ``willResignActive()`` (it is already being destroyed), but
/// its bound work is cancelled and its ``isActiveStream`` finishes.
@MainActor
open class Interactor: InteractorScope {
  /// Whether the interactor is between ``activate()`` and ``deactivate()``.
  @exclusivity(unchecked) public private(set) final var isActive = false
  /// Set while ``willResignActive()`` runs.
  @exclusivity(unchecked) private final var isResigning = false
  /// Set when the RIB was attached to an active parent while it was resigning (a hook moved it):
  /// it becomes active again once the deactivation under way has finished.
  @exclusivity(unchecked) private final var reactivatesAfterResigning = false

  /// Active and not about to stop: a router below one that is resigning is not activated.
  final var isActiveAndStaying: Bool { isActive && !isResigning }

  /// Bound work and the activeness stream, created on first use so that an interactor that
  /// needs neither costs nothing extra.
  @exclusivity(unchecked) private final var extras: InteractorExtras?

  /// The router that owns this interactor, set by the router; it drives subtree activation.
  /// `unowned(unsafe)` because the router owns the interactor and clears this in its deinit.
  @exclusivity(unchecked) nonisolated(unsafe) final unowned(unsafe) var owningRouter: RouterNode? {
    didSet { if owningRouter != nil { hasHadRouter = true } }
  }

  /// Whether a router ever owned this interactor: one that had a router and has none now belongs
  /// to a RIB that was torn down, and never becomes active again.
  @exclusivity(unchecked) nonisolated(unsafe) private final var hasHadRouter = false

  /// Whether the RIB this interactor belonged to was torn down (its router is gone): a workflow
  /// step waiting for it to become active would wait for ever.
  final var isTornDown: Bool { hasHadRouter && owningRouter == nil && !isActive }

  /// Leak tracking slot, written at detach and read in `deinit` (possibly off the main thread).
  @exclusivity(unchecked) nonisolated(unsafe) final var leakSlot = LeakSlot()

  /// Creates an inactive interactor.
  public init() {}

  deinit {
    leakSlot.markDeallocated()
    // `extras` goes with the interactor: its isolated deinit cancels what is still bound and
    // finishes the activeness stream.
  }

  // MARK: Lifecycle

  /// Activates the interactor and, when it belongs to a router, every RIB below it (parents
  /// before children). Does nothing if it is already active.
  public final func activate() {
    guard !isActive else { return }
    if let owningRouter {
      owningRouter.setSubtreeActive(true)
    } else {
      performActivation()
    }
  }

  /// Deactivates every RIB below this interactor's router (children before parents), then the
  /// interactor itself, cancelling all bound work. Does nothing if it is not active.
  public final func deactivate() {
    guard isActive else { return }
    if let owningRouter {
      owningRouter.setSubtreeActive(false)
    } else {
      performDeactivation()
    }
  }

  /// Called right after the interactor became active. Start work here and bind it.
  open func didBecomeActive() {}

  /// Called right before the interactor stops being active, while `isActive` is still `true`.
  /// Bound work is cancelled right after it returns.
  open func willResignActive() {}

  /// The activeness, replaying the current value; finishes when the interactor is deallocated.
  public final var isActiveStream: StateStream<Bool> {
    let extras = extrasCreatingIfNeeded()
    if let activeness = extras.activeness { return StateStream(core: activeness) }
    let created = StreamCore(replaying: isActive)
    extras.activeness = created
    return StateStream(core: created)
  }

  private final func extrasCreatingIfNeeded() -> InteractorExtras {
    if let extras { return extras }
    let created = InteractorExtras()
    extras = created
    return created
  }

  /// Activates this interactor alone, outside a tree walk: nothing is announced or timed.
  /// Returns whether it changed anything.
  @discardableResult
  final func performActivation() -> Bool {
    guard beginActivation() else { return false }
    extras?.activeness?.send(true)
    didBecomeActive()
    return true
  }

  /// Activates this interactor alone; the router's subtree walk calls it for each node, with its
  /// context and the router it is visiting (this interactor's), which the walk holds across the
  /// hook, even one that detaches it. Returns whether it changed anything.
  ///
  /// The walk's router is used rather than ``owningRouter``: loading that `unowned(unsafe)`
  /// reference retains the router, and a router is also held weakly, so its retains take the
  /// slow, side-table way. Neither argument is optional: unwrapping an optional argument copies
  /// (retains) it.
  @discardableResult
  final func performActivation(announcingIn context: TreeContext, as router: RouterNode) -> Bool {
    guard beginActivation() else { return false }
    // Timed only when a tree has hook observers.
    let timed = context.timesHooks
    let start = timed ? context.startHookClock() : 0
    // The event goes out before the hook runs: a hook that detaches its own RIB emits
    // "deactivated", which must come after "activated".
    if context.hasObservers { context.emit(.activated(router)) }
    extras?.activeness?.send(true)
    didBecomeActive()
    if timed { context.emitHookTiming(router, .didBecomeActive, since: start) }
    return true
  }

  /// Marks the interactor active; `false` if it already was.
  private final func beginActivation() -> Bool {
    guard !isActive else {
      if isResigning { reactivatesAfterResigning = true }
      return false
    }
    isActive = true
    return true
  }

  /// Deactivates this interactor alone, outside a tree walk: nothing is announced or timed.
  /// Returns whether it changed anything.
  @discardableResult
  final func performDeactivation() -> Bool {
    guard beginDeactivation() else { return false }
    willResignActive()
    endDeactivation()
    if reactivatesAfterResigning { reactivateIfParentIsActive() }
    return true
  }

  /// Deactivates this interactor alone; the router's subtree walk calls it for each node, with
  /// its context and the router it is visiting (see ``performActivation(announcingIn:as:)``).
  /// Returns whether it changed anything.
  @discardableResult
  final func performDeactivation(announcingIn context: TreeContext, as router: RouterNode)
    -> Bool
  {
    guard beginDeactivation() else { return false }
    if context.timesHooks {
      resignTimingTheHook(in: context, as: router)
    } else {
      willResignActive()
      endDeactivation()
      if context.hasObservers { context.emit(.deactivated(router)) }
    }
    if reactivatesAfterResigning { reactivateIfParentIsActive() }
    return true
  }

  /// Runs `willResignActive` timed, and ends the deactivation. The hook's timing goes out with
  /// "deactivated", once the bound work is cancelled and the activeness observers have run:
  /// what those cause comes before both. Apart so that the untimed path stays small enough to
  /// inline into the tree's walk.
  @inline(never)
  private final func resignTimingTheHook(in context: TreeContext, as router: RouterNode) {
    let start = context.startHookClock()
    willResignActive()
    let end = context.endHookClock()
    endDeactivation()
    context.emitEnd(of: .willResignActive, by: router, start: start, end: end)
  }

  /// Marks the interactor resigning; `false` if it is not active or already resigning (a walk
  /// started from inside willResignActive, a hook detaching an ancestor, reaches it again: the
  /// deactivation under way finishes it, once).
  private final func beginDeactivation() -> Bool {
    guard isActive, !isResigning else { return false }
    isResigning = true
    return true
  }

  /// Cancels the bound work and marks the interactor inactive, once `willResignActive` ran.
  private final func endDeactivation() {
    isResigning = false
    extras?.cancelBoundWork()
    isActive = false
    extras?.activeness?.send(false)
  }

  /// A hook attached this RIB to an active parent while it was resigning: now that it has
  /// stopped, it follows its new parent and becomes active again, with its subtree.
  private final func reactivateIfParentIsActive() {
    reactivatesAfterResigning = false
    guard let router = owningRouter, let parent = router.parent,
      parent.interactable.isActiveAndStaying,
      parent.existingContext?.isBeingDeactivated(parent) != true
    else { return }
    router.setSubtreeActive(true)
  }

  // MARK: Work bound to the active period

  final func bind(_ work: any CancellableWork) {
    guard isActive else {
      work.cancel()
      reportInactiveBinding(of: "\(type(of: work))")
      return
    }
    let extras = extrasCreatingIfNeeded()
    let id = extras.boundWork.append(work)
    // Work that can tell when it ends is released then, not at deactivation: an interactor
    // active for the whole session must not pile up every finished task.
    if let ending = work as? any EndObservableWork {
      ending.whenEnded { [weak extras] in extras?.boundWork.remove(id) }
    }
  }

  private final func reportInactiveBinding(of work: String, hint: String = "") {
    report(
      TreeDiagnostic(
        kind: .boundToInactiveInteractor, severity: .warning,
        message:
          "\(work) was bound to \(type(of: self)), which is not active, and was cancelled at "
          + "once. Start work in didBecomeActive() or later.\(hint)"))
  }

  /// What to do instead of observing an inactive interactor: uber's `confineTo`.
  private static let confineToHint =
    " To receive values only while it is active (and the latest one on each activation), "
    + "keep the subscription of stream.confineTo(interactor).observe { … } instead."

  /// How many pieces of bound work are waiting for deactivation. Tasks started with
  /// `task(priority:_:)` and bound `Task`s leave the count as soon as they end; other work (a
  /// stream subscription) stays until deactivation. For tests and diagnostics, hence SPI:
  /// `@_spi(Diagnostics) import Ribcage`.
  @_spi(Diagnostics) public final var boundWorkCount: Int { extras?.boundWork.count ?? 0 }

  /// Starts a task on the main actor that is cancelled when the interactor is deactivated, and
  /// released as soon as it ends.
  ///
  /// Called while inactive, it starts nothing: the body never runs, a
  /// ``TreeDiagnostic/Kind/boundToInactiveInteractor`` warning is reported and the result is
  /// `nil` (work that outlives its interactor's active period is the bug this prevents).
  @discardableResult
  public final func task<Success: Sendable>(
    priority: TaskPriority? = nil,
    _ operation: @escaping @MainActor @Sendable () async -> Success
  ) -> Task<Success, Never>? {
    guard isActive else {
      reportInactiveBinding(of: "A task")
      return nil
    }
    let extras = extrasCreatingIfNeeded()
    let id = extras.boundWork.reserveID()
    let task = Task(priority: priority) { [weak extras] in
      defer { extras?.boundWork.remove(id) }
      return await operation()
    }
    extras.boundWork.insert(task, id: id)
    return task
  }

  /// Starts a throwing task on the main actor that is cancelled when the interactor is
  /// deactivated, and released as soon as it ends.
  ///
  /// Called while inactive, the body never runs: the task throws `CancellationError` at once and
  /// a ``TreeDiagnostic/Kind/boundToInactiveInteractor`` warning is reported.
  @discardableResult
  public final func task<Success: Sendable>(
    priority: TaskPriority? = nil,
    _ operation: @escaping @MainActor @Sendable () async throws -> Success
  ) -> Task<Success, any Error> {
    guard isActive else {
      reportInactiveBinding(of: "A task")
      return Task { throw CancellationError() }
    }
    let extras = extrasCreatingIfNeeded()
    let id = extras.boundWork.reserveID()
    let task = Task(priority: priority) { [weak extras] in
      defer { extras?.boundWork.remove(id) }
      return try await operation()
    }
    extras.boundWork.insert(task, id: id)
    return task
  }

  /// Observes `stream` while the interactor is active: `handler` gets the current value now and
  /// every change until deactivation.
  ///
  /// The observation is bound before the current value is replayed, so a handler that ends the
  /// active period (its RIB gets detached) simply stops it; and the replay is a delivery like any
  /// other: a value sent from inside it reaches every observer after it. Derived streams
  /// (`trips.map { $0.stage }.removeDuplicates()`) are observed the same way, and deactivation
  /// releases what they hold upstream.
  public final func observe<Value>(
    _ stream: StateStream<Value>, _ handler: @escaping @MainActor (Value) -> Void
  ) {
    guard isActive else {
      reportInactiveBinding(
        of: "An observation of StateStream<\(Value.self)>", hint: Self.confineToHint)
      return
    }
    _ = stream.core.subscribe(
      onValue: handler, onFinish: nil, bindingFirst: { [self] in bind($0) })
  }

  /// Observes `stream` while the interactor is active: `handler` gets every event until
  /// deactivation.
  ///
  /// An event stream computed from a state stream (`session.filter { $0.isSignedIn }`) replays
  /// the current value when it passes; like a state stream's replay, it comes after the
  /// observation is bound.
  public final func observe<Value>(
    _ stream: EventStream<Value>, _ handler: @escaping @MainActor (Value) -> Void
  ) {
    guard isActive else {
      reportInactiveBinding(
        of: "An observation of EventStream<\(Value.self)>", hint: Self.confineToHint)
      return
    }
    _ = stream.core.subscribe(
      onValue: handler, onFinish: nil, bindingFirst: { [self] in bind($0) })
  }

  // MARK: Tree services

  /// The presenter to track for leaks when the RIB is detached, if it is a separate object.
  var trackedPresenter: AnyObject? { nil }

  /// Whether ``trackedPresenter`` is not `nil`, as a stored flag read without a call.
  final var hasPresenterObject = false

  func report(_ diagnostic: TreeDiagnostic) {
    (owningRouter?.context.diagnostics ?? .standard).report(diagnostic)
  }
}

/// The parts of an interactor most interactors never need, and the cleanup they require when the
/// interactor goes away. Its deinit is isolated to the main actor: it runs at once when the
/// interactor is released on the main actor (the normal case), and is scheduled there otherwise.
@MainActor
final class InteractorExtras {
  var boundWork = BoundWorkList()
  /// The activeness stream's engine; the interactor is its only writer.
  var activeness: StreamCore<Bool>?

  isolated deinit {
    // Only non-empty when the interactor was released while active.
    cancelBoundWork()
    activeness?.finish()
  }

  func cancelBoundWork() {
    for work in boundWork.takeAll() { work.cancel() }
  }
}
