import Ribcage
import RibcageTesting
import Testing

@MainActor
protocol GameRouting: Routing {
  func routeToScores()
}

@MainActor
final class GameRoutingMock: ViewableRouterMock<InteractableMock, ViewControllableMock>, GameRouting
{
  var routeToScoresCallCount = 0
  func routeToScores() { routeToScoresCallCount += 1 }
}

/// The ready doubles read like uber/RIBs' generated mocks: counts of activation, load, attach and
/// detach, with the real tree underneath.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct TestDoubleSpecs {
  @Test func routerMockRecordsEveryCallIncludingRefusedOnes() {
    let harness = RIBHarness()
    let router = GameRoutingMock()
    harness.activate(router)
    var heard: [ObjectIdentifier] = []
    router.attachChildHandler = { heard.append(ObjectIdentifier($0)) }
    do {
      let child = RouterMock()
      router.attachChild(child)
      router.attachChild(child)  // already attached: refused, but recorded
      #expect(router.attachChildCallCount == 2)
      #expect(heard == [ObjectIdentifier(child), ObjectIdentifier(child)])
      #expect(router.children.count == 1)
      #expect(harness.diagnosticKinds == [.alreadyAttached])
      router.detachChild(child)
      #expect(router.detachChildCallCount == 1)
      #expect(router.detachedChildren.first === child)
    }
    #expect(router.loadCallCount == 1)
    #expect(router.attachedChildren.isEmpty, "the mock holds the children it saw weakly")
    harness.expectNoLeaks()
  }

  @Test func activenessFollowsTheTreeThroughMocks() {
    let harness = RIBHarness()
    let parent = RouterMock()
    do {
      let child = RouterMock()
      let grandchild = RouterMock()
      child.attachChild(grandchild)
      parent.attachChild(child)
      #expect(grandchild.interactor.activateCallCount == 0)
      harness.activate(parent)
      #expect(grandchild.interactor.activateCallCount == 1)
      parent.detachChild(child)
      #expect(grandchild.interactor.deactivateCallCount == 1)
      #expect(child.interactor.deactivateCallCount == 1)
    }
    harness.expectNoLeaks()
  }

  @Test func mockRoutersAndInteractorsAreReleasedAfterDetach() {
    let harness = RIBHarness()
    let tracker = DeallocationTracker()
    let parent = RouterMock()
    harness.activate(parent)
    do {
      let child = GameRoutingMock()
      child.attachChildHandler = { _ in }
      parent.attachChild(child)
      tracker.trackSubtree(of: child)
      parent.detachChild(child)
    }
    tracker.expectAllDeallocated()
    harness.expectNoLeaks()
  }

  @Test func presentableInteractableMockCountsAndKeepsItsPresenter() {
    let harness = RIBHarness()
    let presenter = ScorePresentableMock()
    let interactor = PresentableInteractableMock<ScorePresentable>(presenter: presenter)
    var hooks: [String] = []
    interactor.didBecomeActiveHandler = { hooks.append("active") }
    interactor.willResignActiveHandler = { hooks.append("resign") }
    let router = ViewableRouterMock(interactor: interactor, viewController: presenter)
    harness.activate(router)
    router.interactor.deactivate()
    #expect(interactor.activateCallCount == 1)
    #expect(interactor.deactivateCallCount == 1)
    #expect(hooks == ["active", "resign"])
    #expect(interactor.presenter === presenter)
  }
}
