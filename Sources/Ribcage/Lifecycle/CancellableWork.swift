/// Work that can be stopped before it is done: a stream subscription, a `Task`, a timer, a
/// Combine subscription (through RibcageCombine).
///
/// Bind work to the period an interactor is active, and it stops by itself when the interactor is
/// deactivated (or deallocated):
///
/// ```swift
/// override func didBecomeActive() {
///   super.didBecomeActive()
///   profileStream.observe { [weak self] in self?.presenter.show($0) }
///     .cancelOnDeactivate(interactor: self)
/// }
/// ```
@MainActor
public protocol CancellableWork {
  /// Stops the work. Calling it again does nothing.
  func cancel()
}

extension CancellableWork {
  /// Cancels this work when `interactor` is deactivated or deallocated, whichever comes first.
  ///
  /// Binding to an interactor that is not active cancels the work at once and reports a
  /// ``TreeDiagnostic/Kind/boundToInactiveInteractor`` warning: work started outside the active
  /// period would otherwise run with nothing to stop it.
  public func cancelOnDeactivate(interactor: Interactor) {
    interactor.bind(self)
  }
}

extension Task: CancellableWork {}
