/// What a session recorder subclasses to take a tree's events as direct calls rather than
/// through ``TreeContext/events`` and ``TreeContext/hookTimings``: no event value, no stream,
/// no closure between the tree and the record — what lets a recorder stay on in a shipping app.
/// One tap a tree (``TreeContext/setInspectionTap(_:timesHooks:)``); other observers use the
/// streams, which see the same events in the same order.
///
/// A class, not a protocol: the tree holds it unretained and calls it through its vtable with
/// no reference counting (an existential loaded from an unowned reference is retained for
/// every call, and a recorder that is also held weakly is retained the slow way). Each method
/// does nothing unless overridden.
@_spi(RibcageInspection) @MainActor open class InspectionTap {
  public init() {}
  /// `child` was attached to `parent` (announced before it is activated).
  open func treeAttached(_ child: RouterNode, to parent: RouterNode) {}
  /// `child` was detached from `parent` (after its subtree was deactivated).
  open func treeDetached(_ child: RouterNode, from parent: RouterNode) {}
  /// The router's interactor became active (announced before `didBecomeActive` runs).
  open func treeActivated(_ router: RouterNode) {}
  /// The router's interactor resigned active (after `willResignActive` ran).
  open func treeDeactivated(_ router: RouterNode) {}
  /// The router's `didLoad` ran.
  open func treeLoaded(_ router: RouterNode) {}
  /// A render loop of `router`'s RIB (`nil` for a loop bound to a scope that is not a RIB's
  /// interactor) rendered `viewModel`. Generic rather than `Any`: the value comes as it is, with
  /// its type, and is boxed only if the tap boxes it. The router may be one whose deinit is
  /// under way (a subclass's deinit that renders): read it, do not keep it.
  /// With `isSendable`, the loop was made where `ViewModel` is known to be `Sendable`: the value
  /// may be handed to another thread.
  open func treeRendered<ViewModel>(
    _ viewModel: ViewModel, by router: RouterNode?, isSendable: Bool
  ) {}
  /// A root released while active was stopped: the router is gone (its
  /// ``RouterNode/inspectionTag`` and identity name it), and with it the tree below it.
  open func treeRootReleased(inspectionTag: UInt64, identity: ObjectIdentifier) {}
  /// A hook of `router` ran from tick `start` to tick `end` (see ``TickClock``).
  open func hookTimed(_ router: RouterNode, _ hook: LifecycleHook, start: UInt64, end: UInt64) {}
  /// A `willResignActive` or `didLoad` of `router` ran from tick `start` to tick `end`, and the
  /// event that ends it follows: "deactivated" or "loaded". One call for the two, so a recorder
  /// finds the RIB once; by default, ``hookTimed(_:_:start:end:)`` then ``treeDeactivated(_:)``
  /// or ``treeLoaded(_:)``.
  open func hookEnded(_ router: RouterNode, _ hook: LifecycleHook, start: UInt64, end: UInt64) {
    hookTimed(router, hook, start: start, end: end)
    switch hook {
    case .willResignActive: treeDeactivated(router)
    case .didLoad: treeLoaded(router)
    case .didBecomeActive: break
    }
  }
}
