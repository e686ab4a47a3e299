import Foundation
import RibcageCombine
import RibcageTesting
import Testing

/// Cancellation and re-entrancy across the main-actor hops: a subscriber that cancels gets
/// nothing more, from that moment, whatever is queued; nothing calls a subscriber from inside its
/// own `cancel()`; a value sent from a subscriber's `receive` is delivered once its demand is
/// counted; and a producer that never stops does not hold the main queue. (Found by a review of
/// the mailbox; each failed before its fix.)
@MainActor
@Suite(.timeLimit(.minutes(2))) struct CancellationAndReentrancyTests {
  @Test func confineToCancelledBeforeUpstreamSubscribesCancelsTheUpstream() {
    let interactor = PlainInteractor()
    interactor.activate()
    let subject = PassthroughSubject<Int, Never>()
    let counts = Counts()
    subject.handleEvents(
      receiveOutput: { _ in counts.outputs += 1 }, receiveCancel: { counts.cancels += 1 }
    )
    .confineTo(interactor)
    .subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: { $0.cancel() },  // cancelled at once
        receiveValue: { _ in .none }, receiveCompletion: nil))
    subject.send(1)
    subject.send(2)
    #expect(counts.cancels == 1, "the upstream is cancelled")
    #expect(counts.outputs == 0, "the upstream no longer sends to a cancelled subscription")
    interactor.deactivate()
  }

  @Test func confineToValueSentFromReceiveDuringActivationIsDelivered() async {
    let interactor = PlainInteractor()
    let subject = PassthroughSubject<Int, Never>()
    var seen: [Int] = []
    var subscription: (any Subscription)?
    subject.confineTo(interactor).subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: {
          subscription = $0
          $0.request(.max(1))
        },
        receiveValue: { value in
          seen.append(value)
          if value == 1 { subject.send(2) }
          return .max(1)
        }, receiveCompletion: nil))
    subject.send(1)  // inactive: kept
    interactor.activate()  // delivers 1; its receive sends 2 and asks for one more
    await mainQueueTurn()
    #expect(seen == [1, 2], "2 was sent while active and demand was returned for it")
    subscription?.cancel()
    interactor.deactivate()
  }

  @Test func confineToSubscriberCancellingInReceiveGetsNoMoreValues() async {
    let interactor = PlainInteractor()
    interactor.activate()
    let subject = PassthroughSubject<Int, Never>()
    var seen: [Int] = []
    var subscription: (any Subscription)?
    subject.confineTo(interactor).subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: {
          subscription = $0
          $0.request(.unlimited)
        },
        receiveValue: { value in
          seen.append(value)
          subscription?.cancel()
          return .none
        }, receiveCompletion: nil))
    let shared = SharedSubject(subject: subject)
    onAnotherThread {
      shared.subject.send(1)
      shared.subject.send(2)
    }
    await mainQueueTurn()
    await mainQueueTurn()
    #expect(seen == [1], "cancelled on the main actor from receive(1): 2 is not delivered")
    interactor.deactivate()
  }

  @Test func receiveOnMainActorSubscriberCancellingInReceiveGetsNoMoreValues() async {
    let subject = PassthroughSubject<Int, Never>()
    var seen: [Int] = []
    var subscription: (any Subscription)?
    subject.receiveOnMainActor().subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: {
          subscription = $0
          $0.request(.unlimited)
        },
        receiveValue: { value in
          seen.append(value)
          subscription?.cancel()
          return .none
        }, receiveCompletion: nil))
    let shared = SharedSubject(subject: subject)
    onAnotherThread {
      shared.subject.send(1)
      shared.subject.send(2)
    }
    await mainQueueTurn()
    await mainQueueTurn()
    #expect(seen == [1], "cancelled on the main actor from receive(1): 2 is not delivered")
  }

  @Test func confineToMainThreadCancelDoesNotCallReceiveInsideCancel() async {
    let interactor = PlainInteractor()
    interactor.activate()
    let subject = PassthroughSubject<Int, Never>()
    var seen: [Int] = []
    var insideCancel = false
    var receivedInsideCancel = 0
    var subscription: (any Subscription)?
    subject.confineTo(interactor).subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: {
          subscription = $0
          $0.request(.unlimited)
        },
        receiveValue: { value in
          seen.append(value)
          if insideCancel { receivedInsideCancel += 1 }
          return .none
        }, receiveCompletion: nil))
    let shared = SharedSubject(subject: subject)
    onAnotherThread { shared.subject.send(1) }  // queued for the main queue's next turn
    insideCancel = true
    subscription!.cancel()
    insideCancel = false
    await mainQueueTurn()
    #expect(receivedInsideCancel == 0, "receive(_:) ran re-entrantly inside cancel(); seen \(seen)")
    interactor.deactivate()
  }

  @Test func valuesSentWhileADrainRunsWaitForTheMainQueuesNextTurn() async {
    let subject = PassthroughSubject<Int, Never>()
    var order: [String] = []
    let shared = SharedSubject(subject: subject)
    let cancellable = subject.receiveOnMainActor().sink { value in
      order.append("\(value)")
      guard value == 1 else { return }
      // While the drain runs: two more values from another thread, then other main-queue work.
      onAnotherThread {
        shared.subject.send(2)
        shared.subject.send(3)
      }
      DispatchQueue.main.async { MainActor.assumeIsolated { order.append("other work") } }
    }
    onAnotherThread { shared.subject.send(1) }
    for _ in 0..<4 { await mainQueueTurn() }
    #expect(order == ["1", "other work", "2", "3"], "the producer does not hold the main queue")
    cancellable.cancel()
  }
}

private final class Counts: @unchecked Sendable {
  var outputs = 0
  var cancels = 0
}
