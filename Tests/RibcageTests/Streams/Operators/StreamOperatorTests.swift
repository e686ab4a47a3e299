@_spi(Diagnostics) import Ribcage
import RibcageTesting
import Testing

/// What each operator delivers and replays (Sources/Ribcage/Ribcage.docc/Streams.md has the same
/// cases as marbles).
@MainActor
@Suite(.timeLimit(.minutes(5))) struct StreamOperatorTests {
  // MARK: map

  @Test func mapReplaysTheTransformedCurrentValueThenEveryChange() {
    let source = MutableStateStream(1)
    let doubled: StateStream<Int> = source.stream.map { $0 * 2 }
    source.value = 2
    let recorder = StreamRecorder(doubled)
    source.value = 3
    source.value = 3
    #expect(recorder.values == [4, 6, 6])
    #expect(doubled.value == 6)
  }

  @Test func mapOnEventsTransformsEveryEventAndReplaysNothing() {
    let relay = EventRelay<Int>()
    relay.send(1)
    let recorder = StreamRecorder(relay.stream.map { "#\($0)" })
    relay.send(2)
    relay.send(3)
    #expect(recorder.values == ["#2", "#3"])
  }

  // MARK: compactMap and filter

  @Test func filterOnStateReplaysTheCurrentValueOnlyWhenItPasses() {
    let source = MutableStateStream(4)
    let even: EventStream<Int> = source.stream.filter { $0.isMultiple(of: 2) }
    let early = StreamRecorder(even)
    source.value = 5
    let late = StreamRecorder(even)  // 5 does not pass: nothing replayed
    source.value = 6
    source.value = 7
    source.value = 8
    let latest = StreamRecorder(even)  // 8 passes: replayed at once
    #expect(early.values == [4, 6, 8])
    #expect(late.values == [6, 8])
    #expect(latest.values == [8])
  }

  @Test func filterOnEventsDeliversTheEventsThatPass() {
    let relay = EventRelay<Int>()
    let recorder = StreamRecorder(relay.stream.filter { $0 > 1 })
    for value in [1, 2, 0, 3] { relay.send(value) }
    #expect(recorder.values == [2, 3])
  }

  @Test func compactMapOnStateReplaysTheCurrentResultWhenNotNil() {
    let session = MutableStateStream<String?>("ada")
    let names: EventStream<String> = session.stream.compactMap { $0?.uppercased() }
    let first = StreamRecorder(names)
    session.value = nil
    let second = StreamRecorder(names)
    session.value = "grace"
    #expect(first.values == ["ADA", "GRACE"])
    #expect(second.values == ["GRACE"])
  }

  @Test func compactMapOnEventsDropsNil() {
    let relay = EventRelay<String>()
    let recorder = StreamRecorder(relay.stream.compactMap { Int($0) })
    for text in ["1", "x", "2"] { relay.send(text) }
    #expect(recorder.values == [1, 2])
  }

  // MARK: removeDuplicates

  @Test func removeDuplicatesDropsConsecutiveEqualValues() {
    let source = MutableStateStream(1)
    let distinct = source.stream.removeDuplicates()
    let recorder = StreamRecorder(distinct)
    for value in [1, 2, 2, 3, 3, 2] { source.value = value }
    #expect(recorder.values == [1, 2, 3, 2])
    #expect(distinct.value == 2)
  }

  @Test func removeDuplicatesByKeyDeliversTheFirstOfEachRun() {
    struct Trip: Equatable {
      var id: Int
      var status: String
    }
    let source = MutableStateStream(Trip(id: 1, status: "pending"))
    let byID = StreamRecorder(source.stream.removeDuplicates(on: \.id))
    let byComparator = StreamRecorder(source.stream.removeDuplicates { $0.id == $1.id })
    source.value = Trip(id: 1, status: "matched")
    source.value = Trip(id: 2, status: "pending")
    #expect(byID.values.map(\.status) == ["pending", "pending"])
    #expect(byID.values.map(\.id) == [1, 2])
    #expect(byComparator.values.map(\.id) == [1, 2])
  }

  @Test func removeDuplicatesOnEventsComparesWithWhatWasReplayed() {
    let source = MutableStateStream(2)
    let recorder = StreamRecorder(source.stream.filter { $0 > 0 }.removeDuplicates())
    for value in [2, 3, 3, -1, 3, 4] { source.value = value }
    // The replayed 2 is not delivered again; -1 is filtered out, so the next 3 repeats the last.
    #expect(recorder.values == [2, 3, 4])
    let relay = EventRelay<String>()
    let events = StreamRecorder(relay.stream.removeDuplicates(on: \.count))
    for text in ["a", "b", "cc", "dd", "e"] { relay.send(text) }
    #expect(events.values == ["a", "cc", "e"])
  }

  // MARK: scan and startWith

  @Test func scanOnStateFoldsFromTheCurrentValue() {
    let source = MutableStateStream(1)
    let sums = source.stream.scan(0, +)
    #expect(sums.value == 1, "unobserved: the initial result folded with the current value")
    let recorder = StreamRecorder(sums)
    source.value = 2
    source.value = 3
    #expect(recorder.values == [1, 3, 6])
    #expect(sums.value == 6)
  }

  @Test func scanOnEventsIsStateStartingFromTheInitialResult() {
    let taps = EventRelay<Void>()
    let count: StateStream<Int> = taps.stream.scan(0) { total, _ in total + 1 }
    #expect(count.value == 0)
    let recorder = StreamRecorder(count)
    taps.send(())
    taps.send(())
    #expect(recorder.values == [0, 1, 2])
  }

  @Test func startWithHoldsTheInitialValueUntilTheFirstEventThenTheLatest() {
    let relay = EventRelay<String>()
    let latest = relay.stream.startWith("none")
    let first = StreamRecorder(latest)
    relay.send("a")
    let second = StreamRecorder(latest)
    relay.send("b")
    #expect(first.values == ["none", "a", "b"])
    #expect(second.values == ["a", "b"])
  }

  // MARK: prefix and first

  @Test func prefixOnStateTakesTheCurrentValueAndTheNextChangesThenFinishes() {
    let source = MutableStateStream("a")
    let recorder = StreamRecorder(source.stream.prefix(2))
    source.value = "b"
    source.value = "c"
    #expect(recorder.values == ["a", "b"])
    #expect(recorder.isFinished)
    #expect(source.subscriberCount == 0, "a finished stream lets go of its upstream")
  }

  @Test func firstAfterFilterDeliversOnceWhenTheValuePasses() {
    let source = MutableStateStream(0)
    let firstPositive = source.stream.filter { $0 > 0 }.first()
    let recorder = StreamRecorder(firstPositive)
    source.value = 0
    source.value = 5
    source.value = 6
    #expect(recorder.values == [5])
    #expect(recorder.isFinished)
    #expect(firstPositive.isFinished)
    let late = StreamRecorder(firstPositive)
    #expect(late.values.isEmpty)
    #expect(late.isFinished)
  }

  @Test func firstOfAStateDeliversTheCurrentValueThenFinishesEvenThroughAnotherOperator() {
    let source = MutableStateStream(3)
    let recorder = StreamRecorder(source.stream.first().map { $0 * 10 })
    source.value = 4
    #expect(recorder.values == [30])
    #expect(recorder.isFinished)
    #expect(source.subscriberCount == 0)
  }

  @Test func prefixOnEventsTakesTheFirstEvents() {
    let relay = EventRelay<Int>()
    let recorder = StreamRecorder(relay.stream.prefix(2))
    for value in 1...4 { relay.send(value) }
    #expect(recorder.values == [1, 2])
    #expect(recorder.isFinished)
    #expect(relay.subscriberCount == 0)
    let none = StreamRecorder(relay.stream.prefix(0))
    #expect(none.isFinished)
  }

  // MARK: combineLatest

  @Test func combineLatestOfStatesDeliversOncePerInputValueInOrder() {
    let a = MutableStateStream(1)
    let b = MutableStateStream("x")
    let combined: StateStream<(Int, String)> = a.stream.combineLatest(b.stream)
    #expect(combined.value == (1, "x"))
    let recorder = StreamRecorder(combined.map { "\($0)\($1)" })
    a.value = 2
    b.value = "y"
    a.value = 3
    #expect(recorder.values == ["1x", "2x", "2y", "3y"])
  }

  @Test func combineLatestOfThreeStates() {
    let a = MutableStateStream(1)
    let b = MutableStateStream(10)
    let c = MutableStateStream(100)
    let sums = StreamRecorder(a.stream.combineLatest(b.stream, c.stream).map { $0 + $1 + $2 })
    c.value = 200
    a.value = 2
    b.value = 20
    #expect(sums.values == [111, 211, 212, 222])
  }

  @Test func combineLatestWithAnEventInputWaitsForItsFirstEvent() {
    let draft = MutableStateStream("d1")
    let taps = EventRelay<Int>()
    let combined: EventStream<(String, Int)> = draft.stream.combineLatest(taps.stream)
    let recorder = StreamRecorder(combined.map { "\($0)/\($1)" })
    draft.value = "d2"
    taps.send(1)
    draft.value = "d3"
    taps.send(2)
    #expect(recorder.values == ["d2/1", "d3/1", "d3/2"])
    let events = StreamRecorder(taps.stream.combineLatest(draft.stream).map { "\($0)/\($1)" })
    let pairs = StreamRecorder(taps.stream.combineLatest(taps.stream.map { -$0 }))
    taps.send(3)
    #expect(events.values == ["3/d3"])
    // Both inputs come from one relay: the first pair waits for the second input's first event.
    #expect(pairs.values.map { "\($0.0),\($0.1)" } == ["3,-3"])
  }

  @Test func combineLatestOfTwoStreamsFromOneSourceDeliversOnePairPerInput() {
    let source = MutableStateStream(1)
    let recorder = StreamRecorder(
      source.stream.map { $0 * 10 }.combineLatest(source.stream.map { -$0 }).map { "\($0),\($1)" })
    source.value = 2
    // Each input delivers its change: the first pair still holds the other input's old value.
    #expect(recorder.values == ["10,-1", "20,-1", "20,-2"])
  }

  @Test func combineLatestReplaysWhenEveryInputHasACurrentValue() {
    let gate = MutableStateStream(true)
    let count = MutableStateStream(1)
    let combined = gate.stream.filter { $0 }.combineLatest(count.stream)
    let first = StreamRecorder(combined.map(\.1))
    gate.value = false
    count.value = 2
    let second = StreamRecorder(combined.map(\.1))  // the gate does not pass now
    gate.value = true
    #expect(first.values == [1, 2, 2])
    #expect(second.values == [2])
  }

  // MARK: merge

  @Test func mergeDeliversEveryEventOfEveryInputInOrder() {
    let a = EventRelay<String>()
    let b = EventRelay<String>()
    let c = EventRelay<String>()
    let recorder = StreamRecorder(a.stream.merge(b.stream, c.stream))
    a.send("a1")
    c.send("c1")
    b.send("b1")
    a.send("a2")
    #expect(recorder.values == ["a1", "c1", "b1", "a2"])
    let listed = StreamRecorder(EventStream.merge([a.stream, b.stream]))
    b.send("b2")
    #expect(listed.values == ["b2"])
  }

  @Test func mergeReplaysWhatEachInputReplays() {
    let a = MutableStateStream(1)
    let b = MutableStateStream(2)
    let merged = a.stream.filter { _ in true }.merge(b.stream.filter { $0 > 5 })
    let recorder = StreamRecorder(merged)
    b.value = 6
    #expect(recorder.values == [1, 6])
    #expect(StreamRecorder(merged).values == [1, 6])
  }

  // MARK: switchToLatest and flatMapLatest

  @Test func switchToLatestFollowsTheLatestInnerStreamOnly() {
    let first = MutableStateStream("a1")
    let second = MutableStateStream("b1")
    let selected = MutableStateStream(first.stream)
    let current: StateStream<String> = selected.stream.switchToLatest()
    #expect(current.value == "a1")
    let recorder = StreamRecorder(current)
    first.value = "a2"
    selected.value = second.stream
    #expect(first.subscriberCount == 0, "the previous inner stream is released at once")
    first.value = "a3"
    second.value = "b2"
    #expect(recorder.values == ["a1", "a2", "b1", "b2"])
    #expect(current.value == "b2")
  }

  @Test func flatMapLatestMapsToTheInnerStreamOfTheLatestValue() {
    let trip0 = MutableStateStream("pending")
    let trip1 = MutableStateStream("idle")
    let trips = [trip0.stream, trip1.stream]
    let selectedID = MutableStateStream(0)
    let selectedTrip = selectedID.stream.flatMapLatest { trips[$0] }
    let recorder = StreamRecorder(selectedTrip)
    trip0.value = "matched"
    selectedID.value = 1
    trip0.value = "onTrip"
    trip1.value = "pending"
    #expect(recorder.values == ["pending", "matched", "idle", "pending"])
  }

  @Test func switchToLatestOfEventStreams() {
    let first = EventRelay<Int>()
    let second = EventRelay<Int>()
    let chats = MutableStateStream(first.stream)
    let messages: EventStream<Int> = chats.stream.switchToLatest()
    let recorder = StreamRecorder(messages)
    first.send(1)
    chats.value = second.stream
    first.send(2)
    second.send(3)
    #expect(recorder.values == [1, 3])
    let openings = EventRelay<Int>()
    let inner0 = MutableStateStream(10)
    let inner1 = MutableStateStream(20)
    let inners = [inner0.stream, inner1.stream]
    let followed = StreamRecorder(openings.stream.flatMapLatest { inners[$0] })
    inner0.value = 11  // nothing followed yet
    openings.send(0)
    inner0.value = 12
    openings.send(1)
    inner1.value = 21
    #expect(followed.values == [11, 12, 20, 21])
    let relays = EventRelay<EventStream<Int>>()
    let switched = StreamRecorder(relays.stream.switchToLatest())
    relays.send(first.stream)
    first.send(4)
    #expect(switched.values == [4])
  }
}
