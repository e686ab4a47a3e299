import Foundation
@_spi(Diagnostics) import Ribcage
import RibcageCombine
import RibcageTesting
import Testing

/// Ribcage's streams as Combine publishers, and publishers feeding a service's state.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct StreamPublisherTests {
  /// A service that owns a stream, to release it (an `Optional` of a noncopyable type needs a
  /// newer runtime than the package's minimum).
  @MainActor final class TripOwner {
    let trip = MutableStateStream("requested")
  }

  @Test func aStateStreamPublishesItsCurrentValueThenEveryChangeAndFinishesWithItsOwner() {
    var owner: TripOwner? = TripOwner()
    var seen: [String] = []
    var finished = false
    let cancellable = owner!.trip.stream.publisher
      .sink(receiveCompletion: { _ in finished = true }, receiveValue: { seen.append($0) })
    owner!.trip.value = "matched"
    #expect(seen == ["requested", "matched"])
    #expect(owner!.trip.subscriberCount == 1)
    owner = nil
    #expect(finished)
    _ = cancellable
  }

  @Test func combineOperatorsWorkOnTheStreamAndCancellingReleasesTheSubscription() {
    let trip = MutableStateStream(1)
    var seen: [String] = []
    let cancellable = trip.stream.publisher
      .map { "trip \($0)" }
      .removeDuplicates()
      .sink { seen.append($0) }
    trip.value = 1
    trip.value = 2
    #expect(seen == ["trip 1", "trip 2"])
    cancellable.cancel()
    #expect(trip.subscriberCount == 0)
  }

  @Test func anEventStreamPublishesLaterEvents() {
    let arrivals = EventRelay<Int>()
    var seen: [Int] = []
    let cancellable = arrivals.stream.publisher.sink { seen.append($0) }
    arrivals.send(1)
    arrivals.send(2)
    #expect(seen == [1, 2])
    cancellable.cancel()
    #expect(arrivals.subscriberCount == 0)
  }

  @Test func aSubscriberWithLimitedDemandGetsTheLatestValueWhenItAsksAgain() {
    let eta = MutableStateStream(9)
    let subscriber = LimitedDemandSubscriber(to: eta.stream.publisher)
    eta.value = 8
    eta.value = 7
    #expect(subscriber.seen == [9])
    subscriber.request(.max(1))
    #expect(subscriber.seen == [9, 7])
    subscriber.cancel()
    #expect(eta.subscriberCount == 0)
  }

  @Test func anInteractorObservesAStreamThroughCombineAndNothingLeaks() {
    let harness = RIBHarness()
    let root = PlainRouter()
    harness.activate(root)
    let eta = MutableStateStream(5)
    var shown: [Int] = []
    var child: PlainRouter? = PlainRouter()
    root.attachChild(child!)
    eta.stream.publisher.sink { shown.append($0) }.cancelOnDeactivate(interactor: child!.interactor)
    eta.value = 4
    root.detachChild(child!)
    child = nil
    eta.value = 3
    #expect(shown == [5, 4])
    #expect(eta.subscriberCount == 0)
    harness.expectNoLeaks()
  }

  @MainActor final class LocationService {
    private let location = MutableStateStream("unknown")
    private var cancellables = Set<AnyCancellable>()
    var current: StateStream<String> { location.stream }

    init(updates: some Publisher<String, Never>) {
      location.send(from: updates).store(in: &cancellables)
    }
  }

  @Test func aPublisherFeedsAServiceStateUntilTheServiceGoes() {
    var cancelled = false
    let updates = PassthroughSubject<String, Never>()
    var service: LocationService? = LocationService(
      updates: updates.handleEvents(receiveCancel: { cancelled = true }))
    var seen: [String] = []
    let subscription = service!.current.observe { seen.append($0) }
    updates.send("home")
    #expect(seen == ["unknown", "home"])
    service = nil
    #expect(cancelled, "the feed ends with its service")
    updates.send("office")
    #expect(seen == ["unknown", "home"])
    subscription.cancel()
  }

  @Test func aFeedFromOtherThreadsChangesTheStateOnTheMainActor() async {
    let updates = PassthroughSubject<Int, Never>()
    let service = CounterService(updates: updates)
    let lock = NSLock()
    let shared = SharedSubject(subject: updates)
    await Task.detached {
      sendConcurrently(threads: 4, count: 250) { _, _ in
        lock.lock()
        shared.subject.send(1)
        lock.unlock()
      }
    }.value
    await eventually { service.total == 1000 }
    #expect(service.offMainActorUpdates == 0)
  }

  @MainActor final class CounterService {
    private let count = MutableStateStream(0)
    private var cancellables = Set<AnyCancellable>()
    private var subscription: StreamSubscription?
    private(set) var offMainActorUpdates = 0
    var total: Int { count.value }

    init(updates: PassthroughSubject<Int, Never>) {
      let sender = count.sender
      updates.receiveOnMainActor()
        .sink { [weak self] step in
          if !MainActorProbe.isOnMainActor() { self?.offMainActorUpdates += 1 }
          sender.update { $0 += step }
        }
        .store(in: &cancellables)
    }
  }

  @Test func aSenderOutlivingItsStreamDoesNothing() {
    var owner: TripOwner? = TripOwner()
    let sender = owner!.trip.sender
    #expect(sender.isConnected)
    sender.send("matched")
    #expect(owner!.trip.value == "matched")
    owner = nil
    #expect(!sender.isConnected)
    sender.send("on trip")
    sender.update { $0 += "!" }
  }

  @Test func receiveOnMainActorIsSynchronousOnTheMainActorAndHopsFromElsewhere() async {
    let subject = PassthroughSubject<Int, Never>()
    var seen: [Int] = []
    let cancellable = subject.receiveOnMainActor().sink { seen.append($0) }
    subject.send(1)
    #expect(seen == [1], "no hop when already on the main actor")
    let shared = SharedSubject(subject: subject)
    await Task.detached { shared.subject.send(2) }.value
    await eventually { seen == [1, 2] }
    cancellable.cancel()
  }
}
