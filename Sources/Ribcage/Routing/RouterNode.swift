/// A node of the RIB tree: the part of every router that the tree itself manages — its
/// interactor's lifecycle, its children, loading, the shared ``TreeContext`` and leak tracking.
///
/// You never subclass `RouterNode` directly; subclass ``Router``, ``ViewableRouter`` or
/// ``LaunchRouter``. Every ``Routing`` is a `RouterNode`, so `attachChild(_:)` takes the routing
/// protocol a child's builder returns.
///
/// Activeness follows the tree: a RIB is active exactly while its parent is (the root is active
/// once launched). Attaching a child to an active router activates the child's whole subtree,
/// parents before children; detaching deactivates it children before parents (depth first, last
/// attached first) and hands every detached router, interactor, presenter and view to the leak
/// detector. Both walks use an explicit stack, so trees thousands of levels deep are fine.
@MainActor
open class RouterNode {
  /// The RIB's interactor, whose lifecycle this router drives.
  public final let interactable: Interactor

  // Tree state is only touched on the main actor and no access spans a call into user code, so
  // the runtime's dynamic exclusivity checks (a quarter of the attach/detach cost) are skipped.
  @exclusivity(unchecked) nonisolated(unsafe) final var childNodes: [RouterNode] = []
  @exclusivity(unchecked) nonisolated(unsafe) final unowned(unsafe) var parent: RouterNode?
  @exclusivity(unchecked) nonisolated(unsafe) private final var ownContext: TreeContext?
  @exclusivity(unchecked) nonisolated(unsafe) final var leakSlot = LeakSlot()

  /// Short notes shown with this RIB in tree snapshots, e.g. a plugin that was switched off.
  public final var notes: [String: String] { extras?.notes ?? [:] }

  /// Notes, detach handlers and the active-root record: rarely used, so `nil` until needed.
  @exclusivity(unchecked) nonisolated(unsafe) final var extras: RouterExtras?

  final var extrasCreatingIfNeeded: RouterExtras {
    if let extras { return extras }
    let created = RouterExtras()
    extras = created
    return created
  }

  /// Sets (or, with `nil`, removes) the note `key`, shown in tree snapshots as `key: value`.
  public final func setNote(_ key: String, to value: String?) {
    if value == nil, extras == nil { return }
    extrasCreatingIfNeeded.notes[key] = value
  }

  /// A number a session recorder keeps on the router to find what it knows of it without a
  /// lookup. Not for apps: Ribcage never reads it.
  ///
  /// Computed over a stored number: another module reading a public stored property checks
  /// exclusivity at run time (about 150 instructions), a getter call does not.
  @_spi(RibcageInspection) public final var inspectionTag: UInt64 {
    @inlinable get { inspectionTagStorage }
    set { inspectionTagStorage = newValue }
  }
  @usableFromInline @exclusivity(unchecked) final var inspectionTagStorage: UInt64 = 0

  /// Whether the router's interactor is active, whether it has loaded, owns a view and has
  /// children, for a session recorder: read through one call (see ``inspectionTag``), with no
  /// array of children copied.
  @_spi(RibcageInspection) public final var inspectionState:
    (isActive: Bool, isLoaded: Bool, hasView: Bool, hasChildren: Bool)
  {
    // The stored flag, not `ownedView`: no dynamic call and no view retained and released.
    (interactable.isActive, isLoaded, hasOwnedView, !childNodes.isEmpty)
  }

  /// The router this one is attached to, for a session recorder. Not for apps: a child never
  /// reaches up to its parent.
  @_spi(RibcageInspection) public final var inspectionParent: RouterNode? { parent }

  /// Whether ``load()`` has run.
  @exclusivity(unchecked) public private(set) final var isLoaded = false

  @usableFromInline
  init(interactable: Interactor) {
    self.interactable = interactable
    interactable.owningRouter = self
  }

  /// A router released while its RIB is active (a dropped root, a tree rebuilt at sign-out)
  /// deactivates its subtree first, as uber/RIBs does: children first, so bound work stops and
  /// `willResignActive` runs, then hands what it held to the leak detector. Only a root can be
  /// released while active; it hands its tree to its ``RouterExtras``, whose isolated deinit
  /// stops it on the main actor. Every other router pays one `nil` check here.
  deinit {
    let inspectionTag = inspectionTagStorage
    leakSlot.markDeallocated()
    if interactable.owningRouter === self { interactable.owningRouter = nil }
    if let extras {
      extras.routerReleased(
        children: childNodes, context: ownContext, inspectionTag: inspectionTag,
        identity: ObjectIdentifier(self))
      if extras.activeRoot != nil {
        // The extras keep the children until they have stopped them (and release them then).
        _ = Self.orphanChildren(of: childNodes)
        return
      }
    }
    guard !childNodes.isEmpty else { return }
    // A child someone else still holds becomes a root: its parent link must not dangle.
    let hasGrandchildren = Self.orphanChildren(of: childNodes)
    // Release deep subtrees iteratively: a recursive release of a 10,000-level chain would
    // overflow the stack. Only children nobody else holds are taken apart, and only when there
    // are grandchildren (a one-level release recurses once).
    guard hasGrandchildren else { return }
    let releasing = childNodes
    childNodes = []
    Self.releaseIteratively(releasing)
  }

  /// Releases `routers`, taking apart the subtrees nobody else holds one level at a time, so a
  /// 10,000-level chain does not release recursively.
  nonisolated static func releaseIteratively(_ routers: [RouterNode]) {
    var releasing = routers
    while var node = releasing.popLast() {
      if isKnownUniquelyReferenced(&node), !node.childNodes.isEmpty {
        _ = orphanChildren(of: node.childNodes)
        releasing.append(contentsOf: node.childNodes)
        node.childNodes = []
      }
    }
  }

  /// Records (or, when `active` is false, forgets) that this router is an active root: only
  /// those need work when they are released.
  final func recordActiveRoot(_ active: Bool) {
    if active {
      let view = ownedView
      let presenter = interactable.trackedPresenter.flatMap { $0 === view ? nil : $0 }
      extrasCreatingIfNeeded.activeRoot = RouterExtras.ActiveRootRecord(
        interactor: interactable, name: name, routerType: type(of: self),
        view: view.map { WeakObject($0) }, presenter: presenter.map { WeakObject($0) })
    } else {
      extras?.activeRoot = nil
    }
  }

  /// Clears the parent link of every router in `children`; returns whether any has children.
  private nonisolated static func orphanChildren(of children: [RouterNode]) -> Bool {
    children.withUnsafeBufferPointer { buffer in
      var hasGrandchildren = false
      var index = 0
      while index < buffer.count {
        buffer[index].parent = nil
        if !buffer[index].childNodes.isEmpty { hasGrandchildren = true }
        index += 1
      }
      return hasGrandchildren
    }
  }

  // MARK: Tree

  /// The routers attached to this one, in attachment order.
  public final var children: [RouterNode] { childNodes }

  /// The RIB's name in tree snapshots and leak reports: the router's type name without a trailing
  /// "Router" (`LoggedInRouter` → `LoggedIn`).
  public final var name: String { Self.name(of: type(of: self)) }

  /// The view this router owns, if any (overridden by ``ViewableRouter``).
  var ownedView: (any ViewControllable)? { nil }

  /// Whether ``ownedView`` is not `nil`, as a stored flag the leak detector reads without a call.
  @usableFromInline
  @exclusivity(unchecked) final var hasOwnedView = false

  /// The objects that make up this RIB and that the leak detector tracks when it is detached:
  /// the router, its interactor, its view and its presenter (when separate from the view).
  public final var ribObjects: [(role: LeakedObject.Role, object: AnyObject)] {
    var objects: [(role: LeakedObject.Role, object: AnyObject)] = [
      (.router, self), (.interactor, interactable),
    ]
    let view = ownedView
    if let view { objects.append((.view, view)) }
    if let presenter = interactable.trackedPresenter, presenter !== view {
      objects.append((.presenter, presenter))
    }
    return objects
  }

  /// What every router in this tree shares: diagnostics, the leak detector and event observers.
  ///
  /// A router gets its parent's context when attached, and a detached subtree keeps the context
  /// it had. A root gets a fresh context the first time it is asked; set one before attaching
  /// children or launching to configure the whole tree. Setting it on a router sets it on the
  /// router's whole subtree.
  public final var context: TreeContext {
    get {
      if let ownContext { return ownContext }
      let created = TreeContext()
      ownContext = created
      return created
    }
    set {
      var walk = SubtreeWalk()
      walk.collect(from: self)
      for node in walk.nodes { node.ownContext = newValue }
    }
  }

  /// The context, if one was set or created; never creates one.
  final var existingContext: TreeContext? { ownContext }

  // MARK: Loading

  /// Loads the router once: the first call runs ``didLoad()``, later calls do nothing. The tree
  /// calls it when the router is attached or launched.
  public final func load() {
    guard let ownContext else {
      guard !isLoaded else { return }
      isLoaded = true
      didLoad()
      return
    }
    load(in: ownContext)
  }

  /// ``load()`` for a router of `context`, which the caller holds: the hook is timed and
  /// announced there without retaining the context around it (a weakly referenced object's
  /// reference counts take a slow path).
  private final func load(in context: TreeContext) {
    guard !isLoaded else { return }
    isLoaded = true
    guard context.timesHooks || context.hasObservers else {
      didLoad()
      return
    }
    // After the hook: "loaded" means didLoad ran (what it attached was announced before).
    if context.timesHooks {
      let start = context.startHookClock()
      didLoad()
      context.emitEnd(of: .didLoad, by: self, start: start, end: context.endHookClock())
    } else {
      didLoad()
      context.emit(.loaded(self))
    }
  }

  /// Called once, after the router is attached and activated. Attach the children that live as
  /// long as this RIB here.
  open func didLoad() {}

  // MARK: Attaching and detaching

  /// Attaches `child` below this router: the child takes this tree's context, its subtree is
  /// activated if this router is active, and it is loaded.
  ///
  /// Attaching a router that is already attached (here or elsewhere), or one that would become
  /// its own ancestor, changes nothing and reports a ``TreeDiagnostic``.
  ///
  /// Hooks run during the attach (`didBecomeActive`, `didLoad`) may change the tree: the walk
  /// follows the live tree, so a router they detach is left alone (and stays tracked for
  /// leaks), and a child detached during its own activation is not loaded. A router attached
  /// below a subtree that is being deactivated (from a `willResignActive`) is attached inactive:
  /// it becomes active when that subtree is next attached to an active parent.
  public final func attachChild(_ child: RouterNode) {
    attachChild(child, whenAttached: nil)
  }

  /// Attaches `child` like ``attachChild(_:)``, calling `whenAttached` once the tree has
  /// announced the attach and before the child's subtree is activated — not at all if the attach
  /// is refused. A plugin point announces its plugin there, so that what the plugin's activation
  /// causes (it reports itself unhealthy, it turns on another plugin) is announced after it.
  final func attachChild(_ child: RouterNode, whenAttached: (@MainActor () -> Void)?) {
    if let extras, let recorder = extras.callRecorder { recorder(.attachChild(child)) }
    let context = context
    if let problem = problemAttaching(child) {
      context.diagnostics.report(problem)
      return
    }
    childNodes.append(child)
    child.parent = self
    context.mutationCount &+= 1
    if context.hasObservers { context.emit(.attached(child: child, parent: self)) }
    if let whenAttached { whenAttached() }
    let activating = interactable.isActive && !context.isBeingDeactivated(self)
    child.joinTree(context: context, under: self, activating: activating)
    // A hook may have detached the child while it was being activated, or moved this router
    // to another tree.
    if child.parent === self {
      if child.ownContext === context { child.load(in: context) } else { child.load() }
    }
  }

  /// Detaches `child`: its subtree is deactivated children first, removed, and handed to the leak
  /// detector, which reports whatever is still alive after its grace period.
  ///
  /// Detaching a router that is not a child of this one changes nothing and reports a
  /// ``TreeDiagnostic``. Detaching a router again from one of its own subtree's
  /// `willResignActive` hooks, while it is being detached, does nothing more.
  public final func detachChild(_ child: RouterNode) {
    detachChild(child, expectingDeallocation: true)
  }

  /// Detaches `child` like ``detachChild(_:)``; with `expectingDeallocation` set to `false` its
  /// subtree is not handed to the leak detector.
  ///
  /// Use it for routers a parent keeps on purpose to attach again later — cached tabs, a screen
  /// kept warm — which would otherwise be reported as leaks after the grace period:
  ///
  /// ```swift
  /// func showTab(_ tab: TabRouter) {
  ///   if let current = currentTab { detachChild(current, expectingDeallocation: false) }
  ///   attachChild(tab)
  ///   currentTab = tab
  /// }
  /// ```
  ///
  /// A router attached again before its grace period ends is never reported either way; this is
  /// for routers kept detached for longer. The subtree is deactivated all the same: a flow
  /// (``runFlow(_:)``) running inside it ends with ``FlowError/childDetached(child:)``.
  public final func detachChild(_ child: RouterNode, expectingDeallocation: Bool) {
    if let extras, let recorder = extras.callRecorder { recorder(.detachChild(child)) }
    let context = context
    guard child.parent === self, childNodes.indexOfIdentical(child) != nil else {
      context.diagnostics.report(
        TreeDiagnostic(
          kind: .detachedNonChild, severity: .misuse,
          message:
            "\(child.name) is not a child of \(name) and was not detached. Detach a router from "
            + "the router it was attached to."))
      return
    }
    let childID = ObjectIdentifier(child)
    // A hook in the subtree asked to detach it again: the detach under way does that.
    if context.detachingRoots.contains(childID) { return }
    let mutationsBefore = context.mutationCount
    var walk = context.borrowWalk()
    walk.collect(from: child)
    let detector = expectingDeallocation ? context.leakDetector : nil
    var batch =
      detector?.isEnabled == true ? detector?.makeBatch(for: walk, formerParent: self) : nil
    // One pass, children before parents: each router is registered with the leak detector's
    // batch and deactivated while it is at hand.
    context.detachingRoots.append(childID)
    Self.deactivate(&walk, context: context, since: mutationsBefore, registeringIn: &batch)
    context.detachingRoots.removeLast()
    let treeChanged = context.mutationCount != mutationsBefore
    // willResignActive may have changed the tree; look the child up again.
    if let index = childNodes.indexOfIdentical(child) {
      childNodes.remove(at: index)
    }
    child.parent = nil
    context.mutationCount &+= 1
    if context.hasObservers { context.emit(.detached(child: child, parent: self)) }
    if child.extras != nil { child.notifyDetached() }
    if let detector, detector.isEnabled {
      if let batch, !treeChanged {
        detector.enqueue(batch)
      } else {
        // Hooks attached or detached routers meanwhile: track the subtree as it is now. What
        // they detached was tracked by their own detach.
        walk.collect(from: child)
        detector.track(walk, formerParent: self)
      }
    }
    context.recycle(&walk)
  }

  private final func problemAttaching(_ child: RouterNode) -> TreeDiagnostic? {
    if child.parent === self {
      return TreeDiagnostic(
        kind: .alreadyAttached, severity: .misuse,
        message: "\(child.name) is already attached to \(name); it was not attached again.")
    }
    if child.parent != nil, let otherParent = child.parent {
      return TreeDiagnostic(
        kind: .attachedToAnotherParent, severity: .misuse,
        message:
          "\(child.name) is attached to \(otherParent.name) and was not attached to \(name). "
          + "Detach it from \(otherParent.name) first.")
    }
    // A router with no parent can only be an ancestor of this one if it is this tree's root,
    // and a leaf can only be an ancestor of itself: most attaches skip the walk up.
    if child === self || (!child.childNodes.isEmpty && isDescendant(of: child)) {
      return TreeDiagnostic(
        kind: .attachCreatesCycle, severity: .misuse,
        message: "Attaching \(child.name) to \(name) would make it its own ancestor; not attached.")
    }
    return nil
  }

  /// Whether `ancestor` is above this router (not counting the router itself).
  final func isDescendant(of ancestor: RouterNode) -> Bool {
    var node = parent
    while let current = node {
      if current === ancestor { return true }
      node = current.parent
    }
    return false
  }

  // MARK: Detach notifications

  /// Calls `handler` the next time this router is detached from its parent (or released while
  /// active); returns an id for ``removeDetachHandler(_:)``. Rare (flows, workflow steps waiting
  /// on the RIB), so kept in the router's extras.
  final func whenDetached(_ handler: @escaping @MainActor () -> Void) -> UInt64 {
    let extras = extrasCreatingIfNeeded
    extras.nextDetachHandlerID &+= 1
    extras.detachHandlers.append((extras.nextDetachHandlerID, handler))
    return extras.nextDetachHandlerID
  }

  final func removeDetachHandler(_ id: UInt64) {
    extras?.detachHandlers.removeAll { $0.id == id }
  }

  private final func notifyDetached() {
    guard let extras, !extras.detachHandlers.isEmpty else { return }
    let handlers = extras.detachHandlers
    extras.detachHandlers = []
    for entry in handlers { entry.handler() }
  }

  // MARK: Subtree walks

  /// Called on a child that was just attached below `attachParent`: adopts the context
  /// everywhere below it, clears leak tracking from an earlier detach, and activates the subtree
  /// parents first.
  ///
  /// The walk follows the live tree: children are looked up after their parent's hooks ran, so a
  /// child that a hook detached is skipped (and keeps its leak tracking), one it attached is
  /// already handled, and a router is activated only while its parent is active.
  private final func joinTree(
    context: TreeContext, under attachParent: RouterNode, activating: Bool
  ) {
    let mutationsBefore = context.mutationCount
    joinAlone(context: context, activating: activating)
    guard !childNodes.isEmpty else { return }
    var walk = context.borrowWalk()
    walk.pushChildren(of: self)
    while let node = walk.popLive() {
      // Hooks changed the tree: skip what is no longer below the router attached to, and
      // everything if that router was deactivated meanwhile (its subtree was detached, and is
      // tracked for leaks as it was: the walk must not hand that tracking over).
      if context.mutationCount != mutationsBefore,
        !node.isDescendant(of: attachParent)
          || (activating && !attachParent.interactable.isActiveAndStaying)
      {
        continue
      }
      node.joinAlone(
        context: context, activating: activating && node.parent!.interactable.isActiveAndStaying)
      walk.pushChildren(of: node)
    }
    context.recycle(&walk)
  }

  /// Activates or deactivates this router's interactor together with its whole subtree; called by
  /// ``Interactor/activate()`` and ``Interactor/deactivate()``. Activation follows the live tree,
  /// parents first; deactivation takes the subtree as it is and goes children first. Both leave
  /// alone the routers that hooks detached or moved during the walk.
  final func setSubtreeActive(_ active: Bool) {
    let context = context
    let mutationsBefore = context.mutationCount
    var walk = context.borrowWalk()
    if active {
      interactable.performActivation(announcingIn: context, as: self)
      if parent == nil, interactable.isActive { recordActiveRoot(true) }
      walk.pushChildren(of: self)
      while let node = walk.popLive() {
        if context.mutationCount != mutationsBefore, !node.isDescendant(of: self) { continue }
        // Active exactly while the parent is: a hook may have deactivated it.
        guard node.parent!.interactable.isActiveAndStaying else { continue }
        node.interactable.performActivation(announcingIn: context, as: node)
        walk.pushChildren(of: node)
      }
    } else {
      if parent == nil { recordActiveRoot(false) }
      walk.collect(from: self)
      var noBatch: LeakBatch?
      Self.deactivate(&walk, context: context, since: mutationsBefore, registeringIn: &noBatch)
    }
    context.recycle(&walk)
  }

  private final func joinAlone(context: TreeContext, activating: Bool) {
    ownContext = context
    leakSlot.handOver()
    interactable.leakSlot.handOver()
    if activating { interactable.performActivation(announcingIn: context, as: self) }
  }

  /// Deactivates the collected `walk` children before parents, registering each router with
  /// `batch` first. Runs the hooks; once they change the tree (the context's mutation count
  /// moved past `mutationsBefore`) routers no longer below the walk's first router are left
  /// alone and `batch` is dropped (the caller tracks the subtree as it is at the end). While it
  /// runs, routers attached below the walk are attached inactive.
  private static func deactivate(
    _ walk: inout SubtreeWalk, context: TreeContext, since mutationsBefore: UInt64,
    registeringIn batch: inout LeakBatch?
  ) {
    let nodes = walk.nodes
    context.deactivatingRoots.append(ObjectIdentifier(nodes[0]))
    var index = nodes.count
    while index > 0 {
      index -= 1
      if context.mutationCount != mutationsBefore {
        batch = nil
        guard walk.isStillInSubtree(index) else { continue }
      }
      let node = nodes[index]
      let interactor = node.interactable
      batch?.register(node, interactor: interactor, at: index, of: walk)
      interactor.performDeactivation(announcingIn: context, as: node)
    }
    context.deactivatingRoots.removeLast()
  }

  /// The RIB name for a router type: its name without a trailing "Router".
  nonisolated static func name(of routerType: Any.Type) -> String {
    var name = String(describing: routerType)
    if let genericStart = name.firstIndex(of: "<") { name = String(name[..<genericStart]) }
    if name.count > "Router".count, name.hasSuffix("Router") { name.removeLast("Router".count) }
    return name
  }
}
