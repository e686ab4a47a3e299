import Ribcage
import RibcageTesting
import Testing

// The soak harness of RibcageTesting on small trees of our own: a flat app stays flat, and each
// kind of growth a long-running app can have — observers piling up on a long-lived stream, a
// bounded cache over its budget, a RIB kept alive after its detach — is named by the report.

/// A long-lived service: its stream outlives every RIB that observes it.
@MainActor
private final class ProfileService {
  let state = MutableStateStream(0)
  var cache: [Int] = []
}

/// An app whose cycle attaches a Request child under LoggedIn, lets it observe the profile, and
/// detaches it. `forgetsSubscriptions` is the bug: the subscription is kept by the service, not
/// bound to the interactor's active period.
@MainActor
private final class SoakApp {
  let harness = RIBHarness()
  let root = RootRouter()
  let profile = ProfileService()
  var forgetsSubscriptions = false
  var keepsDetachedRouters = false
  var cacheLimit = 10
  private var kept: [StreamSubscription] = []
  private var retained: [RouterNode] = []

  init() {
    harness.activate(root)
  }

  /// One ride, then a leak sweep once the ride's references are gone.
  func cycle(_ index: Int) {
    ride(index)
    harness.sweepLeaks()
  }

  private func ride(_ index: Int) {
    let request = RequestRouter()
    root.attachChild(request)
    let subscription = profile.state.stream.observe { _ in }
    if forgetsSubscriptions {
      kept.append(subscription)
    } else {
      subscription.cancelOnDeactivate(interactor: request.interactor)
    }
    profile.state.send(index)
    profile.cache.append(index)
    if profile.cache.count > cacheLimit { profile.cache.removeFirst() }
    root.detachChild(request)
    if keepsDetachedRouters { retained.append(request) }
  }

  func census() -> SoakCensus {
    var census = SoakCensus.tree(root)
    census.count("profile observers", profile.state.stream.subscriberCount)
    census.count("profile cache", profile.cache.count, atMost: 10)
    return census
  }
}

@MainActor @Test(.timeLimit(.minutes(5))) func aFlatAppStaysFlat() async {
  let app = SoakApp()
  var seen: [Int] = []
  let result = await SoakRun(cycles: 200).run(
    cycle: { app.cycle($0) }, census: { app.census() }, leaks: { app.harness.leakReports.count },
    report: { seen.append($0.cyclesDone) })
  #expect(seen == [20, 40, 60, 80, 100, 120, 140, 160, 180, 200])
  #expect(result.reports.map(\.cyclesDone) == seen)
  #expect(result.drift.isEmpty, "\(result.drift)")
  #expect(result.leaks == 0)
  #expect(result.reports[0].census["RIBs attached"] == 1)
  #expect(result.reports[0].census["profile observers"] == 0)
  #expect(result.timeRatio != nil)
  #if os(Linux)
    #expect(result.memoryGrowth != nil && (result.reports[0].residentBytes ?? 0) > 0)
  #endif
}

@MainActor @Test(.timeLimit(.minutes(5))) func observersPilingUpOnALongLivedStreamAreNamed() async {
  let app = SoakApp()
  app.forgetsSubscriptions = true
  let result = await SoakRun(cycles: 50, reports: 5).run(
    cycle: { app.cycle($0) }, census: { app.census() })
  let drift = result.drift
  #expect(drift.count == 1)
  #expect(drift.first?.cyclesDone == 20, "seen at the second report")
  #expect(
    drift.first?.drift == SoakDrift(name: "profile observers", first: 10, now: 20, bound: nil))
  #expect(drift.first?.drift.description == "profile observers: 10 → 20")
}

@MainActor @Test(.timeLimit(.minutes(5)))
func aBoundedCountOverItsBudgetIsNamedAndOneWithinItIsNot() async {
  let app = SoakApp()
  app.cacheLimit = 5
  let within = await SoakRun(cycles: 30).run(cycle: { app.cycle($0) }, census: { app.census() })
  #expect(within.drift.isEmpty)

  app.cacheLimit = 1_000
  let over = await SoakRun(cycles: 30).run(cycle: { app.cycle($0) }, census: { app.census() })
  #expect(over.drift.map(\.drift.name) == ["profile cache"])
  #expect(over.drift.first?.drift.description.hasSuffix("(budget 10)") == true)
}

@MainActor @Test(.timeLimit(.minutes(5))) func aRIBKeptAfterItsDetachIsALeakOfTheRun() async {
  let app = SoakApp()
  app.keepsDetachedRouters = true
  let result = await SoakRun(cycles: 10).run(
    cycle: { app.cycle($0) }, census: { app.census() }, leaks: { app.harness.leakReports.count })
  #expect(result.leaks == 10, "one report per ride's Request")
  #expect(result.drift.isEmpty, "the tree itself is flat: the leak is outside it")
}

@MainActor @Test(.timeLimit(.minutes(5))) func theTreeCensusCountsTheContextsObservers() {
  let app = SoakApp()
  let before = SoakCensus.tree(app.root)
  let subscription = app.root.context.events.observe { _ in }
  let after = SoakCensus.tree(app.root)
  #expect(after["tree observers"] == (before["tree observers"] ?? 0) + 1)
  #expect(
    after.drift(from: before).map(\.name) == ["tree observers"])
  subscription.cancel()
  #expect(SoakCensus.tree(app.root) == before)
}

@MainActor @Test(.timeLimit(.minutes(5))) func aCountTakenOnlyOnceIsReportedAsDrift() {
  var first = SoakCensus()
  first.count("sockets", 1)
  var later = SoakCensus()
  later.count("timers", 0)
  #expect(
    later.drift(from: first) == [
      SoakDrift(name: "timers", first: nil, now: 0, bound: nil),
      SoakDrift(name: "sockets", first: 1, now: nil, bound: nil),
    ])
  later.count("timers", 3)  // counting a name again replaces it
  #expect(later.entries.count == 1 && later["timers"] == 3)
  #expect(later.description == "timers 3")
}

@MainActor @Test(.timeLimit(.minutes(5))) func shortRunsReportEveryCycleAndAnEmptyRunNothing() async
{
  var cycles: [Int] = []
  let short = await SoakRun(cycles: 3).run(cycle: { cycles.append($0) }, census: { SoakCensus() })
  #expect(cycles == [0, 1, 2])
  #expect(short.reports.map(\.cyclesDone) == [1, 2, 3])
  let uneven = await SoakRun(cycles: 25).run(cycle: { _ in }, census: { SoakCensus() })
  #expect(uneven.reports.map(\.cyclesDone) == [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 25])
  let empty = await SoakRun(cycles: 0).run(cycle: { _ in }, census: { SoakCensus() })
  #expect(empty.reports.isEmpty && empty.drift.isEmpty && empty.leaks == 0)
  #expect(empty.timeRatio == nil && empty.memoryGrowth == nil)
}
