import Foundation
import RibcageCombine
import RibcageTesting
import Testing

/// `Publisher.confineTo(_:)` with ModernRIBs' semantics, and values from other threads.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct ConfineToPublisherTests {
  @Test func subscribedNowDeliveredWhileActiveLatestOnEachActivation() {
    let interactor = PlainInteractor()
    let locations = PassthroughSubject<String, Never>()
    var upstreamSubscribed = false
    var seen: [String] = []
    let cancellable = locations.handleEvents(receiveSubscription: { _ in upstreamSubscribed = true }
    )
    .confineTo(interactor)
    .sink { seen.append($0) }
    #expect(upstreamSubscribed, "subscribed now, while inactive")

    locations.send("home")
    locations.send("office")
    #expect(seen.isEmpty)
    interactor.activate()
    #expect(seen == ["office"], "the latest, on activation")
    locations.send("airport")
    #expect(seen == ["office", "airport"])
    interactor.deactivate()
    locations.send("hotel")
    #expect(seen == ["office", "airport"])
    interactor.activate()
    #expect(seen == ["office", "airport", "hotel"])
    interactor.deactivate()
    interactor.activate()
    #expect(seen == ["office", "airport", "hotel", "hotel"], "re-delivered, as ModernRIBs does")
    cancellable.cancel()
    locations.send("home")
    #expect(seen.count == 4)
  }

  @Test func itFinishesWhenTheUpstreamHasFinishedAndTheScopeHasGone() {
    let subject = PassthroughSubject<Int, Never>()
    var seen: [Int] = []
    var finished = false
    var interactor: PlainInteractor? = PlainInteractor()
    let cancellable = subject.confineTo(interactor!)
      .sink(receiveCompletion: { _ in finished = true }, receiveValue: { seen.append($0) })
    interactor!.activate()
    subject.send(1)
    subject.send(completion: .finished)
    #expect(seen == [1])
    #expect(!finished, "the scope is still there")
    interactor!.deactivate()
    interactor = nil
    #expect(finished)
    _ = cancellable
  }

  @Test func anUpstreamFailureEndsTheConfinedPublisherWithoutACrash() {
    struct Offline: Error {}
    let interactor = PlainInteractor()
    interactor.activate()
    let subject = PassthroughSubject<Int, Offline>()
    var completions = 0
    let cancellable = subject.confineTo(interactor)
      .sink(receiveCompletion: { _ in completions += 1 }, receiveValue: { _ in })
    subject.send(completion: .failure(Offline()))
    #expect(completions == 1)
    _ = cancellable
  }

  @Test func limitedDemandGetsTheLatestValueWhenItAsksAgain() {
    let interactor = PlainInteractor()
    interactor.activate()
    let subject = PassthroughSubject<Int, Never>()
    let subscriber = LimitedDemandSubscriber(to: subject.confineTo(interactor))
    subject.send(1)
    subject.send(2)
    subject.send(3)
    #expect(subscriber.seen == [1])
    subscriber.request(.max(1))
    #expect(subscriber.seen == [1, 3])
    subscriber.cancel()
  }

  @Test func valuesFromOtherThreadsReachTheInteractorOnTheMainActorInOrderPerThread() async {
    let interactor = PlainInteractor()
    interactor.activate()
    let subject = PassthroughSubject<(thread: Int, index: Int), Never>()
    var seen: [Int: [Int]] = [:]
    var offMainActor = 0
    let cancellable = subject.confineTo(interactor).sink { value in
      if !MainActorProbe.isOnMainActor() { offMainActor += 1 }
      seen[value.thread, default: []].append(value.index)
    }
    let threads = 4
    let count = 500
    let lock = NSLock()
    let shared = SharedSubject(subject: subject)
    await Task.detached {
      sendConcurrently(threads: threads, count: count) { thread, index in
        lock.lock()  // a PassthroughSubject must not be sent to concurrently
        shared.subject.send((thread, index))
        lock.unlock()
      }
    }.value
    await eventually { seen.values.map(\.count).reduce(0, +) == threads * count }
    #expect(offMainActor == 0)
    for thread in 0..<threads {
      #expect(seen[thread] == Array(0..<count), "thread \(thread)'s values in the order sent")
    }
    cancellable.cancel()
  }
}
