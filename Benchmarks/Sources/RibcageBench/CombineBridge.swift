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
    let source = MutableStateStream(0)
    let subject = CurrentValueSubject<Int, Never>(0)
    return compare(
      "combine-stream-publisher", ribcage: source.stream.publisher, send: { source.send($0) },
      floor: subject, send: { subject.send($0) })
  }

  /// A subject's values through `confineTo` (an active interactor) into a `sink`, against the
  /// same subject into a `sink` directly.
  static func runConfineTo() -> String {
    let interactor = Interactor()
    interactor.activate()
    defer { interactor.deactivate() }
    let confined = PassthroughSubject<Int, Never>()
    let plain = PassthroughSubject<Int, Never>()
    return compare(
      "combine-confine-to", ribcage: confined.confineTo(interactor), send: { confined.send($0) },
      floor: plain, send: { plain.send($0) })
  }

  /// Sinks both publishers, times sending 100,000 values through each, and checks that both
  /// sinks saw the same values.
  private static func compare(
    _ name: String, ribcage: some Publisher<Int, Never>, send sendRibcage: (Int) -> Void,
    floor: some Publisher<Int, Never>, send sendFloor: (Int) -> Void
  ) -> String {
    let sends = 100_000
    let ribcageSink = Sink()
    let floorSink = Sink()
    let ribcageSubscription = ribcage.sink { ribcageSink.total &+= $0 }
    let floorSubscription = floor.sink { floorSink.total &+= $0 }
    let comparison = Measurement(operationsPerRound: sends).compare(
      ribcage: {
        for value in 0..<sends { sendRibcage(value) }
      },
      floor: {
        for value in 0..<sends { sendFloor(value) }
      })
    precondition(ribcageSink.total == floorSink.total, "both sides must deliver the same values")
    ribcageSubscription.cancel()
    floorSubscription.cancel()
    return benchLine(name, comparison)
  }
}
