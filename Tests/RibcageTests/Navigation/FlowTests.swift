import Ribcage
import RibcageTesting
import Testing

/// `runFlow`: the result of a child that finished while being attached, and a typed error (never
/// a suspension for ever) when the child is detached by anything else or refused.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct FlowTests {
  @Test func runFlowReturnsTheResultOfAChildThatFinishedWhileAttaching() async throws {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let result = try await root.runFlow { (outcome: FlowOutcome<Int>) in
      let child = NodeRouter("child")
      child.interactor.onDidBecomeActive = { _ in
        outcome.finish(7)
        if let attached = root.children.first { root.detachChild(attached) }
      }
      return child
    }
    #expect(result == 7)
    #expect(harness.diagnostics.isEmpty)
    // Attached already, here: refused.
    let twice = NodeRouter("twice")
    root.attachChild(twice)
    await #expect(throws: FlowError.attachRefused(child: "Node", parent: "Root")) {
      try await root.runFlow { (_: FlowOutcome<Int>) in twice }
    }
    #expect(harness.diagnosticKinds == [.alreadyAttached])
    root.detachChild(twice)
    let leaked = await harness.sweepLeaks(settlingFor: 100).flatMap(\.leakedObjects)
    #expect(leaked.map(\.role) == [.router, .interactor], "only twice, which this test holds")
    withExtendedLifetime(twice) {}
  }

  @Test func runFlowEndsWithATypedErrorWhenTheChildIsDetachedByAnythingElse() async throws {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    let parent = NodeRouter("parent")
    root.attachChild(parent)
    let tracker = DeallocationTracker()
    tracker.track(parent)
    // 1. The parent routes elsewhere and detaches the child.
    let first = Task { @MainActor in
      try await parent.runFlow { (_: FlowOutcome<Int>) in
        let child = NodeRouter("child")
        tracker.trackSubtree(of: child)
        return child
      }
    }
    await eventually { parent.children.count == 1 }
    parent.detachChild(parent.children[0])
    await #expect(throws: FlowError.childDetached(child: "Node")) { try await first.value }
    // 2. The parent's parent detaches the parent.
    let second = Task { @MainActor in
      try await parent.runFlow { (_: FlowOutcome<Int>) in NodeRouter("child") }
    }
    await eventually { parent.children.count == 1 }
    root.detachChild(parent)
    await #expect(throws: FlowError.childDetached(child: "Node")) { try await second.value }
    #expect(parent.children.isEmpty)
    // 3. The attach is refused.
    let elsewhere = NodeRouter("elsewhere")
    let attached = NodeRouter("attached")
    elsewhere.attachChild(attached)
    await #expect(throws: FlowError.attachRefused(child: "Node", parent: "Node")) {
      try await parent.runFlow { (_: FlowOutcome<Int>) in attached }
    }
    // Only the parent, which this test holds, is still alive: no suspended flow keeps anything.
    let leaked = await harness.sweepLeaks(settlingFor: 100).flatMap(\.leakedObjects)
    #expect(leaked.map(\.role) == [.router, .interactor])
    #expect(tracker.survivors == ["NodeRouter"])
  }
}
