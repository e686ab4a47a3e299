@_spi(Diagnostics) import Ribcage
import RibcageTesting
import Testing

/// Derived streams observed by interactors: bound to the active period, and a detached RIB
/// leaves no subscription behind in its services' streams.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct StreamOperatorRIBTests {
  /// The services a RIB reads from, as an app would have them.
  @MainActor final class TripService {
    let trip = MutableStateStream(Trip(id: 1, status: "pending"))
    let session = MutableStateStream<String?>("ada")
    let arrivals = EventRelay<Int>()
    let selection: MutableStateStream<StateStream<Int>>
    let eta = MutableStateStream(5)

    init() {
      selection = MutableStateStream(StateStream.constant(0))
      selection.value = eta.stream
    }

    var subscriberCounts: [Int] {
      [
        trip.subscriberCount, session.subscriberCount, arrivals.subscriberCount,
        selection.subscriberCount, eta.subscriberCount,
      ]
    }
  }

  struct Trip: Equatable {
    var id: Int
    var status: String
  }

  @Test func anInteractorObservesDerivedStreamsAndADetachedRIBLeavesNoSubscription() async {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let service = TripService()
    var log: [String] = []
    var child: NodeRouter? = NodeRouter("ride")
    child!.interactor.onDidBecomeActive = { interactor in
      interactor.observe(service.trip.stream.map(\.status).removeDuplicates()) {
        log.append("status \($0)")
      }
      interactor.observe(service.session.stream.compactMap { $0 }) { log.append("user \($0)") }
      interactor.observe(service.trip.stream.filter { $0.status == "onTrip" }.first()) {
        log.append("boarded \($0.id)")
      }
      interactor.observe(
        service.trip.stream.combineLatest(service.arrivals.stream.startWith(0)).map {
          "\($0.id)/\($1)"
        }
      ) { log.append("combined \($0)") }
      interactor.observe(service.arrivals.stream.merge(service.arrivals.stream.map { -$0 })) {
        log.append("arrival \($0)")
      }
      interactor.observe(service.selection.stream.switchToLatest().scan(0, +)) {
        log.append("eta sum \($0)")
      }
    }
    let tracker = DeallocationTracker()
    tracker.trackSubtree(of: child!)
    root.attachChild(child!)
    // One subscription per derived chain observed: the trip feeds three, the arrivals three.
    #expect(service.subscriberCounts == [3, 1, 3, 1, 1])
    #expect(
      log == [
        "status pending", "user ada", "combined 1/0", "eta sum 5",
      ])
    log.removeAll()
    service.trip.value = Trip(id: 1, status: "pending")  // no change of status
    service.trip.value = Trip(id: 1, status: "onTrip")
    service.arrivals.send(7)
    service.eta.value = 4
    #expect(
      log == [
        "combined 1/0", "status onTrip", "boarded 1", "combined 1/0", "combined 1/7",
        "arrival 7", "arrival -7", "eta sum 9",
      ])
    // `first()` has finished and let go; the rest still hold theirs.
    #expect(service.subscriberCounts == [2, 1, 3, 1, 1])

    root.detachChild(child!)
    #expect(service.subscriberCounts == [0, 0, 0, 0, 0])
    log.removeAll()
    service.trip.value = Trip(id: 2, status: "pending")
    service.arrivals.send(8)
    #expect(log.isEmpty)
    child = nil
    tracker.expectAllDeallocated()
    await harness.expectNoLeaks()
  }

  @Test func observeBindsBeforeTheReplaySoAHandlerCanDetachItsOwnRIB() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let flow = MutableStateStream("done")
    var child: NodeRouter? = NodeRouter("child")
    let tracker = DeallocationTracker()
    tracker.trackSubtree(of: child!)
    child!.interactor.onDidBecomeActive = { interactor in
      interactor.observe(flow.stream.filter { $0 == "done" }.map { $0.uppercased() }) { _ in
        if let router = root.children.first { root.detachChild(router) }
      }
    }
    root.attachChild(child!)
    #expect(root.children.isEmpty)
    #expect(child!.interactor.boundWorkCount == 0)
    #expect(flow.subscriberCount == 0)
    #expect(harness.diagnostics.isEmpty)
    child = nil
    tracker.expectAllDeallocated()
  }

  @Test func reactivatingARIBObservesAFreshDerivedStream() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let draft = MutableStateStream(0)
    var routed: [Int] = []
    let child = NodeRouter("editor")
    child.interactor.onDidBecomeActive = { interactor in
      // A new `first()` per activation: each activation routes once.
      interactor.observe(draft.stream.filter { $0 > 0 }.first()) { routed.append($0) }
    }
    root.attachChild(child)
    draft.value = 1
    draft.value = 2
    root.detachChild(child)
    root.attachChild(child)
    draft.value = 3
    #expect(routed == [1, 2])
    root.detachChild(child)
    #expect(draft.subscriberCount == 0)
  }

  @Test func anInteractorGetsTheFirstValueOfAStateAtOnceThroughAnyChain() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let session = MutableStateStream("ada")
    var greeted: [String] = []
    let child = NodeRouter("greeter")
    child.interactor.onDidBecomeActive = { interactor in
      interactor.observe(session.stream.first().map { "hello \($0)" }) { greeted.append($0) }
    }
    root.attachChild(child)
    session.value = "grace"
    #expect(greeted == ["hello ada"])
    #expect(session.subscriberCount == 0, "first() has finished and let go")
    root.detachChild(child)
  }

  @Test func observingADerivedStreamWhileInactiveSubscribesToNothing() {
    let harness = RIBHarness()
    let interactor = RecordingInteractor()
    let source = MutableStateStream(1)
    interactor.observe(source.stream.map { $0 }) { _ in }
    interactor.observe(source.stream.filter { _ in true }) { _ in }
    #expect(source.subscriberCount == 0)
    _ = harness
  }
}
