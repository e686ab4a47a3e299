@_spi(Diagnostics) import Ribcage
import RibcageTesting
import Testing

/// Overloads that tell, at compile time, whether a type can be copied.
private func isCopyable<T>(_: T.Type) -> Bool { true }
private func isCopyable<T: ~Copyable>(_: T.Type) -> Bool { false }

@MainActor
@Suite(.timeLimit(.minutes(5))) struct StreamTests {
  @Test func writeSidesCannotBeCopiedReadSidesCan() {
    // Only the owner of a write side can send: it cannot be copied into anyone else's hands.
    #expect(!isCopyable(MutableStateStream<Int>.self))
    #expect(!isCopyable(EventRelay<Int>.self))
    #expect(isCopyable(StateStream<Int>.self))
    #expect(isCopyable(EventStream<Int>.self))
  }

  @Test func stateStreamReplaysTheCurrentValueThenDeliversChanges() {
    let source = MutableStateStream("a")
    source.value = "b"
    let recorder = StreamRecorder(source.stream)
    source.value = "c"
    source.send("d")
    source.update { $0 += "!" }
    #expect(recorder.values == ["b", "c", "d", "d!"])
    #expect(source.stream.value == "d!")
  }

  @Test func deliversInSubscriptionOrder() {
    let source = MutableStateStream(0)
    var order: [String] = []
    let first = source.stream.observe { order.append("first \($0)") }
    let second = source.stream.observe { order.append("second \($0)") }
    source.value = 1
    #expect(order == ["first 0", "second 0", "first 1", "second 1"])
    first.cancel()
    second.cancel()
  }

  @Test func aValueSentDuringDeliveryIsDeliveredAfterTheCurrentOne() {
    let source = MutableStateStream(0)
    var order: [String] = []
    let first = source.stream.observe { value in
      order.append("first \(value)")
      if value == 1 { source.value = 2 }
    }
    let second = source.stream.observe { order.append("second \($0)") }
    order.removeAll()
    source.value = 1
    #expect(order == ["first 1", "second 1", "first 2", "second 2"])
    #expect(source.stream.value == 2)
    first.cancel()
    second.cancel()
  }

  @Test func cancellingDuringDeliveryIsSafe() {
    let source = MutableStateStream(0)
    var seen: [String] = []
    var second: StreamSubscription?
    let first = source.stream.observe { value in
      seen.append("first \(value)")
      if value == 1 { second?.cancel() }
    }
    second = source.stream.observe { seen.append("second \($0)") }
    var selfCancelling: StreamSubscription?
    selfCancelling = source.stream.observe { value in
      seen.append("third \(value)")
      if value == 1 { selfCancelling?.cancel() }
    }
    seen.removeAll()
    source.value = 1
    source.value = 2
    #expect(seen == ["first 1", "third 1", "first 2"])
    #expect(source.subscriberCount == 1)
    #expect(second?.isActive == false)
    first.cancel()
  }

  @Test func subscribingDuringDeliveryGetsTheLatestOnceAndLaterValues() {
    let source = MutableStateStream(0)
    var late: [Int] = []
    var lateSubscription: StreamSubscription?
    let trigger = source.stream.observe { value in
      if value == 1 {
        source.value = 2  // queued
        lateSubscription = source.stream.observe { late.append($0) }
      }
    }
    source.value = 1
    source.value = 3
    #expect(late == [2, 3], "replays the latest (2) once, then gets 3; never 1, never 2 twice")
    trigger.cancel()
    lateSubscription?.cancel()
  }

  @Test func eventStreamsDoNotReplay() {
    let relay = EventRelay<Int>()
    relay.send(1)
    let recorder = StreamRecorder(relay.stream)
    relay.send(2)
    relay.send(3)
    #expect(recorder.values == [2, 3])
  }

  @Test func eventSubscriberAddedDuringDeliveryGetsOnlyLaterEvents() {
    let relay = EventRelay<Int>()
    var late: [Int] = []
    var lateSubscription: StreamSubscription?
    let trigger = relay.stream.observe { value in
      if value == 1 {
        relay.send(2)
        lateSubscription = relay.stream.observe { late.append($0) }
        relay.send(3)
      }
    }
    relay.send(1)
    #expect(late == [3])
    trigger.cancel()
    lateSubscription?.cancel()
  }

  @Test func cancelledSubscriptionsReceiveNothing() {
    let source = MutableStateStream(0)
    let recorder = StreamRecorder(source.stream)
    recorder.cancel()
    source.value = 1
    #expect(recorder.values == [0])
    #expect(source.subscriberCount == 0)
  }

  @Test func streamFinishesWhenItsOwnerGoesAway() {
    /// A service owning a stream (a class holder, rather than an `Optional` of a noncopyable
    /// type, which older Apple runtimes cannot describe).
    @MainActor final class Owner {
      let stream = MutableStateStream(1)
    }
    var owner: Owner? = Owner()
    let readOnly = owner!.stream.stream
    let recorder = StreamRecorder(readOnly)
    owner = nil
    #expect(recorder.isFinished)
    #expect(readOnly.isFinished)
    #expect(readOnly.value == 1)
    let afterwards = StreamRecorder(readOnly)
    #expect(afterwards.values == [1])
    #expect(afterwards.isFinished)
  }

  @Test func finishDuringDeliveryDeliversQueuedValuesFirst() {
    let source = MutableStateStream(0)
    var seen: [Int] = []
    var finished = false
    let subscription = source.stream.observe(
      { value in
        seen.append(value)
        if value == 1 {
          source.value = 2
          source.finish()
          source.value = 3
        }
      }, onFinish: { finished = true })
    source.value = 1
    #expect(seen == [0, 1, 2])
    #expect(finished)
    subscription.cancel()
  }

  @Test func asyncSequencesAreIndependentConsumers() async {
    let relay = EventRelay<Int>()
    let first = relay.stream.values
    let second = relay.stream.values
    #expect(relay.subscriberCount == 2)
    relay.send(1)
    relay.send(2)
    relay.finish()
    var a: [Int] = []
    for await value in first { a.append(value) }
    var b: [Int] = []
    for await value in second { b.append(value) }
    #expect(a == [1, 2])
    #expect(b == [1, 2])
  }

  @Test func stateAsyncSequenceStartsWithTheCurrentValue() async {
    let source = MutableStateStream(10)
    let values = source.stream.values
    source.value = 11
    source.finish()
    var received: [Int] = []
    for await value in values { received.append(value) }
    #expect(received == [10, 11])
  }

  @Test func endingTheConsumerCancelsTheSubscription() async {
    let source = MutableStateStream(0)
    let consumer = Task { @MainActor in
      for await value in source.stream.values where value == 2 { return value }
      return -1
    }
    while source.subscriberCount == 0 { await Task.yield() }
    source.value = 1
    source.value = 2
    #expect(await consumer.value == 2)
    while source.subscriberCount != 0 { await Task.yield() }
    #expect(source.subscriberCount == 0)
  }

  @Test func constantStreamHoldsItsValue() {
    let constant = StateStream.constant("fixed")
    let recorder = StreamRecorder(constant)
    #expect(recorder.values == ["fixed"])
    #expect(constant.value == "fixed")
  }
}
