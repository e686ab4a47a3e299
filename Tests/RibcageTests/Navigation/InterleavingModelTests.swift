import Foundation
import Ribcage
import RibcageTesting
import Testing

/// A model-based test of random interleavings of deep links and plugins: links of two workflow
/// kinds (valid and malformed, some cancelled by an events observer as they start), runs cancelled
/// at every suspension point (waiting for a replaced run, for a RIB, inside a call that cooperates,
/// throws its own error, ignores or swallows cancellation), calls completing, the RIBs steps wait
/// on attached, detached and switched away, flag changes from every source, core-only on and off,
/// auto-disables set and cleared, and plugin factories that throw, report themselves unhealthy,
/// turn core-only on or switch another plugin on — with the main actor's turns between them drawn
/// at random too. After every operation it checks:
///
/// - no step acted on an inactive or detached RIB;
/// - a step acts only for the newest run of its kind, and a replaced step that swallowed its
///   cancellation acted before any newer run of its kind did (the latest link acts last);
/// - every run ends exactly once, with the right outcome (a run asked to cancel ends cancelled;
///   completed only if its last step acted; failed only with its own error);
/// - nothing optional is attached while core-only is on; attached plugins have their flags on;
///   a plugin's auto-disabled note is there exactly while its flag is auto-disabled;
/// - plugin events are well formed (attached and detached alternate) and in the tree's order;
/// - a value point hands out only plugins enabled when its evaluation ends;
///
/// and, at the end of each interleaving, that every run has ended and nothing leaked.
///
/// Seeded: a failure names the seed and operation. `RIBCAGE_INTERLEAVINGS` (default 150) and
/// `RIBCAGE_INTERLEAVING_OPERATIONS` (operations each, default 60) make a longer run;
/// `RIBCAGE_INTERLEAVING_SEED` picks the first seed.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct InterleavingModelTests {
  @Test func randomInterleavingsKeepTheLinkAndPluginPromises() async {
    let environment = ProcessInfo.processInfo.environment
    let interleavings = environment["RIBCAGE_INTERLEAVINGS"].flatMap { Int($0) } ?? 150
    let operations = environment["RIBCAGE_INTERLEAVING_OPERATIONS"].flatMap { Int($0) } ?? 60
    let firstSeed = environment["RIBCAGE_INTERLEAVING_SEED"].flatMap { UInt64($0) } ?? 1
    var ran = 0
    var totals = InterleavingModel.Totals()
    for seed in firstSeed..<firstSeed + UInt64(interleavings) {
      let model = InterleavingModel(seed: seed)
      await model.run(operations: operations)
      if let violation = model.violations.first {
        Issue.record(
          "seed \(seed): \(model.violations.count) violation(s); first: \(violation)")
        return
      }
      totals.add(model.totals)
      ran += 1
    }
    #expect(ran == interleavings)
    // The interleavings exercised what they are about (a smoke check of the generator).
    #expect(totals.runs > 0 && totals.cancelledRuns > 0 && totals.completedRuns > 0)
    #expect(totals.swallowedActions > 0 && totals.pluginAttaches > 0)
    print(
      "InterleavingModelTests: \(ran) interleavings of \(operations) operations: \(totals)")
  }
}

// MARK: The model

/// How a step's call behaves when its run is cancelled.
private enum CallMode: String, CaseIterable {
  /// Throws `CancellationError` at once.
  case cooperative
  /// Throws an error of its own at once (`URLError(.cancelled)`).
  case ownError
  /// Returns only when completed, whatever the cancellation.
  case ignoring
  /// The step wraps an own-error call in `try?` and acts anyway.
  case swallowing
}

/// What a deep link asks for: open workflow `kind`, acting on the tab in `slot`.
private struct ModelLink {
  let kind: String
  let slot: Int
  let mode: CallMode
}

/// The error a step throws when its tab slot is empty: the run fails with it.
private struct NoTab: Error {}
/// The error an own-error call throws when cancelled.
private struct CallCancelled: Error {}
/// The error a plugin factory throws.
private struct FactoryFailed: Error {}

/// A step's call: completes when the model says so, or reacts to cancellation by its mode.
@MainActor
private final class ModelCall {
  let mode: CallMode
  private var continuation: CheckedContinuation<Void, any Error>?
  private(set) var isSettled = false

  init(mode: CallMode) { self.mode = mode }

  var isPending: Bool { continuation != nil }

  func perform() async throws {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        self.continuation = continuation
        if Task.isCancelled { reactToCancellation() }
      }
    } onCancel: {
      Task { @MainActor in self.reactToCancellation() }
    }
  }

  func complete() { settle(.success(())) }

  private func reactToCancellation() {
    switch mode {
    case .cooperative: settle(.failure(CancellationError()))
    case .ownError, .swallowing: settle(.failure(CallCancelled()))
    case .ignoring: break
    }
  }

  private func settle(_ result: Result<Void, any Error>) {
    guard !isSettled, let continuation else { return }
    isSettled = true
    self.continuation = nil
    continuation.resume(with: result)
  }
}

/// One started run, as the model sees it.
@MainActor
private final class ModelRun {
  let serial: Int
  let link: ModelLink
  var run: WorkflowRun<Void>?
  var call: ModelCall?
  var endings = 0
  var terminalEvents = 0
  var actedOnTab = false
  /// The tab the second step waits on, once the first has returned it.
  var targetSerial: Int?
  /// Its tab was detached after the first step chose it: the run may end cancelled for that.
  var targetLost = false
  var stateObservation: StreamSubscription?

  init(serial: Int, link: ModelLink) {
    self.serial = serial
    self.link = link
  }

  var state: WorkflowState<Void> { run?.state.value ?? .running }
}

@MainActor private final class TabInteractor: Interactor, Interactable {
  let serial: Int
  init(serial: Int) { self.serial = serial }
}
@MainActor private final class TabRouter: Router<TabInteractor> {}
@MainActor private final class TabsHostRouter: NodeRouter {}
@MainActor private final class PluginHostRouter: NodeRouter {}
@MainActor private final class AlphaPluginRouter: NodeRouter {}
@MainActor private final class BetaPluginRouter: NodeRouter {}
@MainActor private final class GammaPluginRouter: NodeRouter {}

@MainActor
private final class InterleavingModel {
  struct Totals: CustomStringConvertible {
    var runs = 0
    var completedRuns = 0
    var cancelledRuns = 0
    var failedRuns = 0
    var swallowedActions = 0
    var pluginAttaches = 0
    var operations = 0

    mutating func add(_ other: Totals) {
      runs += other.runs
      completedRuns += other.completedRuns
      cancelledRuns += other.cancelledRuns
      failedRuns += other.failedRuns
      swallowedActions += other.swallowedActions
      pluginAttaches += other.pluginAttaches
      operations += other.operations
    }

    var description: String {
      "\(runs) runs (\(completedRuns) completed, \(cancelledRuns) cancelled, \(failedRuns) "
        + "failed), \(swallowedActions) swallowed actions, \(pluginAttaches) plugin attaches"
    }
  }

  private(set) var violations: [String] = []
  private(set) var totals = Totals()
  private var random: SeededRandomNumberGenerator
  private var operation = 0
  private var phase = "setup"

  // The tree: Root → TabsHost → tabs in three slots; Root → PluginHost → plugins.
  private let harness = RIBHarness()
  private let root = RootRouter("root")
  private var tabsHost: TabsHostRouter? = TabsHostRouter("tabs")
  private var isTabsHostAttached = true
  private var slots: [TabRouter?] = [nil, nil, nil]
  private var tabSerial = 0
  private let tracker = DeallocationTracker()
  private var treeObservation: StreamSubscription?

  // Links and workflows.
  private let links = DeepLinkRouter<ModelLink>()
  private let runner = WorkflowRunner()
  private var runs: [ModelRun] = []
  private var lastActor: [String: Int] = [:]
  private var cancelsNextStart = false
  private var runnerObservation: StreamSubscription?

  // Flags and plugins.
  private let flags = FlagStore()
  private var pluginHost: PluginHostRouter? = PluginHostRouter("plugins")
  private var plugins: RIBPluginPoint<Int>?
  private let values: PluginPoint<Int, String>
  private let pluginFlags = [
    FeatureFlag("alpha", default: true), FeatureFlag("beta", default: false),
    FeatureFlag("gamma", default: true),
  ]
  private let valueFlags = [
    FeatureFlag("row-one", default: true), FeatureFlag("row-two", default: true),
  ]
  private let pluginNames = ["AlphaPlugin", "BetaPlugin", "GammaPlugin"]
  private var pluginEventsSeen: [String] = []
  private var treeEventsSeen: [String] = []
  private var pluginAttached: Set<String> = []
  private var pluginObservation: StreamSubscription?

  init(seed: UInt64) {
    random = SeededRandomNumberGenerator(seed: seed)
    values = PluginPoint("rows", flags: flags)
    harness.activate(root)
    root.attachChild(tabsHost!)
    root.attachChild(pluginHost!)
    registerLinks()
    registerPlugins()
    observe()
    plugins?.evaluate(0)
  }

  // MARK: Running

  func run(operations: Int) async {
    phase = "operation"
    for _ in 0..<operations {
      operation += 1
      await performRandomOperation()
      for _ in 0..<Int.random(in: 0...3, using: &random) { await Task.yield() }
      checkInvariants()
      if !violations.isEmpty { return }
    }
    totals.operations = operations
    phase = "teardown"
    await tearDown()
  }

  private func performRandomOperation() async {
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<22: openLink()
    case 22..<26: openMalformedLink()
    case 26..<32: cancelRandomRun()
    case 32..<35: runner.cancel(kind: Bool.random(using: &random) ? "a" : "b")
    case 35..<37: cancelsNextStart = true
    case 37..<50: completeRandomCall()
    case 50..<56: attachTab()
    case 56..<61: detachTab()
    case 61..<65: switchTabsHost()
    case 65..<84: changeFlags()
    case 84..<90: plugins?.evaluate(Int.random(in: 0..<3, using: &random))
    case 90..<95: evaluateValues()
    default: for _ in 0..<Int.random(in: 1...8, using: &random) { await Task.yield() }
    }
  }

  // MARK: Links

  private func registerLinks() {
    for kind in ["a", "b"] {
      try? links.register("app://\(kind)/{slot}?mode={mode}") { match in
        guard let mode = CallMode(rawValue: try match.string("mode")) else {
          throw DeepLinkError.rejected(input: match.pattern, reason: "unknown mode")
        }
        let slot = try match.int("slot")
        guard (0..<3).contains(slot) else {
          throw DeepLinkError.rejected(input: match.pattern, reason: "no slot \(slot)")
        }
        return ModelLink(kind: kind, slot: slot, mode: mode)
      }
    }
  }

  private func openLink() {
    let kind = Bool.random(using: &random) ? "a" : "b"
    let slot = Int.random(in: 0..<3, using: &random)
    let mode = CallMode.allCases.randomElement(using: &random)!
    open("app://\(kind)/\(slot)?mode=\(mode.rawValue)")
  }

  private func openMalformedLink() {
    let inputs = [
      "app://a/x?mode=cooperative", "app://c/1?mode=ignoring", "app://b/1", "app:/a/1",
      "app://a/7?mode=cooperative", "app://b/1?mode=sideways", "app://a/%zz?mode=ignoring", "",
    ]
    let started = runs.count
    let tree = root.snapshot()
    let result = runner.open(
      inputs.randomElement(using: &random)!, with: links, on: root.interactor as Interactor,
      serve: workflow(for:))
    if case .success = result { violate("a malformed link started a run") }
    if runs.count != started || root.snapshot() != tree {
      violate("a malformed link changed something")
    }
  }

  private func open(_ url: String) {
    guard case .success(let link) = links.link(for: url) else {
      violate("a valid link was refused: \(url)")
      return
    }
    let record = ModelRun(serial: runs.count + 1, link: link)
    runs.append(record)
    totals.runs += 1
    let run = runner.start(
      workflow(for: link, record: record), on: root.interactor as Interactor, trigger: url)
    record.run = run
    record.stateObservation = run.state.observe { [unowned record] state in
      if state.isFinished { record.endings += 1 }
    }
  }

  /// The serve function `open` needs for malformed links (never called for them).
  private func workflow(for link: ModelLink) -> CommittedWorkflow<RootInteractorItem, Void> {
    workflow(for: link, record: ModelRun(serial: 0, link: link))
  }

  private func workflow(for link: ModelLink, record: ModelRun) -> CommittedWorkflow<
    RootInteractorItem, Void
  > {
    Workflow<RootInteractorItem>(link.kind)
      .onStep { [unowned self, unowned record] root -> TabInteractor in
        try await self.firstStep(of: record, on: root)
      }
      .onStep { [unowned self, unowned record] tab in
        self.act(record, on: tab, tabSerial: tab.serial, swallowed: false)
      }
      .commit()
  }

  private func firstStep(of record: ModelRun, on root: RootInteractorItem) async throws
    -> TabInteractor
  {
    let call = ModelCall(mode: record.link.mode)
    record.call = call
    if record.link.mode == .swallowing {
      _ = try? await call.perform()
      act(record, on: root, tabSerial: nil, swallowed: true)
    } else {
      try await call.perform()
    }
    guard let tab = slots[record.link.slot] else { throw NoTab() }
    record.targetSerial = tab.interactor.serial
    return tab.interactor
  }

  private func act(_ record: ModelRun, on item: Interactor, tabSerial: Int?, swallowed: Bool) {
    if !item.isActive { violate("run \(record.serial) acted on an inactive RIB") }
    if let tabSerial {
      let attached = slots.contains { $0?.interactor.serial == tabSerial } && isTabsHostAttached
      if !attached { violate("run \(record.serial) acted on a detached tab") }
      record.actedOnTab = true
    }
    let newest = runs.last { $0.link.kind == record.link.kind }!.serial
    if !swallowed, newest != record.serial {
      violate("run \(record.serial) acted though run \(newest) of its kind replaced it")
    }
    if let last = lastActor[record.link.kind], last > record.serial {
      violate("run \(record.serial) acted after newer run \(last) of its kind had acted")
    }
    if swallowed { totals.swallowedActions += 1 }
    lastActor[record.link.kind] = record.serial
  }

  private func cancelRandomRun() {
    guard let record = runs.filter({ !$0.state.isFinished }).randomElement(using: &random)
    else { return }
    record.run?.cancel()
  }

  private func completeRandomCall() {
    let pending = runs.compactMap(\.call).filter(\.isPending)
    pending.randomElement(using: &random)?.complete()
  }

  // MARK: Tabs

  private func attachTab() {
    guard let slot = slots.indices.filter({ slots[$0] == nil }).randomElement(using: &random),
      let tabsHost
    else { return }
    tabSerial += 1
    let tab = TabRouter(interactor: TabInteractor(serial: tabSerial))
    tabsHost.attachChild(tab)
    slots[slot] = tab
  }

  private func detachTab() {
    guard let slot = slots.indices.filter({ slots[$0] != nil }).randomElement(using: &random),
      let tab = slots[slot], let tabsHost
    else { return }
    for record in runs where record.targetSerial == tab.interactor.serial {
      record.targetLost = true
    }
    tracker.trackSubtree(of: tab)
    slots[slot] = nil
    tabsHost.detachChild(tab)
  }

  /// Switches the tabs away (detached, kept to come back) and back.
  private func switchTabsHost() {
    guard let tabsHost else { return }
    if isTabsHostAttached {
      root.detachChild(tabsHost, expectingDeallocation: false)
    } else {
      root.attachChild(tabsHost)
    }
    isTabsHostAttached.toggle()
  }

  // MARK: Flags and plugins

  private func registerPlugins() {
    guard let pluginHost else { return }
    let point = RIBPluginPoint<Int>("confirm", flags: flags, router: pluginHost)
    let makers: [@MainActor () -> NodeRouter] = [
      { AlphaPluginRouter("alpha") }, { BetaPluginRouter("beta") }, { GammaPluginRouter("gamma") },
    ]
    for index in pluginFlags.indices {
      let make = makers[index]
      point.register(pluginNames[index], gatedBy: pluginFlags[index]) {
        [unowned self] _, health in
        try self.buildPlugin(index, make: make, health: health)
      }
    }
    plugins = point
    for index in valueFlags.indices {
      values.register("row-\(index)", gatedBy: valueFlags[index]) { [unowned self] _, health in
        try self.buildValue(index, health: health)
      }
    }
  }

  private func buildPlugin(
    _ index: Int, make: () -> NodeRouter, health: PluginHealth
  ) throws -> RouterNode {
    let router = make()
    switch Int.random(in: 0..<20, using: &random) {
    case 0: throw FactoryFailed()
    case 1: health.reportUnhealthy("unhealthy while built")
    case 2: flags.isCoreOnly = true
    case 3, 4:
      router.interactor.onDidBecomeActive = { _ in health.reportUnhealthy("unhealthy at once") }
    case 5, 6:
      let other = pluginFlags[(index + 1) % pluginFlags.count]
      router.interactor.onDidBecomeActive = { [flags] _ in flags.apply([other.key: .bool(true)]) }
    default: break
    }
    return router
  }

  private func buildValue(_ index: Int, health: PluginHealth) throws -> String {
    switch Int.random(in: 0..<12, using: &random) {
    case 0: throw FactoryFailed()
    case 1: health.reportUnhealthy("row unhealthy")
    case 2: flags.isCoreOnly = true
    case 3: flags.apply([valueFlags[(index + 1) % valueFlags.count].key: .bool(false)])
    default: break
    }
    return "row-\(index)"
  }

  private func evaluateValues() {
    let rows = values.evaluate(0)
    if flags.isCoreOnly, !rows.isEmpty { violate("value plugins handed out while core-only") }
    for row in rows {
      let index = Int(row.dropFirst(4))!
      if !flags.isEnabled(valueFlags[index]) { violate("\(row) handed out with its flag off") }
    }
  }

  private func changeFlags() {
    let all = pluginFlags + valueFlags
    let flag = all.randomElement(using: &random)!
    let on = Bool.random(using: &random)
    switch Int.random(in: 0..<11, using: &random) {
    case 0: flags.apply([flag.key: .bool(on)])
    case 1: flags.apply([flag.key: .bool(on)], from: .defaults)
    case 2: flags.loadFile(#"{ "\#(flag.key)": \#(on) }"#)
    case 3: flags.loadFile(#"{ "\#(flag.key)": "#)  // malformed: changes nothing
    case 4: flags.setOverride(flag, to: on)
    case 5: flags.removeOverride(flag)
    case 6: flags.autoDisable(flag, reason: "failed in the model")
    case 7: flags.clearAutoDisabled(flag)
    case 8: flags.clearRuntimeValues()
    case 9: flags.apply([flag.key: .int(1)])  // wrong type: an issue, nothing changes
    default: flags.isCoreOnly.toggle()
    }
  }

  private func observe() {
    runnerObservation = runner.events.observe { [unowned self] event in
      switch event.phase {
      case .started:
        if cancelsNextStart {
          cancelsNextStart = false
          runner.cancel(kind: event.kind)
        }
      case .completed, .cancelled, .failed:
        let index = Int(event.run) - 1
        if runs.indices.contains(index) { runs[index].terminalEvents += 1 }
      case .waiting, .acting: break
      }
    }
    pluginObservation = root.context.pluginEvents.observe { [unowned self] event in
      switch event.kind {
      case .attached:
        if !pluginAttached.insert(event.plugin).inserted {
          violate("\(event.plugin) announced attached twice")
        }
        totals.pluginAttaches += 1
        pluginEventsSeen.append("attached \(event.plugin)")
      case .detached:
        if pluginAttached.remove(event.plugin) == nil {
          violate("\(event.plugin) announced detached while not attached")
        }
        pluginEventsSeen.append("detached \(event.plugin)")
      case .autoDisabled:
        if event.reason == nil { violate("\(event.plugin) auto-disabled without a reason") }
      }
    }
    treeObservation = root.context.events.observe { [unowned self] event in
      switch event {
      case .attached(let child, let parent) where parent === pluginHost:
        treeEventsSeen.append("attached \(child.name)")
      case .detached(let child, let parent) where parent === pluginHost:
        treeEventsSeen.append("detached \(child.name)")
      default: break
      }
    }
  }

  // MARK: Checking

  private func checkInvariants() {
    for record in runs {
      if record.endings > 1 || record.terminalEvents > 1 {
        violate("run \(record.serial) ended \(max(record.endings, record.terminalEvents)) times")
      }
      if record.state.isFinished { checkOutcome(of: record) }
    }
    guard let plugins, let pluginHost else { return }
    let attached = plugins.attachedNames
    if flags.isCoreOnly, !attached.isEmpty || !pluginHost.children.isEmpty {
      violate("plugins \(attached) attached while core-only is on")
    }
    if Set(pluginHost.children.map(\.name)) != Set(attached) {
      violate("the point says \(attached), the tree \(pluginHost.children.map(\.name))")
    }
    for (index, name) in pluginNames.enumerated() {
      if attached.contains(name), !flags.isEnabled(pluginFlags[index]) {
        violate("\(name) attached with its flag off")
      }
      let noted = pluginHost.notes["plugin \(name)"] != nil
      if noted != (flags.autoDisabledReason(pluginFlags[index]) != nil) {
        violate("\(name)'s auto-disabled note is \(noted ? "stale" : "missing")")
      }
    }
    if Set(attached) != pluginAttached { violate("events say \(pluginAttached) are attached") }
    if pluginEventsSeen != treeEventsSeen {
      violate("plugin events \(pluginEventsSeen) are not in tree order \(treeEventsSeen)")
    }
  }

  private func checkOutcome(of record: ModelRun) {
    let requested = record.run?.isCancellationRequested == true
    switch record.state {
    case .completed:
      if requested || !record.actedOnTab {
        violate("run \(record.serial) completed (cancel asked: \(requested))")
      }
    case .failed(let error):
      if requested || !(error is NoTab) {
        violate("run \(record.serial) failed with \(error) (cancel asked: \(requested))")
      }
    case .cancelled:
      if !requested, !record.targetLost {
        violate("run \(record.serial) ended cancelled with nothing cancelling it")
      }
    case .running: break
    }
  }

  private func violate(_ message: String) {
    violations.append("\(phase) \(operation): \(message)")
  }

  // MARK: Teardown

  private func tearDown() async {
    if !isTabsHostAttached, let tabsHost { root.attachChild(tabsHost) }
    isTabsHostAttached = true
    for record in runs { record.run?.cancel() }
    for _ in 0..<1_000 where runs.contains(where: { !$0.state.isFinished }) {
      for call in runs.compactMap(\.call) where call.isPending { call.complete() }
      await Task.yield()
    }
    checkInvariants()
    for record in runs {
      if !record.state.isFinished { violate("run \(record.serial) never ended") }
      if record.endings != 1 || record.terminalEvents != 1 {
        violate("run \(record.serial) ended \(record.endings)/\(record.terminalEvents) times")
      }
      switch record.state {
      case .completed: totals.completedRuns += 1
      case .cancelled: totals.cancelledRuns += 1
      case .failed: totals.failedRuns += 1
      case .running: break
      }
      record.stateObservation?.cancel()
    }
    // Everything is detached and released: nothing may stay alive.
    flags.isCoreOnly = true
    for slot in slots.indices {
      if let tab = slots[slot] {
        tracker.trackSubtree(of: tab)
        slots[slot] = nil
        tabsHost?.detachChild(tab)
      }
    }
    for host in [tabsHost as RouterNode?, pluginHost].compactMap({ $0 }) {
      tracker.trackSubtree(of: host)
      root.detachChild(host)
    }
    tabsHost = nil
    pluginHost = nil
    plugins = nil
    runnerObservation?.cancel()
    pluginObservation?.cancel()
    treeObservation?.cancel()
    let leaks = await harness.sweepLeaks(settlingFor: 100)
    if !leaks.isEmpty { violate("leaks: \(leaks)") }
    if !tracker.survivors.isEmpty { violate("still alive: \(tracker.survivors)") }
  }
}

/// The root item the workflows start on.
private typealias RootInteractorItem = Interactor
