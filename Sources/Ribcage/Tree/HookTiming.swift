/// A lifecycle hook a tree can time.
public enum LifecycleHook: String, Sendable, CaseIterable {
  /// ``Interactor/didBecomeActive()``.
  case didBecomeActive
  /// ``Interactor/willResignActive()``.
  case willResignActive
  /// ``RouterNode/didLoad()``.
  case didLoad
}

/// How long one lifecycle hook of a RIB took, delivered by ``TreeContext/hookTimings`` after the
/// hook returned, so after any event the hook itself caused. A `willResignActive`'s goes out just
/// before "deactivated", once the RIB's bound work is cancelled and its activeness observers ran.
///
/// ```swift
/// let slowHooks = root.context.hookTimings.observe { timing in
///   if timing.duration > .milliseconds(16) {
///     print("\(timing.router.name).\(timing.hook) took \(timing.duration)")
///   }
/// }
/// ```
///
/// Observers must not keep the router: a kept router is reported as a leak.
@MainActor
public struct HookTiming {
  /// The RIB's router.
  public let router: RouterNode
  /// Which hook ran.
  public let hook: LifecycleHook
  /// The tick counter when the hook started, for a recorder (see ``TickClock``).
  @_spi(RibcageInspection) public let startClock: UInt64
  /// The tick counter when the hook returned, for a recorder's timestamp.
  @_spi(RibcageInspection) public let endClock: UInt64

  /// How long it ran, hooks it caused included (a `didBecomeActive` that attaches children times
  /// their activation too). Converted from ticks when read: the tree reads only a counter.
  public var duration: Duration {
    .nanoseconds(Int64(truncatingIfNeeded: TickClock.nanoseconds(endClock &- startClock)))
  }
}
