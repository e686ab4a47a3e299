import Ribcage
import Testing

/// Everything a RIB test needs around a tree: a ``TestClock``, a leak detector that sweeps only
/// when asked, and recorders for diagnostics, leak reports and tree events.
///
/// ```swift
/// @Test func routesToRide() {
///   let harness = RIBHarness()
///   let root = LoggedInBuilder(dependency: harness.dependencies).build()
///   harness.activate(root)
///   root.interactor.startRide()
///   #expect(root.snapshot().children.map(\.name) == ["Ride"])
///   root.interactor.finishRide()
///   harness.expectNoLeaks()
/// }
/// ```
@MainActor
public final class RIBHarness {
  /// The clock the leak detector measures its grace period on.
  public let clock: TestClock
  /// The leak detector of the harness's context; it sweeps only in ``sweepLeaks()``.
  public let leakDetector: LeakDetector
  /// The context given to every tree the harness activates or launches.
  public let context: TreeContext
  /// The host trees are launched into.
  public let host = TestLaunchHost()

  /// What the harness has collected; a separate object so the handlers need no reference to
  /// the harness.
  @MainActor
  private final class Log {
    var leakReports: [LeakReport] = []
    var diagnostics: [TreeDiagnostic] = []
    var events: [String] = []
  }

  private let log = Log()
  private var eventSubscription: StreamSubscription?

  /// Every leak report so far.
  public var leakReports: [LeakReport] { log.leakReports }
  /// Every diagnostic so far (misuse is recorded, not asserted).
  public var diagnostics: [TreeDiagnostic] { log.diagnostics }
  /// A summary of every tree event so far, e.g. `attached Ride to LoggedIn`.
  public var events: [String] { log.events }

  /// Creates a harness whose leak detector waits `gracePeriod` on the test clock.
  public init(gracePeriod: Duration = .seconds(1)) {
    let clock = TestClock()
    let log = log
    let detector = LeakDetector(
      gracePeriod: gracePeriod, clock: clock, sweepsAutomatically: false,
      onLeak: { log.leakReports.append($0) })
    let context = TreeContext(
      diagnostics: DiagnosticsHandler { log.diagnostics.append($0) }, leakDetector: detector)
    self.clock = clock
    self.leakDetector = detector
    self.context = context
    eventSubscription = context.events.observe { log.events.append($0.summary) }
  }

  /// Forgets the events recorded so far.
  public func clearEvents() {
    log.events.removeAll()
  }

  isolated deinit {
    eventSubscription?.cancel()
  }

  /// Gives `root` the harness's context, activates it (and its subtree) and loads it.
  public func activate(_ root: RouterNode) {
    root.context = context
    root.interactable.activate()
    root.load()
  }

  /// Gives `root` the harness's context and launches it into ``host``.
  public func launch(_ root: some LaunchRouting) {
    root.context = context
    root.launch(from: host)
  }

  /// The kinds of every diagnostic so far.
  public var diagnosticKinds: [TreeDiagnostic.Kind] { diagnostics.map(\.kind) }

  /// Lets the grace period pass and sweeps: returns the reports of this sweep.
  @discardableResult
  public func sweepLeaks() -> [LeakReport] {
    sweepAfterGracePeriod()
  }

  private func sweepAfterGracePeriod() -> [LeakReport] {
    clock.advance(by: leakDetector.gracePeriod)
    return leakDetector.sweep()
  }

  /// Lets pending main-actor work run first — a cancelled task suspended in
  /// `await self.refresh()` holds its interactor until it resumes on the main actor — then
  /// sweeps like ``sweepLeaks()``. Gives up waiting after `rounds` turns with objects still alive
  /// (those are reported).
  @discardableResult
  public func sweepLeaks(settlingFor rounds: Int = 100) async -> [LeakReport] {
    var round = 0
    while round < rounds, leakDetector.liveObjectCount > 0 {
      await Task.yield()
      round += 1
    }
    return sweepAfterGracePeriod()
  }

  /// Like the synchronous ``expectNoLeaks(sourceLocation:)``, but lets pending main-actor work
  /// run first (see ``sweepLeaks(settlingFor:)``). Use it in `async` tests of RIBs that await:
  /// a bound task suspended mid-`await` is not a leak once it has been cancelled.
  public func expectNoLeaks(sourceLocation: SourceLocation = #_sourceLocation) async {
    record(await sweepLeaks(settlingFor: 100), at: sourceLocation)
  }

  /// Lets the grace period pass, sweeps, and records a test issue for every object of every
  /// detached subtree that is still alive. In `async` tests, `await` the async form, which lets
  /// pending main-actor work (cancelled tasks resuming) run first.
  public func expectNoLeaks(sourceLocation: SourceLocation = #_sourceLocation) {
    record(sweepAfterGracePeriod(), at: sourceLocation)
  }

  private func record(_ reports: [LeakReport], at sourceLocation: SourceLocation) {
    for report in reports {
      Issue.record("\(report)", sourceLocation: sourceLocation)
    }
  }
}
