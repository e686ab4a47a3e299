import Ribcage

/// What a router mock records; a separate object so the router's call recorder holds no
/// reference to the router itself.
@MainActor
final class RouterCallLog {
  /// Weak, so that recording a call never keeps a detached child alive (it would be a leak).
  private final class WeakRouter {
    weak var router: RouterNode?
    init(_ router: RouterNode) { self.router = router }
  }

  var loadCallCount = 0
  private(set) var attachChildCallCount = 0
  private(set) var detachChildCallCount = 0
  private var attached: [WeakRouter] = []
  private var detached: [WeakRouter] = []
  var attachedChildren: [RouterNode] { attached.compactMap(\.router) }
  var detachedChildren: [RouterNode] { detached.compactMap(\.router) }
  var attachChildHandler: (@MainActor (RouterNode) -> Void)?
  var detachChildHandler: (@MainActor (RouterNode) -> Void)?

  func install(on router: RouterNode) {
    router.recordCalls { [self] call in
      switch call {
      case .attachChild(let child):
        attachChildCallCount += 1
        attached.append(WeakRouter(child))
        attachChildHandler?(child)
      case .detachChild(let child):
        detachChildCallCount += 1
        detached.append(WeakRouter(child))
        detachChildHandler?(child)
      }
    }
  }
}
