import Dispatch
import Foundation

extension Publisher {
  /// This publisher's values and completion on the main actor, in the order sent and none lost:
  /// at once when they arrive on the main thread and nothing sent earlier is still on its way,
  /// else on the main queue behind what came before — unlike `receive(on: DispatchQueue.main)`,
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

/// Forwards values and completion to the main actor, in the order the upstream sent them: through
/// one ``MainActorMailbox``, so a value or completion sent on the main thread never overtakes one
/// sent earlier from another thread. The downstream's demand goes straight to the upstream
/// (demand is thread-safe in Combine); its cancellation also stops what is queued here; demand a
/// subscriber returns from a queued value is requested from the upstream once it has been
/// delivered.
final class MainActorRelay<Input, Failure: Error>: Subscriber, @unchecked Sendable {
  let combineIdentifier = CombineIdentifier()
  private let downstream: AnySubscriber<Input, Failure>
  private let mailbox = MainActorMailbox()
  private let lock = NSLock()
  private var subscription: (any Subscription)?  // guarded by lock
  private let cancellation = CancellationFlag()

  init(downstream: AnySubscriber<Input, Failure>) {
    self.downstream = downstream
  }

  func receive(subscription: any Subscription) {
    lock.lock()
    self.subscription = subscription
    lock.unlock()
    downstream.receive(subscription: RelaySubscription(upstream: subscription, flag: cancellation))
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let handover = Handover(input)
    if mailbox.enterIfIdle() {
      return MainActor.assumeIsolated {
        defer { mailbox.leave() }
        return downstream.receive(handover.value)
      }
    }
    mailbox.enqueue { [self] in
      guard !cancellation.isCancelled else { return }  // cancelled while it waited
      let more = downstream.receive(handover.value)
      guard more > .none else { return }
      lock.lock()
      let subscription = self.subscription
      lock.unlock()
      subscription?.request(more)
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    mailbox.run { [downstream, cancellation] in
      guard !cancellation.isCancelled else { return }
      downstream.receive(completion: completion)
    }
  }
}

/// The upstream's subscription as the relay's downstream sees it: demand goes straight up, and a
/// cancellation also stops what the relay has queued for the main actor.
final class RelaySubscription: Subscription, @unchecked Sendable {
  let combineIdentifier = CombineIdentifier()
  private let upstream: any Subscription
  private let flag: CancellationFlag

  init(upstream: any Subscription, flag: CancellationFlag) {
    self.upstream = upstream
    self.flag = flag
  }

  func request(_ demand: Subscribers.Demand) {
    upstream.request(demand)
  }

  func cancel() {
    guard flag.cancel() else { return }
    upstream.cancel()
  }
}
