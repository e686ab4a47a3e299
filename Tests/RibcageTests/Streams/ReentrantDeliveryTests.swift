import Ribcage
import RibcageTesting
import Testing

/// A value sent from inside the replay a new subscriber gets is delivered after it, to every
/// subscriber in order, directly and through an interactor's `observe`.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ReentrantDeliveryTests {
  @Test func valueSentFromInsideTheReplayedDeliveryIsDeliveredAfterIt() {
    let store = MutableStateStream("idle")
    var log: [String] = []
    let first = store.stream.observe { log.append("first \($0)") }
    let subscription = store.stream.observe { value in
      log.append("begin \(value)")
      if value == "idle" { store.send("loading") }
      log.append("end \(value)")
    }
    #expect(
      log == [
        "first idle", "begin idle", "end idle", "first loading", "begin loading", "end loading",
      ])
    // The same through an interactor's observe.
    log.removeAll()
    let interactor = RecordingInteractor()
    interactor.activate()
    let other = MutableStateStream(0)
    interactor.observe(other.stream) { value in
      log.append("begin \(value)")
      if value == 0 { other.send(1) }
      log.append("end \(value)")
    }
    #expect(log == ["begin 0", "end 0", "begin 1", "end 1"])
    first.cancel()
    subscription.cancel()
  }
}
