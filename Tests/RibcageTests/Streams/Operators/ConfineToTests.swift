@_spi(Diagnostics) import Ribcage
import RibcageTesting
import Testing

/// `confineTo(_:)`: observed now, delivered only while the scope is active, the latest value
/// again on each activation — uber/RIBs' and ModernRIBs' semantics, on Ribcage's streams.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ConfineToTests {
  @Test func aStateStreamDeliversOnlyWhileActiveAndTheLatestOnEachActivation() {
    let interactor = RecordingInteractor()
    let trip = MutableStateStream("requested")
    var seen: [String] = []
    let subscription = trip.stream.confineTo(interactor).observe { seen.append($0) }
    defer { subscription.cancel() }
    #expect(trip.subscriberCount == 1, "subscribed now, while the interactor is inactive")

    trip.value = "matched"
    #expect(seen.isEmpty)
    interactor.activate()
    #expect(seen == ["matched"], "the latest value, on activation")
    trip.value = "on trip"
    #expect(seen == ["matched", "on trip"])
    interactor.deactivate()
    trip.value = "arrived"
    trip.value = "dropped off"
    #expect(seen == ["matched", "on trip"], "nothing while inactive")
    interactor.activate()
    #expect(seen == ["matched", "on trip", "dropped off"], "only the latest, on reactivation")
    interactor.activate()
    #expect(seen.count == 3, "activating an active interactor delivers nothing")
  }

  @Test func anEventStreamDeliversItsLatestEventOnActivationAndNothingBeforeTheFirst() {
    let interactor = RecordingInteractor()
    let arrivals = EventRelay<Int>()
    var seen: [Int] = []
    let subscription = arrivals.stream.confineTo(interactor).observe { seen.append($0) }
    defer { subscription.cancel() }

    interactor.activate()
    #expect(seen.isEmpty, "no event yet")
    arrivals.send(1)
    #expect(seen == [1])
    interactor.deactivate()
    arrivals.send(2)
    arrivals.send(3)
    interactor.activate()
    #expect(seen == [1, 3])
  }

  @Test func cancellingTheSubscriptionReleasesTheUpstreamAndTheInteractor() {
    let tracker = DeallocationTracker()
    let trip = MutableStateStream(1)
    var seen: [Int] = []
    var subscription: StreamSubscription?
    do {
      let interactor = RecordingInteractor()
      tracker.track(interactor, as: "confined interactor")
      subscription = trip.stream.confineTo(interactor).observe { seen.append($0) }
      interactor.activate()
      interactor.deactivate()
    }
    #expect(tracker.survivors.isEmpty, "the confined stream does not hold its scope")
    trip.value = 2
    #expect(seen == [1], "a released scope is inactive for good")
    subscription?.cancel()
    #expect(trip.subscriberCount == 0)
  }

  @Test func aConfinedSubscriptionFollowsADetachedAndReattachedRIBAndHoldsNoneOfIt() {
    let harness = RIBHarness()
    let root = NodeRouter()
    harness.activate(root)
    var child: NodeRouter? = NodeRouter()
    let eta = MutableStateStream(5)
    var shown: [Int] = []
    let subscription = eta.stream.confineTo(child!.interactor).observe { shown.append($0) }
    defer { subscription.cancel() }

    root.attachChild(child!)
    #expect(shown == [5])
    root.detachChild(child!, expectingDeallocation: false)
    eta.value = 4
    eta.value = 3
    root.attachChild(child!)
    #expect(shown == [5, 3], "a tab switched back shows the latest value, once")
    root.detachChild(child!)
    child = nil
    harness.expectNoLeaks()
    eta.value = 2
    #expect(shown == [5, 3])
  }

  @Test func observingAnInactiveInteractorPointsAtConfineTo() {
    let harness = RIBHarness()
    let router = NodeRouter()
    router.context = harness.context
    let trip = MutableStateStream(1)
    router.interactor.observe(trip.stream) { _ in }
    #expect(harness.diagnosticKinds == [.boundToInactiveInteractor])
    #expect(harness.diagnostics.first?.message.contains("stream.confineTo(interactor)") == true)
    #expect(trip.subscriberCount == 0)
  }
}
