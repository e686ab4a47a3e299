import Dispatch
import Foundation

extension Publisher {
  /// This publisher's values and completion on the main actor: at once when they arrive on the
  /// main thread, else on the main queue, in order — unlike `receive(on: DispatchQueue.main)`,
  /// which always waits for the next turn.
  ///
  /// Put it before a `sink` whose closure touches an interactor, a presenter or a stream sender:
  /// in Swift 6 such a closure is isolated to the main actor, and a publisher that sends from a
  /// background thread (a network client, a location manager) would otherwise call it off the
  /// main actor.
  ///
  /// ```swift
  /// client.fares(for: route)
  ///   .replaceError(with: [])
  ///   .receiveOnMainActor()
  ///   .sink { [weak self] in self?.show($0) }
  ///   .cancelOnDeactivate(interactor: self)
  /// ```
  public func receiveOnMainActor() -> AnyPublisher<Output, Failure> {
    MainActorReceiving(upstream: self).eraseToAnyPublisher()
  }
}

/// The publisher ``Publisher/receiveOnMainActor()`` returns.
struct MainActorReceiving<Upstream: Publisher>: Publisher {
  typealias Output = Upstream.Output
  typealias Failure = Upstream.Failure

  let upstream: Upstream

  func receive<S: Subscriber>(subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    upstream.subscribe(MainActorRelay(downstream: AnySubscriber(subscriber)))
  }
}

/// Forwards values and completion to the main actor. The downstream talks to the upstream
/// subscription directly (demand and cancellation are thread-safe in Combine); values keep their
/// order because every hop from another thread goes through the serial main queue, and demand a
/// subscriber returns from a hopped value is requested from the upstream then.
final class MainActorRelay<Input, Failure: Error>: Subscriber, @unchecked Sendable {
  let combineIdentifier = CombineIdentifier()
  private let downstream: AnySubscriber<Input, Failure>
  private let lock = NSLock()
  private var subscription: (any Subscription)?  // guarded by lock

  init(downstream: AnySubscriber<Input, Failure>) {
    self.downstream = downstream
  }

  func receive(subscription: any Subscription) {
    lock.lock()
    self.subscription = subscription
    lock.unlock()
    downstream.receive(subscription: subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let handover = Handover(input)
    if isOnMainActor() {
      return MainActor.assumeIsolated { downstream.receive(handover.value) }
    }
    DispatchQueue.main.async { [self] in
      let more = MainActor.assumeIsolated { downstream.receive(handover.value) }
      guard more > .none else { return }
      lock.lock()
      let subscription = self.subscription
      lock.unlock()
      subscription?.request(more)
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    onMainActor { [downstream] in downstream.receive(completion: completion) }
  }
}
