/// A live subscription to a stream. Cancel it, or bind it to an interactor's active period with
/// ``CancellableWork/cancelOnDeactivate(interactor:)``.
///
/// A subscription does not cancel itself when released: like a disposable in uber/RIBs, it lives
/// until cancelled or until its stream finishes. Bind every subscription made by an interactor to
/// the interactor (`ribcage lint` reports the ones that are not).
@MainActor
public final class StreamSubscription: CancellableWork {
  private weak var source: (any SubscriptionSource)?
  private let id: UInt64

  init(source: (any SubscriptionSource)?, id: UInt64) {
    self.source = source
    self.id = id
  }

  /// Whether the subscription still receives values.
  public var isActive: Bool {
    source?.isSubscribed(id: id) ?? false
  }

  /// Stops delivery to this subscription. Safe to call more than once, and during a delivery.
  public func cancel() {
    source?.removeSubscriber(id: id)
    source = nil
  }
}
