import Observation
import Ribcage

/// Which RIB views a screen draws inside itself, decided by the tree: the views of the RIB's
/// nearest descendants that have one — looking through viewless RIBs (LoggedIn, Request, Ride) —
/// except those shown over it (pushed or presented through a parent's `screens`), in the order
/// they were attached. Attach a child and it appears in its parent's screen; detach it and it
/// goes: the screen follows the tree, and nothing else decides.
///
/// Confirm's screen holds ProductSelection, Card and Coupon; the window holds LoggedOut, or Home
/// and the trip's stage; LocationEditor is pushed, so it is on the navigation stack instead.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
@Observable
public final class ScreenComposition {
  /// Bumped on every attach and detach, so that SwiftUI draws the screens again.
  private var revision: UInt64 = 0
  @ObservationIgnored private weak var root: RouterNode?
  @ObservationIgnored private var subscription: StreamSubscription?

  public init() {}

  isolated deinit {
    subscription?.cancel()
  }

  /// Follows the tree of `root` from now on.
  public func follow(_ root: RouterNode) {
    self.root = root
    subscription?.cancel()
    subscription = root.context.events.observe { [weak self] event in
      switch event {
      case .attached, .detached: self?.revision &+= 1
      case .activated, .deactivated, .loaded: break
      }
    }
  }

  /// The views drawn inside `view`'s screen; none if no attached RIB shows `view`.
  public func embeddedViews(in view: any ViewControllable) -> [any ViewControllable] {
    _ = revision
    guard let owner = router(showing: view) else { return [] }
    var views: [any ViewControllable] = []
    collect(below: owner, into: &views)
    return views
  }

  private func collect(below node: RouterNode, into views: inout [any ViewControllable]) {
    for child in node.children where node.screens.presentation(of: child) == nil {
      if let viewable = child as? any ViewableRouting {
        views.append(viewable.viewControllable)
      } else {
        collect(below: child, into: &views)
      }
    }
  }

  private func router(showing view: any ViewControllable) -> RouterNode? {
    guard let root else { return nil }
    var pending = [root]
    while let node = pending.popLast() {
      if let viewable = node as? any ViewableRouting, viewable.viewControllable === view {
        return node
      }
      pending.append(contentsOf: node.children)
    }
    return nil
  }
}
