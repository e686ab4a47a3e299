import Foundation
import RibcageCombine
import RibcageTesting
import Testing

/// An interactor as a ModernRIBs app writes one: subscriptions made in `didBecomeActive`, bound
/// with ModernRIBs' spellings, closures that retain `self`.
@MainActor final class FareInteractor: Interactor, Interactable {
  let fares: PassthroughSubject<Int, Never>
  private(set) var shown: [Int] = []
  var cancellables = Set<AnyCancellable>()

  init(fares: PassthroughSubject<Int, Never>) {
    self.fares = fares
  }

  override func didBecomeActive() {
    super.didBecomeActive()
    fares.sink { fare in self.shown.append(fare) }  // retains self: deactivation cancels it
      .cancelOnDeactivate(interactor: self)
  }
}

@MainActor final class FareRouter: Router<FareInteractor> {}

@MainActor final class PlainInteractor: Interactor, Interactable {}

@MainActor final class PlainRouter: Router<PlainInteractor> {
  convenience init() { self.init(interactor: PlainInteractor()) }
}

/// A `Cancellable` that is not an `AnyCancellable`.
final class CountingCancellable: Cancellable, @unchecked Sendable {
  private(set) var cancelCount = 0
  func cancel() { cancelCount += 1 }
}

/// Waits (without blocking the main actor) until `condition` holds, for values hopping from
/// other threads; fails the test after `seconds` instead of hanging.
@MainActor func eventually(
  within seconds: Double = 20, sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: @MainActor () -> Bool
) async {
  let deadline = Date().addingTimeInterval(seconds)
  while !condition() {
    if Date() > deadline {
      Issue.record("the condition did not hold within \(seconds) s", sourceLocation: sourceLocation)
      return
    }
    try? await Task.sleep(for: .milliseconds(2))
  }
}

/// Sends `count` values from each of `threads` background threads at once.
func sendConcurrently(
  threads: Int, count: Int, _ send: @escaping @Sendable (_ thread: Int, _ index: Int) -> Void
) {
  DispatchQueue.concurrentPerform(iterations: threads) { thread in
    for index in 0..<count { send(thread, index) }
  }
}

/// Whether the caller runs on the main actor (the main queue's executor), without trapping: the
/// tests' own check, independent of the library's.
enum MainActorProbe {
  private static let key = DispatchSpecificKey<Bool>()
  private static let marked: Void = DispatchQueue.main.setSpecific(
    key: key, value: true)

  static func isOnMainActor() -> Bool {
    _ = marked
    return Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true
  }
}

/// A subject handed to background threads. Combine's subjects take sends from any thread when
/// they are not concurrent; the tests serialise theirs with a lock.
struct SharedSubject<Subject>: @unchecked Sendable {
  let subject: Subject
}

/// A subscriber that asks for one value at first and records what it gets; the test asks for more
/// through ``request(_:)``.
@MainActor final class LimitedDemandSubscriber<Input> {
  private(set) var seen: [Input] = []
  private var subscription: (any Subscription)?

  init(to publisher: some Publisher<Input, Never>) {
    publisher.subscribe(
      AnySubscriber(
        receiveSubscription: { [self] in
          subscription = $0
          $0.request(.max(1))
        },
        receiveValue: { [self] in
          seen.append($0)
          return .none
        }, receiveCompletion: nil))
  }

  func request(_ demand: Subscribers.Demand) { subscription?.request(demand) }

  func cancel() { subscription?.cancel() }
}

/// Runs `body` on a new thread and waits for it, blocking the caller: the main thread is busy
/// while the other thread sends, as when a network callback arrives during a main-thread turn.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  Thread {
    body()
    done.signal()
  }.start()
  done.wait()
}

/// Returns after the main queue has run everything queued on it before this call.
@MainActor func mainQueueTurn() async {
  await withCheckedContinuation { continuation in
    DispatchQueue.main.async { continuation.resume() }
  }
}
