import Ribcage
import RibcageCombine

/// RibcageCombine's bridges against Combine itself (OpenCombine on Linux) doing the same work:
/// what a team pays for keeping its Combine chains on Ribcage. Per value.
@MainActor
enum CombineBridge {
  final class Sink {
    var total = 0
  }

  /// A `StateStream`'s changes through `.publisher` into a `sink`, against a
  /// `CurrentValueSubject` feeding a `sink`.
  static func runStreamPublisher() -> String {
    let sends = 100_000
    let ribcageSink = Sink()
    let floorSink = Sink()
    let source = MutableStateStream(0)
    let ribcage = source.stream.publisher.sink { ribcageSink.total &+= $0 }
    let subject = CurrentValueSubject<Int, Never>(0)
    let floor = subject.sink { floorSink.total &+= $0 }
    let comparison = Measurement(operationsPerRound: sends).compare(
      ribcage: {
        for value in 0..<sends { source.send(value) }
      },
      floor: {
        for value in 0..<sends { subject.send(value) }
      })
    precondition(ribcageSink.total == floorSink.total, "both sides must deliver the same values")
    ribcage.cancel()
    floor.cancel()
    return benchLine("combine-stream-publisher", comparison)
  }

  /// A subject's values through `confineTo` (an active interactor) into a `sink`, against the
  /// same subject into a `sink` directly.
  static func runConfineTo() -> String {
    let sends = 100_000
    let ribcageSink = Sink()
    let floorSink = Sink()
    let interactor = Interactor()
    interactor.activate()
    let confined = PassthroughSubject<Int, Never>()
    let ribcage = confined.confineTo(interactor).sink { ribcageSink.total &+= $0 }
    let plain = PassthroughSubject<Int, Never>()
    let floor = plain.sink { floorSink.total &+= $0 }
    let comparison = Measurement(operationsPerRound: sends).compare(
      ribcage: {
        for value in 0..<sends { confined.send(value) }
      },
      floor: {
        for value in 0..<sends { plain.send(value) }
      })
    precondition(ribcageSink.total == floorSink.total, "both sides must deliver the same values")
    ribcage.cancel()
    floor.cancel()
    interactor.deactivate()
    return benchLine("combine-confine-to", comparison)
  }
}
