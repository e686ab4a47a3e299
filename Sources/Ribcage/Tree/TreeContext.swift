import _RibcageAtomics

/// What every router of one tree shares: where diagnostics go, the leak detector, and the stream of
/// tree events. Injected, never global: a root router creates one when first asked, children
/// adopt their parent's when attached.
///
/// ```swift
/// let context = TreeContext(
///   diagnostics: .standard,
///   leakDetector: LeakDetector(gracePeriod: .seconds(2)))
/// let logging = context.events.observe { print($0.summary) }
/// root.context = context
/// root.launch(from: window)
/// ```
@MainActor
public final class TreeContext {
  /// Where misuse reports and warnings go.
  ///
  /// While someone observes ``reportedDiagnostics`` (a session recorder), reading this returns a
  /// handler that reports to the one you set and then to those observers.
  public var diagnostics: DiagnosticsHandler {
    get {
      guard diagnosticRelay.hasSubscribers else { return configuredDiagnostics }
      let configured = configuredDiagnostics
      return DiagnosticsHandler { [weak self] diagnostic in
        configured.report(diagnostic)
        self?.diagnosticRelay.send(diagnostic)
      }
    }
    set { configuredDiagnostics = newValue }
  }

  private var configuredDiagnostics: DiagnosticsHandler
  private let diagnosticRelay = EventRelay<TreeDiagnostic>()
  private let hookRelay = EventRelay<HookTiming>()
  private let renderRelay = EventRelay<RenderRecord>()
  private let pluginRelay = EventRelay<PluginEvent>()

  /// The leak detector detached subtrees are handed to; `nil` turns leak tracking off at no cost.
  public var leakDetector: LeakDetector?

  private let eventRelay = EventRelay<TreeEvent>()
  private let rootReleaseRelay = EventRelay<ReleasedRoot>()

  /// Incremented by every attach and detach, so a walk can tell whether hooks changed the tree.
  @exclusivity(unchecked) var mutationCount: UInt64 = 0

  /// The routers whose subtrees are being deactivated right now (a detach, or an interactor's
  /// `deactivate()`), innermost last. Hooks run during those walks; a router attached anywhere
  /// below one of them is attached inactive.
  @exclusivity(unchecked) var deactivatingRoots: [ObjectIdentifier] = []

  /// The routers being detached right now: a nested detach of one of them (from a hook of its own
  /// subtree) is ignored, as the detach under way does it.
  @exclusivity(unchecked) var detachingRoots: [ObjectIdentifier] = []

  /// Whether `node` is one of ``deactivatingRoots`` or below one. Free when nothing is being
  /// deactivated, which is whenever no hook is running inside a deactivation walk.
  func isBeingDeactivated(_ node: RouterNode) -> Bool {
    guard !deactivatingRoots.isEmpty else { return false }
    var current: RouterNode? = node
    while let candidate = current {
      if deactivatingRoots.contains(ObjectIdentifier(candidate)) { return true }
      current = candidate.parent
    }
    return false
  }

  /// Emptied walks kept for the next attach or detach, so they allocate no scratch space. A walk
  /// borrowed while another is out (a hook that detaches during a detach) is simply a new one.
  @exclusivity(unchecked) private var spareWalks: [SubtreeWalk] = []

  /// Hands out an empty walk; give it back with ``recycle(_:)``.
  func borrowWalk() -> SubtreeWalk {
    spareWalks.popLast() ?? SubtreeWalk()
  }

  /// Empties `walk` (releasing the routers in it) and keeps its storage for the next one.
  func recycle(_ walk: inout SubtreeWalk) {
    walk.removeAll()
    if walk.capacity <= 1_024, spareWalks.count < 4 { spareWalks.append(walk) }
    walk = SubtreeWalk()
  }

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - diagnostics: where misuse reports go; ``DiagnosticsHandler/standard`` by default.
  ///   - leakDetector: the leak detector; `nil` for none. By default, a ``LeakDetector`` with
  ///     default settings in debug builds and none in release builds, where reports would go
  ///     nowhere: detaches then cost nothing for leak tracking. Pass a detector to track leaks in
  ///     a release build (and give it an `onLeak` that reports somewhere).
  public init(
    diagnostics: DiagnosticsHandler = .standard,
    leakDetector: LeakDetector? = TreeContext.defaultLeakDetector()
  ) {
    self.configuredDiagnostics = diagnostics
    self.leakDetector = leakDetector
    TickClock.start()
  }

  /// A ``LeakDetector`` with default settings in debug builds; `nil` in release builds.
  public static func defaultLeakDetector() -> LeakDetector? {
    #if DEBUG
      LeakDetector()
    #else
      nil
    #endif
  }

  /// Attach, detach, activation and load events of every router in this tree. An event that
  /// would name a router whose deinit has started (a router subclass's deinit that detaches its
  /// children) is not sent: an observer that kept it would keep the router past its deinit.
  public var events: EventStream<TreeEvent> { eventRelay.stream }

  var hasObservers: Bool { hasTap || eventRelay.hasSubscribers }

  func emit(_ event: TreeEvent) {
    if let tap {
      Self.call(tap) { tap in
        switch event {
        case .attached(let child, let parent): tap.treeAttached(child, to: parent)
        case .detached(let child, let parent): tap.treeDetached(child, from: parent)
        case .activated(let router): tap.treeActivated(router)
        case .deactivated(let router): tap.treeDeactivated(router)
        case .loaded(let router): tap.treeLoaded(router)
        }
      }
    }
    // Not to the observers when it names a router that is going: they may keep it. (The tap
    // keeps nothing: it is told.)
    if eventRelay.hasSubscribers, !event.namesARouterBeingDeallocated { eventRelay.send(event) }
  }

  // MARK: Instrumentation (recorders, inspectors)

  /// How long each `didBecomeActive`, `willResignActive` and `didLoad` of this tree took, as each
  /// returns. The hooks are timed only while this stream has observers. As with ``events``, a
  /// timing that would name a router whose deinit has started is not sent.
  public var hookTimings: EventStream<HookTiming> { hookRelay.stream }

  /// Every view model a ``RenderLoop`` of this tree rendered, with the router of its RIB. Render
  /// loops look for observers only after a render, so an unobserved tree pays one check.
  public var renders: EventStream<RenderRecord> { renderRelay.stream }

  /// Attaches, detaches and switch-offs of the plugins of every ``RIBPluginPoint`` in this tree.
  public var pluginEvents: EventStream<PluginEvent> { pluginRelay.stream }

  /// Every diagnostic reported through ``diagnostics``, after the handler you configured ran.
  public var reportedDiagnostics: EventStream<TreeDiagnostic> { diagnosticRelay.stream }

  var timesHooks: Bool { tapTimesHooks || hookRelay.hasSubscribers }

  /// The tree's ``InspectionTap``, if one is set: it takes every tree event and hook timing as
  /// a direct call. Unmanaged: its owner clears it before it goes
  /// (``setInspectionTap(_:timesHooks:)``), and a call through it retains nothing.
  @exclusivity(unchecked) private var tap: Unmanaged<InspectionTap>?
  @exclusivity(unchecked) private var tapTimesHooks = false
  private var hasTap: Bool { tap != nil }

  /// The tap set, if any.
  @_spi(RibcageInspection) public var inspectionTap: InspectionTap? { tap?.takeUnretainedValue() }

  /// Calls `body` with `tap`, retaining nothing. A helper rather than a closure handed to
  /// `_withUnsafeGuaranteedRef` directly: a main-actor closure handed to it is checked at run
  /// time for being on the main actor, one passed on from here is not.
  @inline(__always)
  private nonisolated static func call(
    _ tap: Unmanaged<InspectionTap>, _ body: (InspectionTap) -> Void
  ) {
    tap._withUnsafeGuaranteedRef(body)
  }

  /// Sets (or, with `nil`, clears) the tree's tap; with `timesHooks`, hooks are timed for it.
  /// The tap is not retained: clear it before it is released.
  @_spi(RibcageInspection) public func setInspectionTap(_ tap: InspectionTap?, timesHooks: Bool) {
    self.tap = tap.map { Unmanaged.passUnretained($0) }
    tapTimesHooks = tap != nil && timesHooks
  }
  var recordsRenders: Bool { hasTap || renderRelay.hasSubscribers }

  /// The tick counter (``TickClock``) as the tree last read it to time a hook: at the start of
  /// a `didBecomeActive` (just before "activated" goes out) and at the end of every hook (just
  /// before "deactivated" and "loaded" go out). A recorder timing hooks stamps those events with
  /// it instead of reading a clock again.
  /// (A getter over a stored number: see ``RouterNode/inspectionTag``.)
  @_spi(RibcageInspection) public var inspectionHookClock: UInt64 { hookClock }
  @exclusivity(unchecked) private var hookClock: UInt64 = 0

  /// Reads the tick counter at the start of a timed hook: a counter read, not a clock call,
  /// because a timed tree reads it twice a hook.
  func startHookClock() -> UInt64 {
    let now = ribcage_ticks()
    hookClock = now
    return now
  }

  /// Reads the tick counter at the end of a timed hook.
  func endHookClock() -> UInt64 { ribcage_ticks() }

  /// Sends the timing of a hook that started at `start` (from ``startHookClock()``).
  func emitHookTiming(_ router: RouterNode, _ hook: LifecycleHook, since start: UInt64) {
    let end = ribcage_ticks()
    hookClock = end
    if tapTimesHooks, let tap {
      Self.call(tap) { $0.hookTimed(router, hook, start: start, end: end) }
    }
    if hookRelay.hasSubscribers, !RouterPresence.isDeallocating(router) {
      hookRelay.send(HookTiming(router: router, hook: hook, startClock: start, endClock: end))
    }
  }

  /// Sends the timing of `router`'s `willResignActive` or `didLoad`, which ran from `start` to
  /// `end`, with the event that ends it ("deactivated", "loaded"): to the tap as one call, to
  /// the streams timing first.
  func emitEnd(of hook: LifecycleHook, by router: RouterNode, start: UInt64, end: UInt64) {
    hookClock = end
    if let tap {
      if tapTimesHooks {
        Self.call(tap) { $0.hookEnded(router, hook, start: start, end: end) }
      } else {
        Self.call(tap) { tap in
          if hook == .didLoad { tap.treeLoaded(router) } else { tap.treeDeactivated(router) }
        }
      }
    }
    if hookRelay.hasSubscribers, !RouterPresence.isDeallocating(router) {
      hookRelay.send(HookTiming(router: router, hook: hook, startClock: start, endClock: end))
    }
    if eventRelay.hasSubscribers, !RouterPresence.isDeallocating(router) {
      eventRelay.send(hook == .didLoad ? .loaded(router) : .deactivated(router))
    }
  }

  /// Hands `viewModel`, just rendered by a loop of `router`'s RIB, to the tap as the value it
  /// is (saying whether its type is `Sendable`), and to the ``renders`` observers as a
  /// ``RenderRecord``.
  ///
  /// The record is made (retaining the router) before the tap runs: a recorder hands what it
  /// records to consumers, and a consumer may detach and release the RIB. A router whose deinit
  /// has started (a subclass's deinit that renders) is not named in the record, which would
  /// outlive it; the tap, which keeps nothing, is still handed it.
  func emitRender<ViewModel>(_ viewModel: ViewModel, by router: RouterNode?, isSendable: Bool) {
    guard renderRelay.hasSubscribers else {
      if let tap {
        Self.call(tap) { $0.treeRendered(viewModel, by: router, isSendable: isSendable) }
      }
      return
    }
    var named = router
    if let router, RouterPresence.isDeallocating(router) { named = nil }
    let record = RenderRecord(router: named, viewModel: viewModel)
    if let tap {
      Self.call(tap) { $0.treeRendered(viewModel, by: router, isSendable: isSendable) }
    }
    renderRelay.send(record)
  }

  /// Tells the tap and ``inspectionRootReleases``' observers that a root released while active
  /// (tag `tag`, identity `identity`: the router is gone) has been stopped: no other event says
  /// it left the tree.
  func announceRelease(ofRootTagged tag: UInt64, identity: ObjectIdentifier) {
    if let tap { Self.call(tap) { $0.treeRootReleased(inspectionTag: tag, identity: identity) } }
    if rootReleaseRelay.hasSubscribers {
      rootReleaseRelay.send(ReleasedRoot(inspectionTag: tag, identity: identity))
    }
  }

  /// Roots released while active, once the tree has stopped them: what a second recorder (one
  /// that takes the streams, not the tap) hears of them.
  @_spi(RibcageInspection) public var inspectionRootReleases: EventStream<ReleasedRoot> {
    rootReleaseRelay.stream
  }

  /// A root released while active, gone: its ``RouterNode/inspectionTag`` and identity.
  @_spi(RibcageInspection) public struct ReleasedRoot: Sendable {
    public let inspectionTag: UInt64
    public let identity: ObjectIdentifier
  }

  func emit(_ event: PluginEvent) {
    if pluginRelay.hasSubscribers { pluginRelay.send(event) }
  }
}
