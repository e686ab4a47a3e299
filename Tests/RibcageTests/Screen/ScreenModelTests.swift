import Foundation
import Ribcage
import RibcageTesting
import Testing

/// A model-based random test of the screen and the tree together: random sequences of pushes,
/// presents, user pops (one, or to the root), sheets pulled down (some refused), swipes abandoned
/// halfway, app detaches (the view follows) and app pops by hand, with parents that show a new
/// child from their "dismissed by the user" hook. After every step the RIBs attached below the
/// root and the views on the fake screen are the same, in the same order, and nothing was
/// reported; every 50 steps, and at the end, the leak detector finds every detached RIB gone.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ScreenModelTests {
  @Test func randomNavigationKeepsTheScreenAndTheTreeTheSame() {
    let environment = ProcessInfo.processInfo.environment
    let steps = environment["RIBCAGE_SCREEN_MODEL_STEPS"].flatMap { Int($0) } ?? 3_000
    for seed in UInt64(1)...4 {
      if let failure = run(seed: seed, steps: steps / 4) {
        Issue.record("seed \(seed): \(failure)")
        return
      }
    }
  }

  /// Runs one seeded sequence; returns the first inconsistency, if any.
  private func run(seed: UInt64, steps: Int) -> String? {
    var random = SplitMix64(seed: seed)
    let harness = RIBHarness()
    let root = ScreenParentRouter("root")
    harness.activate(root)
    let screen = FakeScreen()
    var serial = 0

    func top() -> ScreenParentRouter {
      (screen.stack.last?.child as? ScreenParentRouter) ?? root
    }
    func show(as presentation: ScreenPresentation, from parent: ScreenParentRouter) {
      serial += 1
      let child = ScreenParentRouter("screen\(serial)")
      if random.int(0..<8) == 0 {
        // This parent shows another child when the user dismisses one: re-entrant.
        child.onDismissed = { [weak child, weak screen] _ in
          guard let child, let screen, child.children.count < 3 else { return }
          serial += 1
          let replacement = ScreenParentRouter("replacement\(serial)")
          child.attachChild(replacement)
          screen.show(replacement, from: child, as: .presented)
        }
      }
      parent.attachChild(child)
      screen.show(child, from: parent, as: presentation)
    }

    for step in 0..<steps {
      let operation = random.int(0..<11)
      switch operation {
      case 0, 1: show(as: .pushed, from: top())
      case 2: show(as: .presented, from: top())
      case 3, 4: screen.userRemovesTop()
      case 5: screen.userPopsToRoot()
      case 6:
        // A swipe the user abandons halfway.
        if let shown = screen.stack.last {
          shown.parent.screens.userBeganRemoval(of: shown.child)
          shown.parent.screens.userCancelledRemoval(of: shown.child)
        }
      case 7:
        // The app detaches a shown RIB anywhere in the stack: its view and those above go.
        if !screen.stack.isEmpty {
          let shown = screen.stack[random.int(0..<screen.stack.count)]
          shown.parent.detachChild(shown.child)
        }
      case 8:
        // The app pops the top view by hand, says so, then detaches.
        if let shown = screen.stack.popLast() {
          shown.parent.screens.appDidRemove(shown.child)
          shown.parent.detachChild(shown.child)
        }
      case 9:
        // A parent changes its mind about letting a sheet go.
        if !screen.stack.isEmpty {
          let parent = screen.stack[random.int(0..<screen.stack.count)].parent
          (parent as? ScreenParentRouter)?.allowsDismissal.toggle()
        }
      default:
        // A platform callback arrives twice, or late, for a view already gone.
        if let shown = screen.stack.last, random.int(0..<2) == 0 {
          screen.stack.removeLast()
          shown.parent.screens.userDidRemove(shown.child)
          shown.parent.screens.userDidRemove(shown.child)
        }
      }
      if let problem = inconsistency(root: root, screen: screen, harness: harness) {
        return "step \(step) (operation \(operation)): \(problem)"
      }
      // Every RIB detached so far is gone: the leak detector, swept now, finds nothing.
      if step % 50 == 0, case let leaks = harness.sweepLeaks(), !leaks.isEmpty {
        return "step \(step): leaks \(leaks.map(\.description))"
      }
    }
    // Everything goes; whatever was detached on the way must have been deallocated.
    for child in root.children { root.detachChild(child) }
    screen.stack.removeAll()
    let leaks = harness.sweepLeaks()
    guard leaks.isEmpty else { return "leaks: \(leaks.map(\.description))" }
    return nil
  }

  /// The attached RIBs below the root, in order, against the views on screen.
  private func inconsistency(
    root: RouterNode, screen: FakeScreen, harness: RIBHarness
  ) -> String? {
    if !harness.diagnostics.isEmpty { return "diagnostics: \(harness.diagnostics)" }
    var attached: [RouterNode] = []
    var node: RouterNode = root
    while !node.children.isEmpty {
      guard node.children.count == 1 else {
        return "\(node.name) has \(node.children.count) children; one screen shows at a time"
      }
      node = node.children[0]
      attached.append(node)
    }
    let shown = screen.stack.map(\.child)
    guard attached.count == shown.count, zip(attached, shown).allSatisfy({ $0 === $1 }) else {
      return "attached \(attached.map(\.name)), on screen \(shown.map(\.name))"
    }
    for (index, entry) in screen.stack.enumerated() {
      let expectedParent = index == 0 ? root : screen.stack[index - 1].child
      guard entry.parent === expectedParent,
        entry.parent.screens.presentation(of: entry.child) == entry.presentation
      else { return "\(entry.child.name) is not tracked as shown by \(expectedParent.name)" }
      guard entry.child.interactable.isActive else { return "\(entry.child.name) is inactive" }
    }
    return nil
  }
}
