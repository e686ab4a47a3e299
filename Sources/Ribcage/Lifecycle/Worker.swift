/// Business logic that runs while a scope (an interactor) is active, outside any one interactor:
/// polling, syncing, observing a sensor.
///
/// A worker is started with a scope and from then on runs whenever the scope is active:
/// ``Worker/didStart(_:)`` runs every time the scope becomes active, ``Worker/didStop()`` every
/// time it resigns. The worker holds the scope weakly and stops for good when the scope goes away.
///
/// As in uber/RIBs, ``isStarted`` says whether the worker was started (from ``start(_:)`` to
/// ``stop()``), whatever the scope's state; ``Worker/isRunning`` says whether its work is running
/// now (started and the scope active).
public protocol Working: AnyObject {
  /// Binds the worker to `interactorScope`'s active periods.
  @MainActor func start(_ interactorScope: any InteractorScope)
  /// Stops the worker and unbinds it from its scope.
  @MainActor func stop()
  /// Whether the worker is started: `true` from ``start(_:)`` until ``stop()`` (or until its scope
  /// goes away), whether or not the scope is active.
  @MainActor var isStarted: Bool { get }
}

/// The base class for ``Working`` types: subclass it and override ``didStart(_:)`` and
/// ``didStop()``.
///
/// ```swift
/// final class LocationWorker: Worker {
///   override func didStart(_ interactorScope: any InteractorScope) {
///     locationService.updates.observe { ... }.cancelOnStop(worker: self)
///   }
/// }
/// worker.start(interactor)   // in the interactor's init or builder
/// worker.isStarted            // true from now until stop(), as in uber/RIBs
/// worker.isRunning            // true only while the interactor is active
/// ```
@MainActor
open class Worker: Working {
  /// Whether the worker is started: `true` from ``start(_:)`` until ``stop()`` (or until its scope
  /// goes away), whatever the scope's state — uber/RIBs' meaning. Ask ``isRunning`` whether its
  /// work runs now.
  @exclusivity(unchecked) public private(set) final var isStarted = false

  /// Whether the worker's work is running: it is started and its scope is active, i.e. between a
  /// ``didStart(_:)`` and the next ``didStop()``. Work bound with
  /// ``CancellableWork/cancelOnStop(worker:)`` is accepted only while this is `true`.
  ///
  /// ```swift
  /// worker.start(interactor)
  /// worker.isRunning   // false until the interactor becomes active
  /// ```
  @exclusivity(unchecked) public private(set) final var isRunning = false

  /// ``isStarted`` as a stream, replaying the current value — uber/RIBs' `isStartedStream`.
  /// Finishes when the worker is deallocated.
  ///
  /// ```swift
  /// worker.isStartedStream.observe { started in log("sync worker started: \(started)") }
  ///   .cancelOnDeactivate(interactor: self)
  /// ```
  public final var isStartedStream: StateStream<Bool> {
    if let startedCore { return StateStream(core: startedCore) }
    let created = StreamCore(replaying: isStarted)
    startedCore = created
    return StateStream(core: created)
  }

  /// The engine of ``isStartedStream``, created on first use.
  private final var startedCore: StreamCore<Bool>?

  private final weak var scope: (any InteractorScope)?
  private final var scopeSubscription: StreamSubscription?
  private final var startedWork = BoundWorkList()

  /// Creates a stopped worker.
  public init() {}

  /// A worker released while started stops as uber/RIBs' does: ``didStop()`` runs once and the
  /// work bound with ``CancellableWork/cancelOnStop(worker:)`` is cancelled, so nothing it started
  /// keeps running with no one to stop it.
  ///
  /// - Important: ``didStop()`` may then run while the worker is being destroyed: it must not
  ///   keep `self` (no `Task { await self.flush() }` there), or the process stops with "object
  ///   deallocated with non-zero retain count". Stop the worker yourself to do async cleanup.
  isolated deinit {
    scopeSubscription?.cancel()
    scopeSubscription = nil
    isStarted = false
    stopIfRunning()
    startedCore?.finish()
  }

  /// Binds the worker to `interactorScope`: it starts now if the scope is active, and from then on
  /// whenever the scope becomes active. Starting again with another scope unbinds the first.
  ///
  /// Unlike uber/RIBs, where a second `start` is ignored, starting a started worker moves it to
  /// the new scope (``isStarted`` stays `true`).
  public final func start(_ interactorScope: any InteractorScope) {
    let wasStarted = isStarted
    unbind()
    isStarted = true
    scope = interactorScope
    if !wasStarted { startedCore?.send(true) }
    // The replay of an active scope runs `didStart` now, which may stop or restart the worker.
    let subscription = interactorScope.isActiveStream.observe(
      { [weak self] isActive in self?.scopeChanged(isActive: isActive) },
      onFinish: { [weak self] in self?.stop() })
    if isStarted, scope === interactorScope, scopeSubscription == nil {
      scopeSubscription = subscription
    } else {
      subscription.cancel()
    }
  }

  /// Stops the worker and unbinds it from its scope. Does nothing if it is not started.
  public final func stop() {
    guard isStarted else { return }
    unbind()
    isStarted = false
    startedCore?.send(false)
  }

  private final func unbind() {
    scopeSubscription?.cancel()
    scopeSubscription = nil
    scope = nil
    stopIfRunning()
  }

  /// Called each time the scope becomes active (and at ``Worker/start(_:)`` if it already is).
  open func didStart(_ interactorScope: any InteractorScope) {}

  /// Called each time the scope resigns active, and at ``Worker/stop()``. Work bound with
  /// ``CancellableWork/cancelOnStop(worker:)`` is cancelled right after it returns.
  open func didStop() {}

  private final func scopeChanged(isActive: Bool) {
    if isActive {
      guard !isRunning, let scope else { return }
      isRunning = true
      didStart(scope)
    } else {
      stopIfRunning()
    }
  }

  private final func stopIfRunning() {
    guard isRunning else { return }
    isRunning = false
    didStop()
    for item in startedWork.takeAll() { item.cancel() }
  }

  final func bind(_ work: any CancellableWork) {
    guard isRunning else {
      work.cancel()
      return
    }
    let id = startedWork.append(work)
    // Ended work (a finished task) is let go at once rather than at the next stop.
    if let ending = work as? any EndObservableWork {
      ending.whenEnded { [weak self] in self?.startedWork.remove(id) }
    }
  }
}

extension CancellableWork {
  /// Cancels this work when `worker` stops running; cancels it at once if the worker is not
  /// running (see ``Worker/isRunning``).
  public func cancelOnStop(worker: Worker) {
    worker.bind(self)
  }
}
