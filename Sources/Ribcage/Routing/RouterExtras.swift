/// The parts of a router most routers never need — notes, detach handlers, what a root needs
/// to stop its tree when it is released while active, and the presence a render loop checks
/// (every RIB whose interactor runs a loop has extras) — created on first use, so a plain
/// router costs one `nil` pointer.
///
/// Only a router with no parent can be released while active (a parent holds its children, and a
/// parent released while active deactivates them itself), so only an active root arms its extras
/// to stop its tree: its own deinit stays nonisolated and costs nothing for the thousands of
/// routers released after a detach, and this object's `isolated deinit` runs only for routers
/// that have extras at all.
@MainActor
final class RouterExtras {
  /// Notes shown in tree snapshots.
  var notes: [String: String] = [:]
  /// Called when the router is detached from its parent, or released while active. Read by the
  /// router's deinit, hence not isolated; only touched on the main actor otherwise.
  nonisolated(unsafe) var detachHandlers: [(id: UInt64, handler: @MainActor () -> Void)] = []
  var nextDetachHandlerID: UInt64 = 0
  /// Hears attach and detach calls (RibcageTesting's router mocks).
  var callRecorder: (@MainActor (RouterCall) -> Void)?
  /// Which children have their view on screen (`RouterNode.screens`), once asked for.
  var screenTracker: ScreenTracker?
  /// Whether the router is still there, for what holds it unretained; made when first asked for.
  nonisolated(unsafe) private var knownPresence: RouterPresence?

  // What a root released while active hands over from its (nonisolated) deinit.

  /// Set while the router is an active root: its interactor, and the name and type it reports.
  nonisolated(unsafe) var activeRoot: ActiveRootRecord?
  /// Set by the router's deinit when it goes away as an active root.
  nonisolated(unsafe) private var released: ReleasedRoot?

  struct ActiveRootRecord {
    let interactor: Interactor
    let name: String
    let routerType: Any.Type
    let view: WeakObject?
    let presenter: WeakObject?
  }

  private struct ReleasedRoot {
    let record: ActiveRootRecord
    let children: [RouterNode]
    let context: TreeContext?
    let detachHandlers: [@MainActor () -> Void]
    /// The router's ``RouterNode/inspectionTag`` and identity, for the tree's tap.
    let inspectionTag: UInt64
    let identity: ObjectIdentifier
  }

  /// Notes that the router is gone and, for an active root, hands over what the stop needs;
  /// called from the router's deinit. Release a launched root on the main actor (as any app
  /// does): released on another thread, its deinit would clear the parent links of children
  /// that are still running on the main actor.
  nonisolated func routerReleased(
    children: [RouterNode], context: TreeContext?, inspectionTag: UInt64,
    identity: ObjectIdentifier
  ) {
    knownPresence?.routerWent()
    guard let record = activeRoot else { return }
    released = ReleasedRoot(
      record: record, children: children, context: context,
      detachHandlers: detachHandlers.map(\.handler), inspectionTag: inspectionTag,
      identity: identity)
  }

  /// Whether the router is still there (see ``RouterPresence``).
  var presence: RouterPresence {
    if let knownPresence { return knownPresence }
    let made = RouterPresence()
    knownPresence = made
    return made
  }

  isolated deinit {
    guard let released, released.record.interactor.isActive else { return }
    Self.stop(released)
  }

  /// Deactivates a released root's tree, children first (last attached first), then its
  /// interactor; then hands the children's subtrees and its interactor, view and presenter to the
  /// leak detector. The router itself is gone already.
  private static func stop(_ released: ReleasedRoot) {
    let record = released.record
    let children = released.children
    // A hook may have attached an orphaned child elsewhere meanwhile: that one is not ours.
    var index = children.count
    while index > 0 {
      index -= 1
      if children[index].parent == nil { children[index].setSubtreeActive(false) }
    }
    record.interactor.performDeactivation()
    for handler in released.detachHandlers { handler() }
    // The tree's tap (a recorder) takes the root, and the subtree it still lists, out.
    released.context?.announceRelease(
      ofRootTagged: released.inspectionTag, identity: released.identity)
    if let context = released.context, let detector = context.leakDetector, detector.isEnabled {
      let ancestors: [Any.Type] = [record.routerType]
      var walk = context.borrowWalk()
      for child in children where child.parent == nil {
        walk.collect(from: child)
        detector.track(walk, formerAncestors: ancestors)
      }
      context.recycle(&walk)
      detector.expectDeallocation(of: record.interactor, role: .interactor, path: record.name)
      if let view = record.view?.object {
        detector.expectDeallocation(of: view, role: .view, path: record.name)
      }
      if let presenter = record.presenter?.object {
        detector.expectDeallocation(of: presenter, role: .presenter, path: record.name)
      }
    }
  }
}
