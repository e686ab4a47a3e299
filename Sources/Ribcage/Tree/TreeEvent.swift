/// A change in the RIB tree, delivered to ``TreeContext/events`` observers synchronously, in the
/// order the changes happen.
///
/// Observers (an analytics logger, the `ribcage inspect` bridge, a test) must not keep the routers
/// they receive: a kept router is reported as a leak.
@MainActor
public enum TreeEvent {
  /// `child` was attached below `parent`.
  case attached(child: RouterNode, parent: RouterNode)
  /// `child` was detached from `parent`.
  case detached(child: RouterNode, parent: RouterNode)
  /// The router's interactor became active.
  case activated(RouterNode)
  /// The router's interactor resigned active.
  case deactivated(RouterNode)
  /// The router was loaded (`didLoad()` ran).
  case loaded(RouterNode)

  /// A short description with RIB names, e.g. `attached Request to LoggedIn`.
  public var summary: String {
    switch self {
    case .attached(let child, let parent): "attached \(child.name) to \(parent.name)"
    case .detached(let child, let parent): "detached \(child.name) from \(parent.name)"
    case .activated(let router): "activated \(router.name)"
    case .deactivated(let router): "deactivated \(router.name)"
    case .loaded(let router): "loaded \(router.name)"
    }
  }
}

extension TreeEvent {
  /// Whether it names a router whose deinit has started (a router subclass's deinit that
  /// detaches its children): kept by an observer, the event would outlive the router.
  var namesARouterBeingDeallocated: Bool {
    switch self {
    case .attached(let child, let parent), .detached(let child, let parent):
      RouterPresence.isDeallocating(parent) || RouterPresence.isDeallocating(child)
    case .activated(let router), .deactivated(let router), .loaded(let router):
      RouterPresence.isDeallocating(router)
    }
  }
}
