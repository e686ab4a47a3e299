extension InteractorScope {
  /// Returns once the scope is active (at once if it already is); throws `CancellationError` if
  /// the waiting task is cancelled, or if the scope goes away first.
  ///
  /// This is how a workflow step "waits until the RIB it talks to is active".
  public func waitUntilActive() async throws {
    if isActive { return }
    for await isActive in isActiveStream.values where isActive {
      return
    }
    throw CancellationError()
  }
}

extension StateStream where Value: Sendable {
  /// The first value (the current one included) that satisfies `predicate`; throws
  /// `CancellationError` if the task is cancelled or the stream finishes first.
  ///
  /// ```swift
  /// let session = try await sessionService.session.first { $0.isSignedIn }
  /// ```
  public func first(where predicate: @escaping @Sendable (Value) -> Bool) async throws -> Value {
    if predicate(value) { return value }
    for await candidate in values where predicate(candidate) {
      return candidate
    }
    throw CancellationError()
  }
}
