/// Finds RIBs that outlive their detach: every router, interactor, presenter and view of a detached
/// subtree is tracked, and whatever is still alive once the grace period has passed on the injected
/// clock is reported with its type and its former tree path.
///
/// There is no timer per object: detached subtrees wait in one list and a single sweep checks every
/// subtree whose grace period is over. With `sweepsAutomatically` (the default) the detector
/// schedules that sweep itself; tests turn it off, advance a `TestClock` and call ``sweep()``:
///
/// ```swift
/// let clock = TestClock()
/// var leaks: [LeakReport] = []
/// let detector = LeakDetector(
///   gracePeriod: .seconds(1), clock: clock, sweepsAutomatically: false,
///   onLeak: { leaks.append($0) })
/// root.context = TreeContext(leakDetector: detector)
/// // ... attach, detach ...
/// clock.advance(by: .seconds(1))
/// detector.sweep()
/// #expect(leaks.isEmpty)
/// ```
///
/// Set ``isEnabled`` to `false` (or give the ``TreeContext`` no detector) to track nothing.
@MainActor
public final class LeakDetector {
  /// How long a detached object may stay alive before it counts as leaked.
  public let gracePeriod: Duration
  /// The clock grace periods are measured on.
  public let clock: any MonotonicClock
  /// Whether detaches are tracked. Turning it off forgets nothing already tracked.
  public var isEnabled = true

  private let sweepsAutomatically: Bool
  private let onLeak: @MainActor (LeakReport) -> Void
  private let reportRelay = EventRelay<LeakReport>()

  /// Every report, after `onLeak` received it (for a session recorder or an inspector).
  public var reports: EventStream<LeakReport> { reportRelay.stream }
  @exclusivity(unchecked) private var waiting: [(deadline: Duration, batch: LeakBatch)] = []
  /// Objects expected to go away one by one (``expectDeallocation(of:named:)``, the interactor of
  /// a router released while active), watched through weak references.
  private var waitingObjects: [(deadline: Duration, object: LooseObject)] = []
  nonisolated(unsafe) private var scheduledSweep: Task<Void, Never>?
  /// Set while ``sweep()`` runs: a leak handler that detaches must not schedule a second sweep.
  private var isSweeping = false

  /// Creates a leak detector.
  ///
  /// - Parameters:
  ///   - gracePeriod: how long detached objects may live on (a dismissal animation, a last
  ///     callback); one second by default.
  ///   - clock: the clock the grace period is measured on.
  ///   - sweepsAutomatically: whether the detector schedules its own sweeps; `false` in tests that
  ///     call ``sweep()`` themselves.
  ///   - onLeak: called with each report; by default, debug builds print it to standard error.
  public init(
    gracePeriod: Duration = .seconds(1),
    clock: any MonotonicClock = SystemClock(),
    sweepsAutomatically: Bool = true,
    onLeak: @escaping @MainActor (LeakReport) -> Void = LeakDetector.printReport
  ) {
    self.gracePeriod = gracePeriod
    self.clock = clock
    self.sweepsAutomatically = sweepsAutomatically
    self.onLeak = onLeak
  }

  deinit {
    scheduledSweep?.cancel()
  }

  /// Prints `report` to standard error in debug builds; does nothing in release builds.
  public static func printReport(_ report: LeakReport) {
    #if DEBUG
      printToStandardError(report.description)
    #endif
  }

  /// How many detached subtrees (and single objects given to
  /// ``expectDeallocation(of:named:)``) are waiting for their grace period to end.
  public var waitingSubtreeCount: Int { waiting.count + waitingObjects.count }

  /// Whether anything (a detached subtree, an object given to ``expectDeallocate(object:)``) is
  /// waiting for its grace period to end — uber/RIBs' `LeakDetectionStatus.InProgress`.
  public var isWaiting: Bool { !waiting.isEmpty || !waitingObjects.isEmpty }

  /// ``isWaiting`` as a stream, replaying the current value — uber/RIBs' `status`. Use it to hold
  /// a UI test or a screenshot until every detached RIB has been checked:
  ///
  /// ```swift
  /// detector.isWaitingStream.observe { waiting in if !waiting { takeScreenshot() } }
  /// ```
  ///
  /// The stream costs nothing until first asked for; it changes when a subtree or object starts
  /// waiting and after a sweep.
  public var isWaitingStream: StateStream<Bool> {
    if let waitingCore { return StateStream(core: waitingCore) }
    let created = StreamCore(replaying: isWaiting)
    waitingCore = created
    return StateStream(core: created)
  }

  /// The engine of ``isWaitingStream``, created on first use.
  private var waitingCore: StreamCore<Bool>?

  private func publishWaiting(to core: StreamCore<Bool>) {
    let waitingNow = isWaiting
    if core.latest != waitingNow { core.send(waitingNow) }
  }

  /// uber/RIBs' spelling of ``expectDeallocation(of:named:)``: expects `object` to be deallocated
  /// within the grace period.
  ///
  /// ```swift
  /// leakDetector.expectDeallocate(object: paymentSession)
  /// ```
  public func expectDeallocate(object: AnyObject) {
    expectDeallocation(of: object)
  }

  /// How many tracked objects are still alive, whatever their grace period: zero means the next
  /// sweep reports nothing. Tests wait on it (`RibcageTesting`'s async `expectNoLeaks()` lets
  /// pending main-actor work run until it is zero, or gives up and reports).
  public var liveObjectCount: Int {
    var count = 0
    for entry in waiting { count += entry.batch.liveObjectCount }
    for entry in waitingObjects where entry.object.reference.object != nil { count += 1 }
    return count
  }

  /// Expects `object` to be deallocated within the grace period, as detached RIBs are: a
  /// service, a flow's coordinator or anything else a team knows should go away now. Reported
  /// like a RIB, with `name` (the object's type name by default) as its path.
  ///
  /// ```swift
  /// detector.expectDeallocation(of: paymentSession)
  /// ```
  public func expectDeallocation(of object: AnyObject, named name: String? = nil) {
    expectDeallocation(
      of: object, role: .object, path: name ?? String(describing: type(of: object)))
  }

  /// Expects one object with a known role and path to go away.
  func expectDeallocation(of object: AnyObject, role: LeakedObject.Role, path: String) {
    guard isEnabled else { return }
    let deadline = clock.now() + gracePeriod
    waitingObjects.append(
      (
        deadline,
        LooseObject(
          role: role, typeName: String(describing: type(of: object)), path: path,
          reference: WeakObject(object))
      ))
    scheduleSweepIfNeeded(at: deadline)
  }

  /// Checks every detached subtree whose grace period is over, reports what is still alive, and
  /// forgets those subtrees. Returns the reports it made.
  @discardableResult
  public func sweep() -> [LeakReport] {
    guard !waiting.isEmpty || !waitingObjects.isEmpty else { return [] }
    let now = clock.now()
    var reports: [LeakReport] = []
    var kept = 0
    for index in waiting.indices {
      if waiting[index].deadline > now {
        waiting.swapAt(kept, index)
        kept += 1
        continue
      }
      // Fast path: the detached routers and interactors each hold the batch, so when the
      // detector holds the only reference, all of them are gone.
      if isKnownUniquelyReferenced(&waiting[index].batch), waiting[index].batch.weakObjects.isEmpty
      {
        continue
      }
      if let report = Self.report(for: waiting[index].batch) { reports.append(report) }
    }
    waiting.removeLast(waiting.count - kept)
    if !waitingObjects.isEmpty { reports += sweepObjects(now: now) }
    // Leak handlers may detach (and so track) more: one sweep is scheduled for all of it, after.
    isSweeping = true
    for report in reports {
      onLeak(report)
      if reportRelay.hasSubscribers { reportRelay.send(report) }
    }
    isSweeping = false
    if let waitingCore { publishWaiting(to: waitingCore) }
    // Called by hand while nothing is scheduled: what the handlers tracked still needs a sweep.
    // (The scheduled sweep's own task schedules the next one when this returns.)
    if sweepsAutomatically, scheduledSweep == nil, let next = nextDeadline {
      scheduleSweep(at: next)
    }
    return reports
  }

  private var nextDeadline: Duration? {
    (waiting.map(\.deadline) + waitingObjects.map(\.deadline)).min()
  }

  private func sweepObjects(now: Duration) -> [LeakReport] {
    var reports: [LeakReport] = []
    var kept: [(deadline: Duration, object: LooseObject)] = []
    for entry in waitingObjects {
      if entry.deadline > now {
        kept.append(entry)
      } else if entry.object.reference.object != nil {
        let object = entry.object
        reports.append(
          LeakReport(
            subtreePath: object.path,
            leakedObjects: [
              LeakedObject(role: object.role, typeName: object.typeName, path: object.path)
            ]))
      }
    }
    waitingObjects = kept
    return reports
  }

  // MARK: Tracking

  /// Makes an empty batch for `walk`, detached from `formerParent`; fill it with
  /// ``LeakBatch/register(_:interactor:at:of:)`` for every router, then ``enqueue(_:)`` it.
  func makeBatch(for walk: SubtreeWalk, formerParent: RouterNode) -> LeakBatch {
    LeakBatch.make(routerCount: walk.nodes.count, ancestors: Self.ancestry(of: formerParent))
  }

  /// The types from the root down to `router`; most detaches happen near the root.
  private static func ancestry(of router: RouterNode) -> [Any.Type] {
    var ancestors: [Any.Type] = [type(of: router)]
    var ancestor = router.parent
    while let current = ancestor {
      ancestors.append(type(of: current))
      ancestor = current.parent
    }
    if ancestors.count > 1 { ancestors.reverse() }
    return ancestors
  }

  /// Starts the grace period of a filled batch.
  func enqueue(_ batch: LeakBatch) {
    let deadline = clock.now() + gracePeriod
    waiting.append((deadline, batch))
    scheduleSweepIfNeeded(at: deadline)
  }

  private func scheduleSweepIfNeeded(at deadline: Duration) {
    if let waitingCore { publishWaiting(to: waitingCore) }
    if sweepsAutomatically, scheduledSweep == nil, !isSweeping { scheduleSweep(at: deadline) }
  }

  /// Tracks a detached subtree in one go.
  func track(_ walk: SubtreeWalk, formerParent: RouterNode) {
    track(walk, formerAncestors: Self.ancestry(of: formerParent))
  }

  /// Tracks a detached subtree in one go, under the given former ancestry (root first).
  func track(_ walk: SubtreeWalk, formerAncestors: [Any.Type]) {
    let batch = LeakBatch.make(routerCount: walk.nodes.count, ancestors: formerAncestors)
    let nodes = walk.nodes
    for index in nodes.indices {
      batch.register(nodes[index], interactor: nodes[index].interactable, at: index, of: walk)
    }
    enqueue(batch)
  }

  private func scheduleSweep(at deadline: Duration) {
    let clock = clock
    scheduledSweep = Task { [weak self] in
      do {
        try await clock.sleep(until: deadline)
      } catch {
        return
      }
      guard let self else { return }
      self.sweep()
      self.scheduledSweep = nil
      if let next = self.nextDeadline { self.scheduleSweep(at: next) }
    }
  }

  /// How many sweeps are scheduled (0 or 1): one for everything waiting.
  var scheduledSweepCount: Int { scheduledSweep == nil ? 0 : 1 }

  private static func report(for batch: LeakBatch) -> LeakReport? {
    // (router index, role, type) of everything still alive.
    var alive: [(router: Int, role: LeakedObject.Role, type: Any.Type)] = []
    for index in 0..<batch.count where batch.isFlagSet(at: index) {
      let entry = batch.entry(at: index)
      alive.append((Int(entry.router), entry.role, entry.type))
    }
    for weak in batch.liveWeakObjects {
      alive.append((weak.router, weak.role, weak.type))
    }
    guard !alive.isEmpty else { return nil }
    // Group by RIB, in tree order; within a RIB: router, interactor, view, presenter.
    let rank: [LeakedObject.Role: Int] = [.router: 0, .interactor: 1, .view: 2, .presenter: 3]
    alive.sort { ($0.router, rank[$0.role]!) < ($1.router, rank[$1.role]!) }
    var paths = LeakPaths(batch: batch)
    let leaked = alive.map {
      LeakedObject(
        role: $0.role, typeName: String(describing: $0.type), path: paths.path(ofRouter: $0.router))
    }
    return LeakReport(subtreePath: paths.path(ofRouter: 0), leakedObjects: leaked)
  }
}

/// One object tracked on its own, through a weak reference.
struct LooseObject {
  let role: LeakedObject.Role
  let typeName: String
  let path: String
  let reference: WeakObject
}

/// Builds the tree paths of a batch's routers in linear time. Paths longer than
/// ``maximumComponents`` keep their first and last components around a count of the elided ones,
/// so a leak ten thousand levels deep still gives a readable (and quick) report.
private struct LeakPaths {
  static let maximumComponents = 24
  static let keptAtEachEnd = 8

  let batch: LeakBatch
  let prefix: [String]
  /// Per router entry: its depth below the subtree root, and the names of the first levels.
  var depth: [Int]
  var head: [[String]]
  var names: [ObjectIdentifier: String] = [:]

  init(batch: LeakBatch) {
    self.batch = batch
    prefix = batch.formerAncestors.map { RouterNode.name(of: $0) }
    depth = Array(repeating: 0, count: batch.count)
    head = Array(repeating: [], count: batch.count)
    // Pre-order: a parent's entry always comes before its children's.
    for index in 0..<batch.count {
      let entry = batch.entry(at: index)
      guard entry.role == .router else { continue }
      let name = Self.name(of: entry.type, cache: &names)
      let parent = Int(entry.parentRouter)
      if parent < 0 {
        head[index] = [name]
      } else {
        depth[index] = depth[parent] + 1
        head[index] = head[parent]
        if head[index].count < Self.keptAtEachEnd { head[index].append(name) }
      }
    }
  }

  mutating func path(ofRouter index: Int) -> String {
    let total = prefix.count + depth[index] + 1
    // The last components, walking up at most `keptAtEachEnd` levels (or all, if short).
    let wanted = total <= Self.maximumComponents ? total : Self.keptAtEachEnd
    var tail: [String] = []
    var current = index
    while current >= 0, tail.count < wanted {
      let entry = batch.entry(at: current)
      tail.append(Self.name(of: entry.type, cache: &names))
      current = Int(entry.parentRouter)
    }
    if total <= Self.maximumComponents {
      return (prefix + tail.reversed()).joined(separator: "/")
    }
    let leading = Array((prefix + head[index]).prefix(Self.keptAtEachEnd))
    if tail.count < Self.keptAtEachEnd {
      tail += prefix.reversed().prefix(Self.keptAtEachEnd - tail.count)
    }
    let elided = total - leading.count - tail.count
    return (leading + ["…\(elided) more…"] + tail.reversed()).joined(separator: "/")
  }

  private static func name(of type: Any.Type, cache: inout [ObjectIdentifier: String]) -> String {
    let key = ObjectIdentifier(type)
    if let name = cache[key] { return name }
    let name = RouterNode.name(of: type)
    cache[key] = name
    return name
  }
}
