import Foundation

/// A service's state fed by a Combine publisher.
extension MutableStateStream {
  /// Makes every value `publisher` sends the current value of this stream, on the main actor,
  /// for as long as the returned subscription is kept — store it where the stream's owner keeps
  /// its own (`.store(in: &cancellables)`), so the feed ends with the service.
  ///
  /// ```swift
  /// @MainActor final class LocationService {
  ///   private let location = MutableStateStream(Location.unknown)
  ///   private var cancellables = Set<AnyCancellable>()
  ///   var current: StateStream<Location> { location.stream }
  ///
  ///   init(updates: some Publisher<Location, Never>) {
  ///     location.send(from: updates).store(in: &cancellables)
  ///   }
  /// }
  /// ```
  ///
  /// Values from a background thread arrive on the main queue, in order. The feed holds the
  /// stream weakly (through its `StateStreamSender`): once the owner has let it go, the next
  /// value cancels the feed. When the publisher finishes, the stream keeps its last value.
  public func send<P: Publisher>(from publisher: P) -> AnyCancellable
  where P.Output == Value, P.Failure == Never {
    let sender = self.sender
    let box = FeedCancellation()
    let cancellable = publisher.receiveOnMainActor().sink { value in
      MainActor.assumeIsolated {
        if sender.isConnected {
          sender.send(value)
        } else {
          box.cancel()
        }
      }
    }
    box.set(cancellable)
    return cancellable
  }
}

/// Lets a feed's own closure cancel it once its stream is gone. Weak: the owner's stored
/// `AnyCancellable` is what keeps the feed alive (and cancels it when released).
final class FeedCancellation: @unchecked Sendable {
  private let lock = NSLock()
  private weak var cancellable: AnyCancellable?
  private var isCancelled = false

  func set(_ cancellable: AnyCancellable) {
    lock.lock()
    let cancelNow = isCancelled
    self.cancellable = cancelNow ? nil : cancellable
    lock.unlock()
    if cancelNow { cancellable.cancel() }
  }

  func cancel() {
    lock.lock()
    isCancelled = true
    let cancellable = self.cancellable
    self.cancellable = nil
    lock.unlock()
    cancellable?.cancel()
  }
}
