extension StreamCore where Value: Sendable {
  /// A new, independent `AsyncStream` of this stream's values. It ends when the stream finishes;
  /// ending the consumer (breaking the loop, cancelling its task) cancels the subscription.
  func asyncValues(
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy
  ) -> AsyncStream<Value> {
    let (values, continuation) = AsyncStream.makeStream(
      of: Value.self, bufferingPolicy: bufferingPolicy)
    let subscription = subscribe(
      onValue: { continuation.yield($0) },
      onFinish: { continuation.finish() })
    continuation.onTermination = { _ in
      Task { @MainActor in subscription.cancel() }
    }
    return values
  }
}

extension StateStream where Value: Sendable {
  /// The current value and every later one, as an `AsyncSequence`. Each access makes an
  /// independent sequence, so any number of consumers can iterate at once.
  ///
  /// ```swift
  /// for await isActive in interactor.isActiveStream.values { ... }
  /// ```
  public var values: AsyncStream<Value> { core.asyncValues(bufferingPolicy: .unbounded) }

  /// Like ``values``, with a buffering policy for slow consumers (for state,
  /// `.bufferingNewest(1)` keeps only the latest value).
  public func values(
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy
  ) -> AsyncStream<Value> {
    core.asyncValues(bufferingPolicy: bufferingPolicy)
  }
}

extension EventStream where Value: Sendable {
  /// Every later event, as an `AsyncSequence`. Each access makes an independent sequence.
  public var values: AsyncStream<Value> { core.asyncValues(bufferingPolicy: .unbounded) }

  /// Like ``values``, with a buffering policy for slow consumers.
  public func values(
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy
  ) -> AsyncStream<Value> {
    core.asyncValues(bufferingPolicy: bufferingPolicy)
  }
}
