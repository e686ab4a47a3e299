import Ribcage
import RibcageTesting
import Testing

/// An object that keeps whatever it is given alive: the leak in these tests.
@MainActor
final class Hoarder {
  var kept: [AnyObject] = []
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct LeakDetectorTests {
  @Test func reportsALeakedInteractorWithItsTypeAndFormerPath() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let loggedIn = LoggedInRouter()
    root.attachChild(loggedIn)
    let hoarder = Hoarder()
    do {
      let request = RequestRouter()
      loggedIn.attachChild(request)
      hoarder.kept.append(request.interactor)
      loggedIn.detachChild(request)
    }
    let reports = harness.sweepLeaks()
    #expect(
      reports == [
        LeakReport(
          subtreePath: "Root/LoggedIn/Request",
          leakedObjects: [
            LeakedObject(
              role: .interactor, typeName: "RecordingInteractor", path: "Root/LoggedIn/Request")
          ])
      ])
    #expect(harness.leakReports == reports)
    hoarder.kept.removeAll()
  }

  @Test func reportsEveryLeakedObjectOfASubtree() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let hoarder = Hoarder()
    do {
      let loggedIn = LoggedInRouter()
      let screen = ScreenRouter()
      let ride = RideRouter()
      root.attachChild(loggedIn)
      loggedIn.attachChild(screen)
      loggedIn.attachChild(ride)
      hoarder.kept = [ride, screen.viewControllable, screen.interactor.presenter]
      root.detachChild(loggedIn)
    }
    let reports = harness.sweepLeaks()
    #expect(reports.count == 1)
    #expect(reports.first?.subtreePath == "Root/LoggedIn")
    let leaked = reports.first?.leakedObjects ?? []
    #expect(
      leaked.map { "\($0.role.rawValue) \($0.typeName) \($0.path)" } == [
        "view FakeView Root/LoggedIn/Screen",
        "presenter FakePresenter Root/LoggedIn/Screen",
        "router RideRouter Root/LoggedIn/Ride",
        "interactor RecordingInteractor Root/LoggedIn/Ride",
      ])
    hoarder.kept.removeAll()
  }

  @Test func nothingIsReportedWhenEverythingIsDeallocated() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    root.attachChild(LoggedInRouter())
    root.children[0].attachChild(ScreenRouter())
    root.detachChild(root.children[0])
    #expect(harness.leakDetector.waitingSubtreeCount == 1)
    #expect(harness.sweepLeaks().isEmpty)
    #expect(harness.leakDetector.waitingSubtreeCount == 0)
  }

  @Test func objectsReleasedDuringTheGracePeriodAreNotReported() {
    let harness = RIBHarness(gracePeriod: .seconds(2))
    let root = RootRouter()
    harness.activate(root)
    let hoarder = Hoarder()
    do {
      let child = HomeRouter()
      root.attachChild(child)
      hoarder.kept.append(child)
      root.detachChild(child)
    }
    harness.clock.advance(by: .seconds(1))
    #expect(harness.leakDetector.sweep().isEmpty, "the grace period is not over")
    #expect(harness.leakDetector.waitingSubtreeCount == 1)
    hoarder.kept.removeAll()  // e.g. a dismissal animation finished
    harness.clock.advance(by: .seconds(1))
    #expect(harness.leakDetector.sweep().isEmpty)
    #expect(harness.leakDetector.waitingSubtreeCount == 0)
  }

  @Test func oneSweepChecksEverySubtreeWhoseGracePeriodIsOver() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let hoarder = Hoarder()
    for index in 0..<5 {
      let child = NodeRouter()
      root.attachChild(child)
      if index.isMultiple(of: 2) { hoarder.kept.append(child) }
      root.detachChild(child)
    }
    #expect(harness.leakDetector.waitingSubtreeCount == 5)
    let reports = harness.sweepLeaks()
    #expect(reports.count == 3)
    #expect(reports.allSatisfy { $0.leakedObjects.map(\.role) == [.router, .interactor] })
    hoarder.kept.removeAll()
  }

  @Test func disabledDetectorTracksNothing() {
    let harness = RIBHarness()
    harness.leakDetector.isEnabled = false
    let root = RootRouter()
    harness.activate(root)
    let child = NodeRouter()
    root.attachChild(child)
    root.detachChild(child)
    #expect(harness.leakDetector.waitingSubtreeCount == 0)
  }

  @Test func contextWithoutDetectorDetachesNormally() {
    let root = RootRouter()
    root.context = TreeContext(diagnostics: .silent, leakDetector: nil)
    root.interactor.activate()
    let watch = DeallocationTracker()
    do {
      let child = NodeRouter()
      root.attachChild(child)
      watch.trackSubtree(of: child)
      root.detachChild(child)
    }
    watch.expectAllDeallocated()
  }

  @Test func automaticSweepRunsOnTheInjectedClock() async {
    let clock = TestClock()
    var reports: [LeakReport] = []
    let detector = LeakDetector(gracePeriod: .seconds(1), clock: clock) { reports.append($0) }
    let root = RootRouter()
    root.context = TreeContext(diagnostics: .silent, leakDetector: detector)
    root.interactor.activate()
    let hoarder = Hoarder()
    do {
      let child = RideRouter()
      root.attachChild(child)
      hoarder.kept.append(child)
      root.detachChild(child)
    }
    while clock.sleeperCount == 0 { await Task.yield() }
    clock.advance(by: .seconds(1))
    while reports.isEmpty { await Task.yield() }
    #expect(reports.map(\.subtreePath) == ["Root/Ride"])
    #expect(detector.waitingSubtreeCount == 0)
    hoarder.kept.removeAll()
  }

  @Test func veryDeepLeakPathsAreElided() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let hoarder = Hoarder()
    do {
      let top = LoggedInRouter()
      var bottom: RouterNode = top
      for _ in 0..<40 {
        let next = NodeRouter()
        bottom.attachChild(next)
        bottom = next
      }
      bottom.attachChild(RideRouter())
      root.attachChild(top)
      hoarder.kept.append(bottom.children[0])
      root.detachChild(top)
    }
    let leaked = harness.sweepLeaks().first?.leakedObjects.first
    #expect(
      leaked?.path
        == "Root/LoggedIn/Node/Node/Node/Node/Node/Node/…27 more…/Node/Node/Node/Node/Node/Node/Node/Ride"
    )
    hoarder.kept.removeAll()
  }

  @Test func leakReportDescriptionSaysWhatToLookFor() {
    let report = LeakReport(
      subtreePath: "Root/Ride",
      leakedObjects: [
        LeakedObject(role: .interactor, typeName: "RideInteractor", path: "Root/Ride")
      ])
    #expect(
      report.description == """
        Ribcage leak: 1 object(s) of Root/Ride still alive after detach:
          interactor RideInteractor at Root/Ride
          Look for strong references to them: listeners and delegates that are not weak, \
        closures that capture self, work not bound with cancelOnDeactivate.
        """)
  }
}
