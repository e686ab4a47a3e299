/// Business logic that runs while a scope (an interactor) is active, outside any one interactor:
/// polling, syncing, observing a sensor.
///
/// A worker is started with a scope and from then on starts and stops with it: ``didStart(_:)``
/// runs every time the scope becomes active, ``didStop()`` every time it resigns. The worker holds
/// the scope weakly and stops for good when the scope goes away.
public protocol Working: AnyObject {
  /// Binds the worker to `interactorScope`'s active periods.
  @MainActor func start(_ interactorScope: any InteractorScope)
  /// Stops the worker and unbinds it from its scope.
  @MainActor func stop()
  /// Whether the worker is currently started (its scope is active).
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
/// ```
@MainActor
open class Worker: Working {
  /// Whether the worker is currently started.
  @exclusivity(unchecked) public private(set) final var isStarted = false

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
    stopIfStarted()
  }

  /// Binds the worker to `interactorScope`: it starts now if the scope is active, and from then on
  /// whenever the scope becomes active. Starting again with another scope unbinds the first.
  public final func start(_ interactorScope: any InteractorScope) {
    stop()
    scope = interactorScope
    scopeSubscription = interactorScope.isActiveStream.observe(
      { [weak self] isActive in self?.scopeChanged(isActive: isActive) },
      onFinish: { [weak self] in self?.stop() })
  }

  /// Stops the worker and unbinds it from its scope.
  public final func stop() {
    scopeSubscription?.cancel()
    scopeSubscription = nil
    scope = nil
    stopIfStarted()
  }

  /// Called each time the scope becomes active (and at ``start(_:)`` if it already is).
  open func didStart(_ interactorScope: any InteractorScope) {}

  /// Called each time the scope resigns active, and at ``stop()``. Work bound with
  /// ``CancellableWork/cancelOnStop(worker:)`` is cancelled right after it returns.
  open func didStop() {}

  private final func scopeChanged(isActive: Bool) {
    if isActive {
      guard !isStarted, let scope else { return }
      isStarted = true
      didStart(scope)
    } else {
      stopIfStarted()
    }
  }

  private final func stopIfStarted() {
    guard isStarted else { return }
    isStarted = false
    didStop()
    for item in startedWork.takeAll() { item.cancel() }
  }

  final func bind(_ work: any CancellableWork) {
    guard isStarted else {
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
  /// Cancels this work when `worker` stops; cancels it at once if the worker is not started.
  public func cancelOnStop(worker: Worker) {
    worker.bind(self)
  }
}
