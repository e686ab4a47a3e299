#if canImport(UIKit) && !os(watchOS)
  import UIKit

  /// The glue's view-controller transitions, one at a time.
  ///
  /// UIKit runs one transition at a time and does not queue the rest: a `present` while another
  /// presentation runs is refused (logged, its completion never called), a second animated pop
  /// in the same turn is dropped, a `dismiss` during a transition is ignored. A tree changes
  /// several screens in one turn — a deep link pushes three, a detach removes a subtree's views
  /// deepest first — so every push, present, dismiss and stack change the glue makes waits here
  /// for the one before it, and for a transition UIKit is already running (the user's swipe, the
  /// app's own) on the controller it touches. What is refused all the same is reported through
  /// the parent's `screens` (`didFailToShow`, `didFailToRemove`).
  ///
  /// One queue for the process: an iPhone app has one window that transitions, and two queues
  /// would let their transitions collide.
  @MainActor
  final class UIKitTransitionQueue {
    /// A transition; it calls `done` once UIKit has finished it (or it did nothing).
    typealias Transition = (_ done: @escaping @MainActor () -> Void) -> Void

    static let shared = UIKitTransitionQueue()

    private var waiting: [Transition] = []
    private var isRunning = false

    /// Runs `transition` after those queued before it.
    func run(_ transition: @escaping Transition) {
      waiting.append(transition)
      startNext()
    }

    /// Calls `body` once the transition UIKit is running on `controller` (if any) has ended.
    static func afterTransition(
      of controller: UIViewController, _ body: @escaping @MainActor () -> Void
    ) {
      guard let coordinator = controller.transitionCoordinator else {
        body()
        return
      }
      _ = coordinator.animate(alongsideTransition: nil) { _ in
        MainActor.assumeIsolated { body() }
      }
    }

    private func startNext() {
      guard !isRunning, !waiting.isEmpty else { return }
      isRunning = true
      let transition = waiting.removeFirst()
      var finished = false
      transition { [weak self] in
        guard !finished else { return }
        finished = true
        self?.isRunning = false
        self?.startNext()
      }
    }
  }
#endif
