import Foundation
import Ribcage
import RibcageTesting
import Testing

/// A model-based random test of the tree: random trees and random operations — attach, detach
/// (with and without expecting deallocation), re-attach, release, root activation, dropping the
/// launched root, flag flips on a plugin point, and one-shot hooks that attach and detach
/// siblings, parents and themselves re-entrantly — each checked against a simple reference
/// model:
///
/// - a RIB is active exactly while its parent is active (the launched root: while it is
///   activated);
/// - `didLoad` runs at most once, and only on an attached router;
/// - after the grace period, the leak detector reports exactly the detached routers (and their
///   interactors) that are still alive, and nothing else;
/// - activation events alternate per router; attach and detach events match the tree.
///
/// Seeded, so a failure names the seed and step that reproduce it. CI runs a short run; set
/// `RIBCAGE_MODEL_OPERATIONS` (and optionally `RIBCAGE_MODEL_SEED`) for a long one.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct TreeModelTests {
  @Test func randomOperationsKeepTheTreeConsistentWithTheModel() {
    let environment = ProcessInfo.processInfo.environment
    let operations = environment["RIBCAGE_MODEL_OPERATIONS"].flatMap { Int($0) } ?? 12_000
    let firstSeed = environment["RIBCAGE_MODEL_SEED"].flatMap { UInt64($0) } ?? 1
    let perRun = 1_500
    var done = 0
    var seed = firstSeed
    while done < operations {
      let count = min(perRun, operations - done)
      var model = TreeModel(seed: seed)
      model.run(operations: count)
      if !model.violations.isEmpty {
        Issue.record(
          "seed \(seed): \(model.violations.count) violation(s); first: \(model.violations[0])")
        return
      }
      done += count
      seed += 1
    }
    #expect(done == operations)
  }
}

/// A router with a serial number and one-shot hooks.
@MainActor
private final class ModelRouter: Router<ModelInteractor> {
  let serial: Int
  var loads = 0
  var onLoad: ((ModelRouter) -> Void)?

  init(serial: Int) {
    self.serial = serial
    super.init(interactor: ModelInteractor())
  }

  override func didLoad() {
    super.didLoad()
    loads += 1
    onLoad?(self)
  }
}

@MainActor
private final class ModelInteractor: Interactor, Interactable {
  var onActivate: (() -> Void)?
  var onResign: (() -> Void)?

  override func didBecomeActive() {
    super.didBecomeActive()
    if let hook = onActivate {
      onActivate = nil
      hook()
    }
  }

  override func willResignActive() {
    super.willResignActive()
    if let hook = onResign {
      onResign = nil
      hook()
    }
  }
}

@MainActor
private final class ModelRoot: LaunchRouter<ModelInteractor, ModelRootView> {
  let serial: Int
  private(set) var plugins: RIBPluginPoint<Void>!

  init(serial: Int, flags: FlagStore, makePlugin: @escaping @MainActor () -> ModelRouter) {
    self.serial = serial
    super.init(interactor: ModelInteractor(), viewController: ModelRootView())
    plugins = RIBPluginPoint("root", flags: flags, router: self)
    for key in TreeModel.flagKeys {
      plugins.register(key, gatedBy: FeatureFlag(key, default: true)) { _, _ in makePlugin() }
    }
  }
}

@MainActor
private final class ModelRootView: ViewControllable {}

@MainActor
private struct TreeModel {
  static let flagKeys = ["plugin-a", "plugin-b"]

  var random: SeededRandomNumberGenerator
  let harness = RIBHarness()
  let flags = FlagStore()
  var root: ModelRoot?
  var rootActive = true
  /// Every router made, weakly, by serial.
  var all: [Int: WeakRouter] = [:]
  /// The routers this test keeps alive on purpose.
  var held: [Int: ModelRouter] = [:]
  var nextSerial = 0
  var violations: [String] = []
  var step = 0
  /// Routers (by serial) expected to be reported if still alive and detached at the sweep.
  var tracked: Set<Int> = []
  /// Per router, whether the last activation event was "activated".
  var lastActivation: [Int: Bool] = [:]
  var eventSubscription: StreamSubscription?
  /// How deep hooks run inside hooks; capped so that they end.
  var hookDepth = 0
  /// The last operations, for the violation messages.
  var trace: [String] = []

  init(seed: UInt64) {
    random = SeededRandomNumberGenerator(seed: seed)
  }

  // MARK: Running

  mutating func run(operations: Int) {
    let box = ModelBox(self)
    box.launchRoot()
    box.subscribeToEvents()
    for _ in 0..<operations {
      box.model.step += 1
      box.pruneDeadRouters()
      box.performRandomOperation()
      box.check()
      if !box.model.violations.isEmpty { break }
    }
    box.tearDown()
    self = box.model
  }
}

/// The model lives in a class while it runs, so that hooks (closures stored on routers) can reach
/// and change it.
@MainActor
private final class ModelBox {
  var model: TreeModel

  init(_ model: TreeModel) {
    self.model = model
  }

  // MARK: Making routers

  func makeRouter() -> ModelRouter {
    model.nextSerial += 1
    let router = ModelRouter(serial: model.nextSerial)
    router.context = model.harness.context
    router.onLoad = { [unowned self] router in
      if self.parent(of: router) == nil {
        self.violation("didLoad ran on detached router \(router.serial)")
      }
      if router.loads > 1 { self.violation("didLoad ran twice on \(router.serial)") }
    }
    model.all[router.serial] = WeakRouter(router)
    return router
  }

  func launchRoot() {
    model.nextSerial += 1
    let root = ModelRoot(serial: model.nextSerial, flags: model.flags) { [unowned self] in
      self.makeRouter()
    }
    model.root = root
    model.rootActive = true
    model.harness.launch(root)
    root.plugins.evaluate(())
  }

  func subscribeToEvents() {
    model.eventSubscription = model.harness.context.events.observe { [unowned self] event in
      self.record(event)
    }
  }

  func tearDown() {
    for router in model.all.values.compactMap(\.router) {
      router.interactor.onActivate = nil
      router.interactor.onResign = nil
    }
    let root = model.root
    model.root = nil
    _ = consume root
    let held = model.held
    model.held.removeAll()
    _ = consume held
    model.eventSubscription?.cancel()
  }

  // MARK: Random operations

  func performRandomOperation() {
    let before = reachableFromRoot()
    let roll = Int.random(in: 0..<100, using: &model.random)
    switch roll {
    case 0..<14: create()
    case 14..<34: attachHeld()
    case 34..<52: detachRandom(expecting: Int.random(in: 0..<10, using: &model.random) != 0)
    case 52..<60: releaseHeld()
    case 60..<66: holdRandom()
    case 66..<72: toggleRootActivation()
    case 72..<74: dropRoot(before: before)
    case 74..<80: flipFlag()
    default: armHook()
    }
    sweepAndCompare()
  }

  func create() {
    guard liveCount < 40 else { return }
    let router = makeRouter()
    model.held[router.serial] = router
  }

  func attachHeld() {
    let candidates = model.held.values.filter { parent(of: $0) == nil }
      .sorted { $0.serial < $1.serial }
    guard let child = candidates.randomElement(using: &model.random),
      let target = randomLiveNode()
    else { return }
    trace("attach \(child.serial) to \(serial(of: target))")
    target.attachChild(child)
  }

  func detachRandom(expecting: Bool) {
    let attached = liveRouters().filter { parent(of: $0) != nil }
    guard let child = attached.randomElement(using: &model.random) else { return }
    detach(child, expecting: expecting)
  }

  /// Detaches `child` from its parent and records what the detector should then track.
  func detach(_ child: ModelRouter, expecting: Bool) {
    guard let formerParent = parent(of: child) else { return }
    trace("detach \(child.serial) from \(serial(of: formerParent)) expecting: \(expecting)")
    formerParent.detachChild(child, expectingDeallocation: expecting)
    if expecting, parent(of: child) == nil {
      for serial in subtree(of: child) { model.tracked.insert(serial) }
    }
  }

  func releaseHeld() {
    let serials = model.held.keys.sorted()
    guard let serial = serials.randomElement(using: &model.random) else { return }
    trace("release \(serial)")
    let released = model.held.removeValue(forKey: serial)
    _ = consume released
  }

  func holdRandom() {
    guard let router = liveRouters().randomElement(using: &model.random) else { return }
    model.held[router.serial] = router
  }

  func toggleRootActivation() {
    guard let root = model.root else { return }
    trace(model.rootActive ? "deactivate root" : "activate root")
    if model.rootActive {
      root.interactor.deactivate()
    } else {
      root.interactor.activate()
    }
    model.rootActive.toggle()
  }

  func dropRoot(before: Set<Int>) {
    // Hooks stay out of this one: a router attached into a tree being dropped is not modelled.
    for router in liveRouters() {
      router.interactor.onActivate = nil
      router.interactor.onResign = nil
    }
    guard let oldRoot = model.root else { return }
    let rootSerial = oldRoot.serial
    trace("drop root \(rootSerial)")
    // Released while active (or not): its subtree goes to the detector. Released outside any
    // access to the model, which its hooks and events read.
    model.root = nil
    _ = consume oldRoot
    if model.rootActive {
      for serial in before where serial != rootSerial { model.tracked.insert(serial) }
    }
    launchRoot()
  }

  func flipFlag() {
    guard let key = TreeModel.flagKeys.randomElement(using: &model.random),
      let root = model.root
    else { return }
    let flag = FeatureFlag(key, default: true)
    let plugins = root.children
    trace("flip \(key)")
    model.flags.setOverride(flag, to: !model.flags.isEnabled(flag))
    // A plugin switched off is detached with whatever its subtree holds by then (hooks may have
    // attached more into it while it was being deactivated).
    for plugin in plugins where !root.children.contains(where: { $0 === plugin }) {
      if parent(of: plugin) == nil {
        for serial in subtree(of: plugin) { model.tracked.insert(serial) }
      }
    }
    // Whatever hooks detached meanwhile was recorded by `detach` (and what they attached
    // anywhere by the attach events).
  }

  func armHook() {
    guard let router = liveRouters().randomElement(using: &model.random) else { return }
    let action = Int.random(in: 0..<6, using: &model.random)
    let hook: () -> Void = { [unowned self, weak router] in
      guard let router, self.model.hookDepth < 3 else { return }
      self.model.hookDepth += 1
      defer { self.model.hookDepth -= 1 }
      self.trace("hook \(action) of \(router.serial)")
      self.runHookAction(action, on: router)
    }
    if Bool.random(using: &model.random) {
      router.interactor.onActivate = hook
    } else {
      router.interactor.onResign = hook
    }
  }

  func runHookAction(_ action: Int, on router: ModelRouter) {
    switch action {
    case 0:  // detach a sibling
      guard let parent = parent(of: router) else { return }
      let siblings = parent.children.compactMap { $0 as? ModelRouter }.filter { $0 !== router }
      if let sibling = siblings.randomElement(using: &model.random) {
        detach(sibling, expecting: true)
      }
    case 1:  // detach itself
      detach(router, expecting: true)
    case 2:  // detach its parent
      if let parent = parent(of: router) as? ModelRouter { detach(parent, expecting: true) }
    case 3:  // attach a held router below itself
      if let child = heldDetached() { router.attachChild(child) }
    case 4:  // attach a held router below its parent
      if let child = heldDetached(), let parent = parent(of: router) { parent.attachChild(child) }
    default:  // move itself below another router (kept, so not expected to go away)
      guard let target = randomLiveNode(), target !== router else { return }
      trace("move \(router.serial) to \(serial(of: target))")
      if parent(of: router) != nil { detach(router, expecting: false) }
      target.attachChild(router)
    }
  }

  func heldDetached() -> ModelRouter? {
    model.held.values.filter { parent(of: $0) == nil }.sorted { $0.serial < $1.serial }
      .randomElement(using: &model.random)
  }

  // MARK: Checking

  func check() {
    let reachable = reachableFromRoot()
    let routers = liveRouters()
    var parents: [ObjectIdentifier: RouterNode] = [:]
    for node in routers as [RouterNode] + (model.root.map { [$0] } ?? []) {
      for child in node.children { parents[ObjectIdentifier(child)] = node }
    }
    for router in routers {
      let expected: Bool
      if let parent = parents[ObjectIdentifier(router)] {
        expected = parent.interactable.isActive
      } else {
        expected = false
      }
      if router.interactor.isActive != expected {
        violation(
          "router \(router.serial) is \(router.interactor.isActive ? "active" : "inactive") "
            + "but its parent is \(expected ? "active" : "inactive or absent")")
      }
      if reachable.contains(router.serial), !router.isLoaded {
        violation("attached router \(router.serial) is not loaded")
      }
    }
    if let root = model.root, root.interactor.isActive != model.rootActive {
      violation("the root is \(root.interactor.isActive ? "active" : "inactive") unexpectedly")
    }
  }

  func sweepAndCompare() {
    let reachable = reachableFromRoot()
    let expected = model.tracked.filter { serial in
      !reachable.contains(serial) && model.all[serial]?.router != nil
    }
    let reports = model.harness.sweepLeaks()
    if traceLength > 4, !reports.isEmpty {
      trace("reported \(reports.flatMap(\.leakedObjects).map(\.path))")
    }
    let routers = reports.flatMap(\.leakedObjects).filter { $0.role == .router }.count
    let interactors = reports.flatMap(\.leakedObjects).filter { $0.role == .interactor }.count
    if routers != expected.count || interactors != expected.count {
      violation(
        "expected \(expected.count) leaked routers (\(expected.sorted())), reported \(routers) "
          + "routers and \(interactors) interactors")
    }
    model.tracked.removeAll()
  }

  func record(_ event: TreeEvent) {
    switch event {
    case .activated(let node), .deactivated(let node):
      let isActivation: Bool
      if case .activated = event { isActivation = true } else { isActivation = false }
      let serial = serial(of: node)
      if model.lastActivation[serial] == isActivation {
        violation("router \(serial) got two \(isActivation ? "activated" : "deactivated") events")
      }
      model.lastActivation[serial] = isActivation
    case .attached(let child, let parent):
      // Emitted once the child is in place (a router released with children orphans them
      // without events, so attach/detach events need not alternate).
      if !parent.children.contains(where: { $0 === child }) {
        violation("router \(serial(of: child)) reported attached but is not a child")
      }
      // Attached anywhere (in the tree or below a detached router), a subtree is in use again:
      // the detector stops expecting it to go away.
      for serial in subtree(of: child) { model.tracked.remove(serial) }
    case .detached(let child, let parent):
      if parent.children.contains(where: { $0 === child }) {
        violation("router \(serial(of: child)) reported detached but is still a child")
      }
    case .loaded:
      break
    }
  }

  func violation(_ text: String) {
    model.violations.append(
      "step \(model.step): \(text) (last operations: \(model.trace.suffix(traceLength).joined(separator: "; ")))"
    )
  }

  var traceLength: Int {
    Int(ProcessInfo.processInfo.environment["RIBCAGE_MODEL_TRACE"] ?? "") ?? 4
  }

  func trace(_ text: String) {
    model.trace.append("\(model.step) \(text)")
    if model.trace.count > 64 { model.trace.removeFirst(32) }
  }

  // MARK: The tree as it is

  var liveCount: Int { model.all.count }

  func pruneDeadRouters() {
    let dead = model.all.filter { $0.value.router == nil }.map(\.key)
    for serial in dead { model.all[serial] = nil }
  }

  func liveRouters() -> [ModelRouter] {
    model.all.keys.sorted().compactMap { model.all[$0]?.router }
  }

  func randomLiveNode() -> RouterNode? {
    var nodes: [RouterNode] = liveRouters()
    if let root = model.root { nodes.append(root) }
    return nodes.randomElement(using: &model.random)
  }

  func parent(of router: RouterNode) -> RouterNode? {
    if let root = model.root, root.children.contains(where: { $0 === router }) { return root }
    for candidate in liveRouters() where candidate.children.contains(where: { $0 === router }) {
      return candidate
    }
    return nil
  }

  func reachableFromRoot() -> Set<Int> {
    guard let root = model.root else { return [] }
    var result: Set<Int> = []
    var stack: [RouterNode] = root.children
    while let node = stack.popLast() {
      result.insert(serial(of: node))
      stack.append(contentsOf: node.children)
    }
    return result
  }

  func subtree(of router: RouterNode) -> [Int] {
    var result: [Int] = []
    var stack: [RouterNode] = [router]
    while let node = stack.popLast() {
      result.append(serial(of: node))
      stack.append(contentsOf: node.children)
    }
    return result
  }

  func serial(of node: RouterNode) -> Int {
    if let router = node as? ModelRouter { return router.serial }
    if let root = node as? ModelRoot { return root.serial }
    return -1
  }
}

@MainActor
private final class WeakRouter {
  weak var router: ModelRouter?
  init(_ router: ModelRouter) { self.router = router }
}
