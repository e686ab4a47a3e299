@_spi(Diagnostics) import Ribcage
import RibcageTesting
import Testing

/// When derived streams hold upstream subscriptions, how they order re-entrant values, and when
/// they finish (Sources/Ribcage/Ribcage.docc/Streams.md, "Rules").
@MainActor
@Suite(.timeLimit(.minutes(5))) struct StreamOperatorSemanticsTests {
  /// A service that owns its streams, so tests can drop it.
  @MainActor final class Service {
    let count = MutableStateStream(0)
    let name = MutableStateStream("a")
    let pings = EventRelay<Int>()
  }

  // MARK: Upstream subscriptions

  @Test func aDerivedStreamHoldsOneUpstreamSubscriptionWhileObservedAndNoneOtherwise() {
    let source = MutableStateStream(1)
    let chain = source.stream.map { $0 * 2 }.filter { $0 > 0 }.removeDuplicates()
    #expect(source.subscriberCount == 0, "making a derived stream subscribes to nothing")
    let first = StreamRecorder(chain)
    let second = StreamRecorder(chain)
    #expect(source.subscriberCount == 1, "observers share one upstream subscription")
    first.cancel()
    #expect(source.subscriberCount == 1)
    second.cancel()
    #expect(source.subscriberCount == 0, "the last observer leaving releases it")
    source.value = 2
    let third = StreamRecorder(chain)
    #expect(third.values == [4], "reconnecting starts from the current value")
    #expect(source.subscriberCount == 1)
    third.cancel()
    #expect(source.subscriberCount == 0)
  }

  @Test func statelessOperatorsRunInsideTheSubscriptionOfTheStreamThatIsObserved() {
    let source = MutableStateStream(1)
    let mapped = source.stream.map { $0 * 2 }
    let chain = mapped.filter { $0 > 2 }.map { "#\($0)" }.removeDuplicates()
    let first = StreamRecorder(chain)
    let second = StreamRecorder(chain)
    #expect(source.subscriberCount == 1, "map and filter add no subscription of their own")
    let direct = StreamRecorder(mapped)
    #expect(source.subscriberCount == 2, "a stream observed directly has its own")
    for value in [2, 2, 3, 1] { source.value = value }
    #expect(first.values == ["#4", "#6"])
    #expect(second.values == ["#4", "#6"])
    #expect(direct.values == [2, 4, 4, 6, 2])
    #expect(mapped.value == 2)
    for recorder in [first, second] { recorder.cancel() }
    direct.cancel()
    #expect(source.subscriberCount == 0)
  }

  @Test func everyOperatorReleasesItsUpstreamSubscriptions() {
    let service = Service()
    let other = MutableStateStream(service.count.stream)
    let streams: [(String, () -> StreamSubscription)] = [
      ("map", { service.count.stream.map { $0 }.observe { _ in } }),
      ("filter", { service.count.stream.filter { _ in true }.observe { _ in } }),
      ("compactMap", { service.count.stream.compactMap { $0 }.observe { _ in } }),
      ("removeDuplicates", { service.count.stream.removeDuplicates().observe { _ in } }),
      ("scan", { service.pings.stream.scan(0, +).observe { _ in } }),
      ("prefix", { service.count.stream.prefix(3).observe { _ in } }),
      (
        "combineLatest",
        {
          service.count.stream.combineLatest(service.name.stream, service.pings.stream.startWith(0))
            .observe { _ in }
        }
      ),
      (
        "merge",
        { service.pings.stream.merge(service.count.stream.filter { _ in true }).observe { _ in } }
      ),
      ("switchToLatest", { other.stream.switchToLatest().observe { _ in } }),
    ]
    for (name, observe) in streams {
      let subscription = observe()
      let held =
        service.count.subscriberCount + service.name.subscriberCount
        + service.pings.subscriberCount + other.subscriberCount
      #expect(held > 0, "\(name) subscribes upstream while observed")
      subscription.cancel()
      #expect(service.count.subscriberCount == 0, "\(name)")
      #expect(service.name.subscriberCount == 0, "\(name)")
      #expect(service.pings.subscriberCount == 0, "\(name)")
      #expect(other.subscriberCount == 0, "\(name)")
    }
  }

  @Test func anUnobservedDerivedStateStreamComputesItsValueFromUpstream() {
    let a = MutableStateStream(1)
    let b = MutableStateStream(10)
    let sum = a.stream.combineLatest(b.stream).map { $0 + $1 }
    let selected = MutableStateStream(a.stream)
    let followed = selected.stream.switchToLatest().removeDuplicates()
    #expect(sum.value == 11)
    a.value = 2
    #expect(sum.value == 12)
    #expect(followed.value == 2)
    selected.value = b.stream
    #expect(followed.value == 10)
    #expect(a.subscriberCount == 0)
    #expect(b.subscriberCount == 0)
    #expect(selected.subscriberCount == 0)
  }

  @Test func aDerivedStreamDoesNotKeepTheServiceAlive() {
    var service: Service? = Service()
    weak let watched = service
    let doubled = service!.count.stream.map { $0 * 2 }
    let names = service!.name.stream.filter { !$0.isEmpty }
    let recorder = StreamRecorder(doubled)
    service!.count.value = 2
    service = nil
    #expect(watched == nil)
    #expect(recorder.isFinished)
    #expect(recorder.values == [0, 4])
    #expect(doubled.isFinished)
    #expect(doubled.value == 4)
    #expect(names.isFinished, "unobserved, it reports its upstream's end")
  }

  @Test func scanForgetsItsAccumulationWhenItsLastObserverLeaves() {
    let source = MutableStateStream(1)
    let sums = source.stream.scan(0, +)
    let first = StreamRecorder(sums)
    source.value = 2
    first.cancel()
    source.value = 3
    let second = StreamRecorder(sums)
    #expect(first.values == [1, 3])
    #expect(second.values == [3], "a new connection starts from the initial result")
  }

  // MARK: Re-entrancy

  @Test func aValueSentUpstreamDuringADerivedDeliveryIsDeliveredAfterItToEveryObserver() {
    let source = MutableStateStream(0)
    let derived = source.stream.map { $0 * 10 }.removeDuplicates()
    var order: [String] = []
    let first = derived.observe { value in
      order.append("first \(value)")
      if value == 10 { source.value = 2 }
    }
    let second = derived.observe { order.append("second \($0)") }
    let plain = source.stream.observe { order.append("plain \($0)") }
    order.removeAll()
    source.value = 1
    #expect(
      order == [
        "first 10", "second 10", "plain 1", "first 20", "second 20", "plain 2",
      ])
    first.cancel()
    second.cancel()
    plain.cancel()
  }

  @Test func aValueSentFromInsideTheReplayOfADerivedStreamComesAfterTheReplay() {
    let source = MutableStateStream("idle")
    let passing = source.stream.filter { _ in true }
    var log: [String] = []
    let first = passing.observe { log.append("first \($0)") }
    let second = passing.observe { value in
      log.append("begin \(value)")
      if value == "idle" { source.value = "loading" }
      log.append("end \(value)")
    }
    #expect(
      log == [
        "first idle", "begin idle", "end idle", "first loading", "begin loading", "end loading",
      ])
    first.cancel()
    second.cancel()
  }

  @Test func subscribingToADerivedStreamDuringADeliveryNeverGetsAValueTwiceOrOutOfOrder() {
    let source = MutableStateStream(0)
    let connected = source.stream.map { $0 * 10 }
    let keepsConnected = StreamRecorder(connected)
    let disconnected = source.stream.filter { _ in true }.map { $0 * 10 }
    let chain = source.stream.map { $0 * 10 }.filter { $0 >= 0 }.removeDuplicates()
    let keepsChainConnected = StreamRecorder(chain)
    var lateToChain: [Int] = []
    var lateToConnected: [Int] = []
    var lateToDisconnected: [Int] = []
    var subscriptions: [StreamSubscription] = []
    let trigger = source.stream.observe { value in
      guard value == 1 else { return }
      source.value = 2  // queued behind 1
      subscriptions.append(connected.observe { lateToConnected.append($0) })
      subscriptions.append(disconnected.observe { lateToDisconnected.append($0) })
      subscriptions.append(chain.observe { lateToChain.append($0) })
    }
    source.value = 1
    source.value = 3
    // The connected stream had received 1: it replays that, then 2 and 3 arrive in order.
    #expect(lateToConnected == [10, 20, 30])
    // The stream that connected during the delivery starts from the source's latest value.
    #expect(lateToDisconnected == [20, 30])
    #expect(keepsConnected.values == [0, 10, 20, 30])
    // Through a chain: replayed from the last value the chain received, so again in order.
    #expect(lateToChain == [10, 20, 30])
    #expect(keepsChainConnected.values == [0, 10, 20, 30])
    trigger.cancel()
    for subscription in subscriptions { subscription.cancel() }
  }

  @Test func combineLatestDeliversAValueSentToAnotherInputDuringADeliveryAfterTheCurrentOne() {
    let a = MutableStateStream(0)
    let b = MutableStateStream(0)
    let combined = a.stream.combineLatest(b.stream).map { "\($0)\($1)" }
    var order: [String] = []
    let first = combined.observe { value in
      order.append("first \(value)")
      if value == "10" { b.value = 1 }
    }
    let second = combined.observe { order.append("second \($0)") }
    order.removeAll()
    a.value = 1
    #expect(order == ["first 10", "second 10", "first 11", "second 11"])
    first.cancel()
    second.cancel()
  }

  @Test func cancellingADerivedSubscriptionDuringItsDeliveryIsSafe() {
    let source = MutableStateStream(0)
    let derived = source.stream.map { $0 + 100 }
    var seen: [Int] = []
    var subscription: StreamSubscription?
    subscription = derived.observe { value in
      seen.append(value)
      if value == 101 { subscription?.cancel() }
    }
    source.value = 1
    source.value = 2
    #expect(seen == [100, 101])
    #expect(source.subscriberCount == 0)
  }

  // MARK: Finishing

  @Test func derivedStreamsFinishWhenTheirUpstreamFinishes() {
    var service: Service? = Service()
    let count = service!.count.stream
    let pings = service!.pings.stream
    let recorders: [(String, () -> Bool)] = [
      ("map", finishes(StreamRecorder(count.map { $0 }))),
      ("filter", finishes(StreamRecorder(count.filter { $0 > 5 }))),
      ("compactMap", finishes(StreamRecorder(count.compactMap { $0 }))),
      ("removeDuplicates", finishes(StreamRecorder(count.removeDuplicates()))),
      ("scan", finishes(StreamRecorder(pings.scan(0, +)))),
      ("prefix", finishes(StreamRecorder(pings.prefix(3)))),
      ("startWith", finishes(StreamRecorder(pings.startWith(0)))),
      ("events.map", finishes(StreamRecorder(pings.map { $0 }))),
      ("events.removeDuplicates", finishes(StreamRecorder(pings.removeDuplicates()))),
    ]
    service = nil
    for (name, isFinished) in recorders { #expect(isFinished(), "\(name)") }
  }

  @Test func observingADerivedStreamOfAFinishedStreamReplaysItThenFinishes() {
    let source = MutableStateStream(6)
    source.finish()
    let mapped = StreamRecorder(source.stream.map { $0 * 2 })
    let passing = StreamRecorder(source.stream.filter { $0 > 5 })
    let failing = StreamRecorder(source.stream.filter { $0 < 5 })
    let taken = StreamRecorder(source.stream.first())
    #expect(mapped.values == [12])
    #expect(passing.values == [6])
    #expect(failing.values.isEmpty)
    #expect(taken.values == [6])
    for recorder in [mapped, passing, failing, taken] { #expect(recorder.isFinished) }
  }

  @Test func combineLatestFinishesWhenEveryInputHasFinished() {
    let a = MutableStateStream(1)
    let b = MutableStateStream(2)
    let recorder = StreamRecorder(a.stream.combineLatest(b.stream))
    a.finish()
    #expect(!recorder.isFinished)
    b.value = 3
    b.finish()
    #expect(recorder.isFinished)
    #expect(recorder.values.map(\.1) == [2, 3])
  }

  @Test func combineLatestFinishesWhenAnEventInputFinishesWithoutAValue() {
    let state = MutableStateStream(1)
    let events = EventRelay<Int>()
    let recorder = StreamRecorder(state.stream.combineLatest(events.stream))
    events.finish()
    #expect(recorder.isFinished)
    #expect(recorder.values.isEmpty)
    #expect(state.subscriberCount == 0)
  }

  @Test func switchToLatestFinishesWhenTheOuterAndTheFollowedInnerStreamHaveFinished() {
    let inner = MutableStateStream(1)
    let outer = MutableStateStream(inner.stream)
    let recorder = StreamRecorder(outer.stream.switchToLatest())
    outer.finish()
    #expect(!recorder.isFinished, "the inner stream goes on")
    inner.value = 2
    inner.finish()
    #expect(recorder.isFinished)
    #expect(recorder.values == [1, 2])
  }

  @Test func mergeFinishesWhenEveryInputHasFinished() {
    let a = EventRelay<Int>()
    let b = EventRelay<Int>()
    let recorder = StreamRecorder(a.stream.merge(b.stream))
    a.finish()
    b.send(1)
    #expect(!recorder.isFinished)
    b.finish()
    #expect(recorder.isFinished)
    #expect(recorder.values == [1])
    #expect(StreamRecorder(EventStream<Int>.merge([])).isFinished)
  }

  // Found by review.

  @Test func switchingToAnInnerFirstWhenTheOuterChangesDeliversItsValue() {
    let source = MutableStateStream(1)
    let outer = MutableStateStream(0)
    let derived = outer.stream.flatMapLatest { _ in source.stream.first() }
    var values: [Int] = []
    let subscription = derived.observe { values.append($0) }
    outer.value = 1
    outer.value = 2
    #expect(values == [1, 1, 1])
    subscription.cancel()
    #expect(source.subscriberCount == 0)
    #expect(outer.subscriberCount == 0)
  }

  @Test func aSubscriberCancelledByAnotherFinishHandlerGetsNoFinish() {
    let first = EventRelay<Int>()
    let second = EventRelay<Int>()
    let outer = MutableStateStream(0)
    let derived = outer.stream.flatMapLatest { $0 == 0 ? first.stream : second.stream }
    var values: [Int] = []
    var finished = false
    // An observer of the first inner switches the outer to the second inner when it finishes.
    let switcher = first.stream.observe({ _ in }, onFinish: { outer.value = 1 })
    let subscription = derived.observe({ values.append($0) }, onFinish: { finished = true })
    first.finish()
    outer.finish()
    #expect(!finished, "the second inner is live: the switched stream goes on")
    second.send(7)
    #expect(values == [7])
    second.finish()
    #expect(finished)
    switcher.cancel()
    subscription.cancel()
  }

  private func finishes<Value>(_ recorder: StreamRecorder<Value>) -> () -> Bool {
    { recorder.isFinished }
  }
}
