/// What a session recorder implements to take a tree's events as direct calls rather than
/// through ``TreeContext/events`` and ``TreeContext/hookTimings``: no event value, no stream,
/// no closure between the tree and the record — what lets a recorder stay on in a shipping app.
/// One tap a tree (``TreeContext/setInspectionTap(_:timesHooks:)``); other observers use the
/// streams, which see the same events in the same order.
@_spi(RibcageInspection) @MainActor public protocol InspectionTap: AnyObject {
  /// `child` was attached to `parent` (announced before it is activated).
  func treeAttached(_ child: RouterNode, to parent: RouterNode)
  /// `child` was detached from `parent` (after its subtree was deactivated).
  func treeDetached(_ child: RouterNode, from parent: RouterNode)
  /// The router's interactor became active (announced before `didBecomeActive` runs).
  func treeActivated(_ router: RouterNode)
  /// The router's interactor resigned active (after `willResignActive` ran).
  func treeDeactivated(_ router: RouterNode)
  /// The router's `didLoad` ran.
  func treeLoaded(_ router: RouterNode)
  /// A render loop of the tree rendered a view model.
  func treeRendered(_ render: RenderRecord)
  /// A hook of `router` ran from tick `start` to tick `end` (see ``TickClock``).
  func hookTimed(_ router: RouterNode, _ hook: LifecycleHook, start: UInt64, end: UInt64)
}
