/// A Combine subscription is work Ribcage can bind: to an interactor's active period or a
/// worker's started period. Retroactive on purpose: neither Combine nor Ribcage can declare it,
/// and this module is the one place that does.
// swift-format-ignore: AvoidRetroactiveConformances
extension AnyCancellable: @retroactive CancellableWork {}

extension AnyCancellable {
  /// Cancels this subscription when `interactor` is deactivated (or deallocated); cancels it at
  /// once, with a warning, if `interactor` is not active. Returns `self`, as ModernRIBs does, so
  /// `publisher.sink { … }.cancelOnDeactivate(interactor: self)` compiles unchanged — the
  /// returned value may be ignored.
  ///
  /// The subscription's closure may retain the interactor: deactivation cancels it, which
  /// releases the closure before the interactor has to go.
  @MainActor
  @discardableResult
  public func cancelOnDeactivate(interactor: Interactor) -> AnyCancellable {
    (self as any CancellableWork).cancelOnDeactivate(interactor: interactor)
    return self
  }

  /// ModernRIBs' deprecated spelling of ``cancelOnDeactivate(interactor:)``.
  @available(*, deprecated, renamed: "cancelOnDeactivate(interactor:)")
  @MainActor
  @discardableResult
  public func disposeOnDeactivate(interactor: Interactor) -> AnyCancellable {
    cancelOnDeactivate(interactor: interactor)
  }

  /// Cancels this subscription when `worker` stops (or is released while started); cancels it
  /// at once, with a warning, if `worker` is not started. ModernRIBs' spelling; returns `self`.
  @MainActor
  @discardableResult
  public func cancelOnStop(_ worker: Worker) -> AnyCancellable {
    (self as any CancellableWork).cancelOnStop(worker: worker)
    return self
  }

  /// Ribcage's spelling of ``cancelOnStop(_:)``; returns `self`.
  @MainActor
  @discardableResult
  public func cancelOnStop(worker: Worker) -> AnyCancellable {
    cancelOnStop(worker)
  }

  /// ModernRIBs' deprecated spelling of ``cancelOnStop(_:)``.
  @available(*, deprecated, renamed: "cancelOnStop(_:)")
  @MainActor
  @discardableResult
  public func disposeOnStop(_ worker: Worker) -> AnyCancellable {
    cancelOnStop(worker)
  }
}

/// Any Combine `Cancellable` bound to an interactor or a worker, as ModernRIBs binds them.
extension Cancellable {
  /// Cancels this subscription (any `Cancellable`, not only an `AnyCancellable`) when
  /// `interactor` is deactivated; at once, with a warning, if it is not active.
  @MainActor
  public func cancelOnDeactivate(interactor: Interactor) {
    CancellableBridge(self).cancelOnDeactivate(interactor: interactor)
  }

  /// Cancels this subscription when `worker` stops; at once, with a warning, if it is not
  /// started.
  @MainActor
  public func cancelOnStop(_ worker: Worker) {
    CancellableBridge(self).cancelOnStop(worker: worker)
  }
}

/// Any `Cancellable` as Ribcage's `CancellableWork` (a protocol cannot adopt another one
/// retroactively, so it is wrapped).
struct CancellableBridge: CancellableWork {
  let base: any Cancellable

  init(_ base: any Cancellable) {
    self.base = base
  }

  func cancel() {
    base.cancel()
  }
}
