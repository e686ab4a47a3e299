import Ribcage

/// One value sent to 10 observers, against a plain loop over 10 closures. Per send.
@MainActor
enum StreamFanout {
  final class Sink {
    var total = 0
  }

  /// The floor's observers, made outside the main actor: a closure made in main-actor code is
  /// executor-checked on every call, which is not what hand-written code would pay.
  nonisolated static func makeFloorClosures(count: Int, sink: Sink) -> [(Int) -> Void] {
    (0..<count).map { _ in { sink.total &+= $0 } }
  }

  static func run() -> String {
    let observers = 10
    let sends = 100_000
    let ribcageSink = Sink()
    let floorSink = Sink()

    let source = MutableStateStream(0)
    var subscriptions: [StreamSubscription] = []
    for _ in 0..<observers {
      subscriptions.append(source.stream.observe { ribcageSink.total &+= $0 })
    }
    let closures = makeFloorClosures(count: observers, sink: floorSink)

    let measurement = Measurement(operationsPerRound: sends)
    let comparison = measurement.compare(
      ribcage: {
        for value in 0..<sends { source.send(value) }
      },
      floor: {
        for value in 0..<sends {
          for closure in closures { closure(value) }
        }
      })
    precondition(ribcageSink.total == floorSink.total, "both sides must deliver the same values")
    for subscription in subscriptions { subscription.cancel() }
    return benchLine("stream-fanout-10", comparison)
  }
}
