import Foundation
import RibcageCombine
import RibcageTesting
import Testing

/// The main-actor hops keep the upstream's order whatever thread each call comes from: a value
/// sent on the main thread never overtakes one sent earlier from a background thread, and a
/// completion never overtakes (and so loses) a value sent before it.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct MainActorMailboxTests {
  // MARK: A background value, then a main-thread value and completion

  @Test func receiveOnMainActorDeliversTheBackgroundValueFirstAndLosesNothing() async {
    let subject = PassthroughSubject<String, Never>()
    var seen: [String] = []
    let cancellable = subject.receiveOnMainActor()
      .sink(receiveCompletion: { _ in seen.append("finished") }, receiveValue: { seen.append($0) })
    let shared = SharedSubject(subject: subject)
    onAnotherThread { shared.subject.send("1") }  // the main thread is busy meanwhile
    subject.send("2")
    subject.send(completion: .finished)
    await mainQueueTurn()
    #expect(seen == ["1", "2", "finished"])
    _ = cancellable
  }

  @Test func aServiceStateFedFromTwoThreadsEndsOnTheNewestValue() async {
    let state = MutableStateStream(0)
    let subject = PassthroughSubject<Int, Never>()
    let feed = state.send(from: subject)
    let shared = SharedSubject(subject: subject)
    onAnotherThread { shared.subject.send(1) }
    subject.send(2)
    await mainQueueTurn()
    #expect(state.value == 2, "the value sent last is the state")
    feed.cancel()
  }

  @Test func confineToDeliversTheOlderValueFirst() async {
    let interactor = PlainInteractor()
    interactor.activate()
    let subject = PassthroughSubject<Int, Never>()
    var seen: [Int] = []
    let cancellable = subject.confineTo(interactor).sink { seen.append($0) }
    let shared = SharedSubject(subject: subject)
    onAnotherThread { shared.subject.send(1) }
    subject.send(2)
    await mainQueueTurn()
    #expect(seen == [1, 2])
    cancellable.cancel()
    interactor.deactivate()
  }

  @Test func aStreamPublisherCancelledFromTheMainThreadAfterABackgroundRequestDeliversNothing()
    async
  {
    let state = MutableStateStream(1)
    var subscription: (any Subscription)?
    var seen: [Int] = []
    state.stream.publisher.subscribe(
      AnySubscriber(
        receiveSubscription: { subscription = $0 },
        receiveValue: {
          seen.append($0)
          return .none
        }, receiveCompletion: nil))
    let shared = SharedSubscription(subscription: subscription!)
    onAnotherThread { shared.subscription.request(.unlimited) }
    subscription!.cancel()
    await mainQueueTurn()
    state.send(2)
    #expect(seen.isEmpty, "cancelled before anything was delivered: nothing, then or later")
  }

  // MARK: Many threads at once

  @Test(arguments: [Hop.receiveOnMainActor, .confineTo, .sendFrom])
  func randomInterleavingsFromTheMainThreadAndFourOthersKeepTheOrderSent(hop: Hop) async {
    for round in 0..<20 {
      var generator = SeededRandomNumberGenerator(seed: UInt64(round) &+ 0x5eed)
      let interactor = PlainInteractor()
      interactor.activate()
      let state = MutableStateStream(-1)
      let subject = PassthroughSubject<Int, Never>()
      var seen: [Int] = []
      var completions = 0
      var valuesAfterCompletion = 0
      var cancellable: AnyCancellable
      switch hop {
      case .receiveOnMainActor:
        cancellable = subject.receiveOnMainActor().sink(
          receiveCompletion: { _ in completions += 1 },
          receiveValue: {
            if completions > 0 { valuesAfterCompletion += 1 }
            seen.append($0)
          })
      case .confineTo:
        cancellable = subject.confineTo(interactor).sink { seen.append($0) }
      case .sendFrom:
        cancellable = state.send(from: subject)
      }
      let sender = SerialSender(subject: subject)
      let perThread = Int.random(in: 20...200, using: &generator)
      let mainSends = Int.random(in: 0...60, using: &generator)
      let finishOnMain = Bool.random(using: &generator)
      let threads = (0..<4).map { _ in
        let thread = Thread { for _ in 0..<perThread { sender.sendNext() } }
        thread.start()
        return thread
      }
      for _ in 0..<mainSends {
        sender.sendNext()
        if Bool.random(using: &generator) { await mainQueueTurn() }
      }
      while threads.contains(where: { !$0.isFinished }) { usleep(50) }
      if finishOnMain {
        sender.finish()
      } else {
        onAnotherThread { sender.finish() }
      }
      let total = 4 * perThread + mainSends
      await eventually {
        switch hop {
        case .receiveOnMainActor: completions == 1
        case .confineTo: seen.count == total
        case .sendFrom: state.value == total - 1
        }
      }
      switch hop {
      case .receiveOnMainActor, .confineTo:
        #expect(seen == Array(0..<total), "round \(round): every value, in the order sent")
        #expect(valuesAfterCompletion == 0)
      case .sendFrom:
        #expect(state.value == total - 1, "round \(round): the state is the value sent last")
      }
      cancellable.cancel()
      interactor.deactivate()
    }
  }

  enum Hop: CustomStringConvertible, Sendable {
    case receiveOnMainActor, confineTo, sendFrom
    var description: String {
      switch self {
      case .receiveOnMainActor: "receiveOnMainActor()"
      case .confineTo: "confineTo(_:)"
      case .sendFrom: "MutableStateStream.send(from:)"
      }
    }
  }
}

/// Sends 0, 1, 2, … from any thread, one call at a time, as Combine requires of a publisher.
private final class SerialSender: @unchecked Sendable {
  private let lock = NSLock()
  private let subject: PassthroughSubject<Int, Never>
  private var next = 0

  init(subject: PassthroughSubject<Int, Never>) {
    self.subject = subject
  }

  func sendNext() {
    lock.lock()
    subject.send(next)
    next += 1
    lock.unlock()
  }

  func finish() {
    lock.lock()
    subject.send(completion: .finished)
    lock.unlock()
  }
}

private struct SharedSubscription: @unchecked Sendable {
  let subscription: any Subscription
}
