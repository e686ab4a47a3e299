import Ribcage
import Testing

/// Watches objects weakly and checks that they are gone: the test-side twin of the
/// `LeakDetector`, for asserting deallocation right after a detach.
///
/// ```swift
/// let watch = DeallocationTracker()
/// watch.trackSubtree(of: router.children[0])
/// router.routeAway()                 // detaches it and drops the router's reference
/// watch.expectAllDeallocated()
/// ```
@MainActor
public final class DeallocationTracker {
  private final class WeakReference {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
  }

  private var tracked: [(description: String, reference: WeakReference)] = []

  /// Creates a tracker that watches nothing yet.
  public init() {}

  /// Watches `object`, described as `description` (its type name by default) in failures.
  public func track(_ object: AnyObject, as description: String? = nil) {
    tracked.append((description ?? String(describing: type(of: object)), WeakReference(object)))
  }

  /// Watches every router, interactor, view and presenter from `router` down.
  public func trackSubtree(of router: RouterNode) {
    var stack: [RouterNode] = [router]
    while let node = stack.popLast() {
      for (role, object) in node.ribObjects {
        track(object, as: "\(role.rawValue) \(type(of: object)) of \(node.name)")
      }
      stack.append(contentsOf: node.children)
    }
  }

  /// How many objects are watched.
  public var trackedCount: Int { tracked.count }

  /// The descriptions of the watched objects that are still alive.
  public var survivors: [String] {
    tracked.filter { $0.reference.object != nil }.map(\.description)
  }

  /// Records a test issue naming every watched object that is still alive.
  public func expectAllDeallocated(sourceLocation: SourceLocation = #_sourceLocation) {
    let alive = survivors
    if !alive.isEmpty {
      Issue.record(
        "\(alive.count) of \(tracked.count) objects still alive: \(alive.joined(separator: "; "))",
        sourceLocation: sourceLocation)
    }
  }
}
