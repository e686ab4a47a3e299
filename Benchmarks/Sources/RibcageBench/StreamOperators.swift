import Ribcage

/// A `map` → `filter` → `removeDuplicates` chain from one state stream to 10 observers, against
/// a hand-written loop doing the same work once and calling 10 closures. Per value sent.
///
/// The values are 0, 1, 2, ...: `map { $0 / 2 }` repeats each result twice (so
/// `removeDuplicates` drops every other one) and `filter` drops a quarter, so 3 sends in 8 reach
/// the observers — the shape of state updates a RIB cares about only partly.
@MainActor
enum StreamOperators {
  final class Sink {
    var total = 0
  }

  /// The floor: the same transform, test and last-value check a team would write by hand in
  /// one observer, then a loop over the observers' closures. Made outside the main actor, as
  /// in `StreamFanout`: a closure made in main-actor code is executor-checked on every call.
  nonisolated static func makeFloor(observers: Int, sink: Sink) -> (Int) -> Void {
    let closures: [(Int) -> Void] = (0..<observers).map { _ in { sink.total &+= $0 } }
    var last = 0
    return { value in
      let mapped = value / 2
      guard mapped % 4 != 3, mapped != last else { return }
      last = mapped
      for closure in closures { closure(mapped) }
    }
  }

  static func run() -> String {
    let observers = 10
    let sends = 100_000
    let ribcageSink = Sink()
    let floorSink = Sink()

    let source = MutableStateStream(0)
    let chain = source.stream.map { $0 / 2 }.filter { $0 % 4 != 3 }.removeDuplicates()
    var subscriptions: [StreamSubscription] = []
    for _ in 0..<observers {
      subscriptions.append(chain.observe { ribcageSink.total &+= $0 })
    }
    let floor = makeFloor(observers: observers, sink: floorSink)

    let measurement = Measurement(operationsPerRound: sends)
    let comparison = measurement.compare(
      ribcage: {
        for value in 0..<sends { source.send(value) }
      },
      floor: {
        for value in 0..<sends { floor(value) }
      })
    precondition(ribcageSink.total == floorSink.total, "both sides must deliver the same values")
    precondition(ribcageSink.total != 0, "the chain must deliver something")
    for subscription in subscriptions { subscription.cancel() }
    precondition(source.stream.subscriberCount == 0, "the chain must let go of its source")
    return benchLine("stream-operators", comparison)
  }
}
