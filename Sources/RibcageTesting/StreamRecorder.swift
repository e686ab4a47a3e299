import Ribcage

/// Records every value of a stream, for asserting what a service published.
///
/// ```swift
/// let recorder = StreamRecorder(service.trips)
/// service.requestTrip()
/// #expect(recorder.values == [.idle, .requesting])
/// ```
@MainActor
public final class StreamRecorder<Value> {
  /// Every value received, in order.
  public private(set) var values: [Value] = []
  /// Whether the stream has finished.
  public private(set) var isFinished = false
  private var subscription: StreamSubscription?

  /// Records `stream`, starting with its current value.
  public init(_ stream: StateStream<Value>) {
    subscription = stream.observe(
      { [unowned self] in self.values.append($0) },
      onFinish: { [unowned self] in self.isFinished = true })
  }

  /// Records every later event of `stream`.
  public init(_ stream: EventStream<Value>) {
    subscription = stream.observe(
      { [unowned self] in self.values.append($0) },
      onFinish: { [unowned self] in self.isFinished = true })
  }

  isolated deinit {
    subscription?.cancel()
  }

  /// The last value received.
  public var last: Value? { values.last }

  /// Stops recording.
  public func cancel() {
    subscription?.cancel()
  }
}
