import Foundation
import RibcageCombine
import Testing

/// `combineLatest` and `merge` with Combine's meaning on every platform: on Linux they are
/// RibcageCombine's (OpenCombine lacks them), on Apple platforms Combine's own. The same tests
/// hold for both.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct CombineLatestMergeTests {
  struct Failed: Error, Equatable {}

  @Test func combineLatestSendsPairsOnceBothHaveSentThenAtEveryChange() {
    let fares = PassthroughSubject<Int, Never>()
    let coupons = PassthroughSubject<String, Never>()
    var seen: [String] = []
    var finished = false
    let cancellable = fares.combineLatest(coupons)
      .sink(
        receiveCompletion: { _ in finished = true }, receiveValue: { seen.append("\($0)\($1)") })
    fares.send(1)
    fares.send(2)
    coupons.send("a")
    fares.send(3)
    coupons.send("b")
    #expect(seen == ["2a", "3a", "3b"])
    fares.send(completion: .finished)
    coupons.send("c")
    #expect(seen == ["2a", "3a", "3b", "3c"], "a finished upstream keeps its latest value")
    #expect(!finished)
    coupons.send(completion: .finished)
    #expect(finished)
    cancellable.cancel()
  }

  @Test func combineLatestWithATransformAndWithThreeUpstreams() {
    let a = CurrentValueSubject<Int, Never>(1)
    let b = CurrentValueSubject<Int, Never>(10)
    let c = CurrentValueSubject<Int, Never>(100)
    var sums: [Int] = []
    var triples: [[Int]] = []
    let sum = a.combineLatest(b) { $0 + $1 }.sink { sums.append($0) }
    let triple = a.combineLatest(b, c).sink { triples.append([$0, $1, $2]) }
    b.send(20)
    c.send(200)
    #expect(sums == [11, 21])
    #expect(triples == [[1, 10, 100], [1, 20, 100], [1, 20, 200]])
    sum.cancel()
    triple.cancel()
  }

  @Test func aFailureEndsTheCombinationAndCancelsTheOtherUpstream() {
    let fares = PassthroughSubject<Int, Failed>()
    var otherCancelled = false
    let other = PassthroughSubject<Int, Failed>().handleEvents(receiveCancel: {
      otherCancelled = true
    })
    var completion: Subscribers.Completion<Failed>?
    var seen: [Int] = []
    let cancellable = fares.combineLatest(other) { $0 + $1 }
      .sink(receiveCompletion: { completion = $0 }, receiveValue: { seen.append($0) })
    fares.send(completion: .failure(Failed()))
    fares.send(1)
    #expect(completion == .failure(Failed()))
    #expect(otherCancelled)
    #expect(seen.isEmpty)
    cancellable.cancel()
  }

  @Test func withoutDemandOnlyTheNewestCombinationWaits() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let subscriber = LimitedDemandSubscriber(to: a.combineLatest(b).map { [$0, $1] })
    a.send(1)
    b.send(1)
    a.send(2)
    a.send(3)
    #expect(subscriber.seen == [[1, 1]])
    subscriber.request(.max(1))
    #expect(subscriber.seen == [[1, 1], [3, 1]])
    subscriber.cancel()
    a.send(4)
    #expect(subscriber.seen == [[1, 1], [3, 1]])
  }

  @Test func cancellingReleasesTheSubscriberAndStopsBothUpstreams() {
    final class Box {}
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    weak var released: Box?
    var cancellable: AnyCancellable?
    do {
      let box = Box()
      released = box
      cancellable = a.combineLatest(b).sink { _ in _ = box }
    }
    #expect(released != nil)
    cancellable?.cancel()
    cancellable = nil
    #expect(released == nil)
    a.send(1)
    b.send(1)
  }

  @Test func aSubscriberThatSendsAgainFromItsOwnReceiveIsServedAfterItReturns() {
    let a = PassthroughSubject<Int, Never>()
    let b = CurrentValueSubject<Int, Never>(0)
    var seen: [[Int]] = []
    let cancellable = a.combineLatest(b).sink { value in
      seen.append([value.0, value.1])
      if value.1 == 0 { b.send(value.0 * 10) }  // re-entrant, same thread: no deadlock
    }
    a.send(1)
    #expect(seen == [[1, 0], [1, 10]])
    cancellable.cancel()
  }

  @Test func mergeSendsEveryValueInOrderAndFinishesWhenAllHave() {
    let taps = PassthroughSubject<String, Never>()
    let links = PassthroughSubject<String, Never>()
    var seen: [String] = []
    var finished = false
    let cancellable = taps.merge(with: links)
      .sink(receiveCompletion: { _ in finished = true }, receiveValue: { seen.append($0) })
    taps.send("tap 1")
    links.send("link 1")
    taps.send("tap 2")
    taps.send(completion: .finished)
    links.send("link 2")
    #expect(seen == ["tap 1", "link 1", "tap 2", "link 2"])
    #expect(!finished)
    links.send(completion: .finished)
    #expect(finished)
    cancellable.cancel()
  }

  @Test func mergeManyQueuesValuesWhileThereIsNoDemandAndFinishesAtOnceWhenEmpty() {
    let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
    let subscriber = LimitedDemandSubscriber(to: Publishers.MergeMany(subjects))
    for (index, subject) in subjects.enumerated() { subject.send(index) }
    #expect(subscriber.seen == [0])
    subscriber.request(.unlimited)
    #expect(subscriber.seen == [0, 1, 2])
    subscriber.cancel()

    var emptyFinished = false
    let empty = Publishers.MergeMany([PassthroughSubject<Int, Never>]())
      .sink(receiveCompletion: { _ in emptyFinished = true }, receiveValue: { _ in })
    #expect(emptyFinished)
    empty.cancel()
  }

  @Test func mergeOfThreeToEightUpstreamsSendsEveryValueAndFinishesWhenAllHave() {
    let s = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
    var seen: [[Int]] = Array(repeating: [], count: 9)
    var finished = Array(repeating: false, count: 9)
    func collect(_ arity: Int) -> (Subscribers.Completion<Never>) -> Void {
      { _ in finished[arity] = true }
    }
    let merged: [AnyCancellable] = [
      Publishers.Merge3(s[0], s[1], s[2])
        .sink(receiveCompletion: collect(3), receiveValue: { seen[3].append($0) }),
      s[0].merge(with: s[1], s[2], s[3])
        .sink(receiveCompletion: collect(4), receiveValue: { seen[4].append($0) }),
      s[0].merge(with: s[1], s[2], s[3], s[4])
        .sink(receiveCompletion: collect(5), receiveValue: { seen[5].append($0) }),
      s[0].merge(with: s[1], s[2], s[3], s[4], s[5])
        .sink(receiveCompletion: collect(6), receiveValue: { seen[6].append($0) }),
      s[0].merge(with: s[1], s[2], s[3], s[4], s[5], s[6])
        .sink(receiveCompletion: collect(7), receiveValue: { seen[7].append($0) }),
      s[0].merge(with: s[1], s[2], s[3], s[4], s[5], s[6], s[7])
        .sink(receiveCompletion: collect(8), receiveValue: { seen[8].append($0) }),
    ]
    for (index, subject) in s.enumerated().reversed() { subject.send(index) }
    for arity in 3...8 {
      #expect(seen[arity] == Array((0..<arity).reversed()), "Merge\(arity)")
    }
    for subject in s.dropLast() { subject.send(completion: .finished) }
    #expect(finished[3...7].allSatisfy { $0 })
    #expect(!finished[8], "one upstream is still open")
    s[7].send(completion: .finished)
    #expect(finished[8])
    for cancellable in merged { cancellable.cancel() }
  }

  @Test func combineLatestOfFourAndWithTransformsForThreeAndFour() {
    let a = CurrentValueSubject<Int, Never>(1)
    let b = CurrentValueSubject<Int, Never>(10)
    let c = CurrentValueSubject<Int, Never>(100)
    let d = PassthroughSubject<Int, Never>()
    var quadruples: [[Int]] = []
    var sums3: [Int] = []
    var sums4: [Int] = []
    let four = a.combineLatest(b, c, d).sink { quadruples.append([$0, $1, $2, $3]) }
    let sum3 = a.combineLatest(b, c) { $0 + $1 + $2 }.sink { sums3.append($0) }
    let sum4 = a.combineLatest(b, c, d) { $0 + $1 + $2 + $3 }.sink { sums4.append($0) }
    #expect(quadruples.isEmpty, "d has not sent yet")
    d.send(1000)
    c.send(200)
    #expect(quadruples == [[1, 10, 100, 1000], [1, 10, 200, 1000]])
    #expect(sums3 == [111, 211])
    #expect(sums4 == [1111, 1211])
    let typed:
      Publishers.CombineLatest4<
        CurrentValueSubject<Int, Never>, CurrentValueSubject<Int, Never>,
        CurrentValueSubject<Int, Never>, PassthroughSubject<Int, Never>
      > = Publishers.CombineLatest4(a, b, c, d)
    _ = typed
    four.cancel()
    sum3.cancel()
    sum4.cancel()
  }

  @Test func valuesFromManyThreadsAreAllDeliveredOneAtATime() {
    // Each thread sends to its own subject, at the same time as the others: the merged and
    // combined subscribers must still be called one at a time. Their counters are plain
    // variables, so overlapping calls would lose counts here and be reported by ThreadSanitizer.
    let subjects = (0..<4).map { _ in SharedSubject(subject: PassthroughSubject<Int, Never>()) }
    let counts = UnsynchronisedCounts()
    let merged = Publishers.MergeMany(subjects.map(\.subject)).sink { _ in counts.merged += 1 }
    let combined = subjects[0].subject.combineLatest(subjects[1].subject)
      .sink { _ in counts.combined += 1 }
    sendConcurrently(threads: 4, count: 500) { thread, index in
      subjects[thread].subject.send(index)
    }
    #expect(counts.merged == 2_000)
    #expect(counts.combined >= 500 && counts.combined <= 1_000)
    merged.cancel()
    combined.cancel()
  }
}

/// Counters a subscriber bumps without a lock: safe only if calls never overlap.
final class UnsynchronisedCounts: @unchecked Sendable {
  var merged = 0
  var combined = 0
}
