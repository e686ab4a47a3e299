import Ribcage
import RibcageTesting
import Testing

/// A host reports what it could not do; the tree's diagnostics say so, naming the RIB.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ScreenFailureTests {
  @Test func aRefusedPresentationIsReportedAndNoLongerFollowed() {
    let harness = RIBHarness()
    let parent = ScreenParentRouter("parent")
    harness.activate(parent)
    let screen = FakeScreen()
    do {
      let child = RequestRouter("payment")
      parent.attachChild(child)
      screen.show(child, from: parent, as: .presented)
      screen.stack.removeAll()  // the platform refused it
      parent.screens.didFailToShow(child, as: .presented, reason: "another presentation ran")
      #expect(parent.screens.shownChildren.isEmpty)
      #expect(child.interactor.isActive, "the tree does not guess: it stays attached")
      parent.detachChild(child)
      #expect(screen.removedByTree.isEmpty, "no view to remove")
    }
    #expect(harness.diagnosticKinds == [.screenShowFailed])
    let message = harness.diagnostics.first?.message ?? ""
    #expect(message.contains("Request's view could not be shown (presented) by ScreenParent"))
    #expect(message.contains("another presentation ran"))
    harness.expectNoLeaks()
  }

  @Test func aFailedRemovalIsReportedNamingTheViewLeftOnScreen() {
    let harness = RIBHarness()
    let parent = ScreenParentRouter("parent")
    harness.activate(parent)
    do {
      let child = RequestRouter("request")
      parent.attachChild(child)
      parent.detachChild(child)
      parent.screens.didFailToRemove(child, shownAs: .pushed, reason: "the pop was dropped")
    }
    #expect(harness.diagnosticKinds == [.screenRemovalFailed])
    #expect(harness.diagnostics.first?.message.contains("its view is still on screen") == true)
    harness.expectNoLeaks()
  }
}
