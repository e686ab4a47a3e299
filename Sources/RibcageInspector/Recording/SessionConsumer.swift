/// A live consumer of a recorded session, from ``SessionRecorder/stream(from:to:)``.
@MainActor
public final class SessionConsumer {
  private weak var recorder: SessionRecorder?
  let deliver: @MainActor @Sendable ([UInt8]) -> Void
  /// Whether it receives no more bytes (cancelled, or the recorder stopped).
  public internal(set) var isCancelled = false

  init(recorder: SessionRecorder, deliver: @escaping @MainActor @Sendable ([UInt8]) -> Void) {
    self.recorder = recorder
    self.deliver = deliver
  }

  /// Stops delivery. Safe to call more than once.
  public func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    recorder?.remove(self)
  }
}
