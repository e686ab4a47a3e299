import Ribcage
import RibcageTesting
import Testing

/// The ways the screen and the tree came to disagree in the core tracker (`RIBNavigation`'s are
/// in RibcageSwiftUITests' `RIBNavigationScenarioTests`): each test failed before the fix.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ScreenTreeScenarioTests {
  /// A viewless RIB (uber's `LoggedIn`) is detached; the views its children show go
  /// with it, deepest first.
  @Test func detachingAViewlessRIBRemovesTheViewsItsSubtreeShows() {
    let harness = RIBHarness()
    let root = ScreenParentRouter("root")
    harness.activate(root)
    let screen = FakeScreen()
    do {
      let loggedIn = ScreenParentRouter("loggedIn")
      root.attachChild(loggedIn)  // viewless: never shown
      let home = RequestRouter("home")
      loggedIn.attachChild(home)
      screen.show(home, from: loggedIn, as: .pushed)
      let ride = RideRouter("ride")
      home.attachChild(ride)
      screen.show(ride, from: home, as: .presented)
      root.detachChild(loggedIn)
    }
    #expect(screen.stack.isEmpty, "views: \(screen.stack.map(\.child.name))")
    #expect(screen.removedByTree == ["Ride (presented)", "Request (pushed)"])
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }

  /// The same without a host: the views a detached viewless RIB's subtree shows are reported.
  @Test func detachingAViewlessRIBWithoutAHostReportsTheViewsLeftOnScreen() {
    let harness = RIBHarness()
    let root = ScreenParentRouter("root")
    harness.activate(root)
    do {
      let loggedIn = ScreenParentRouter("loggedIn")
      root.attachChild(loggedIn)
      let home = RequestRouter("home")
      loggedIn.attachChild(home)
      loggedIn.screens.didShow(home, as: .pushed)
      root.detachChild(loggedIn)
      #expect(loggedIn.screens.shownChildren.isEmpty)
    }
    #expect(harness.diagnosticKinds == [.detachedWhileOnScreen])
    #expect(harness.diagnostics.first?.message.contains("Request") == true)
    harness.expectNoLeaks()
  }

  /// The app detaches a RIB while the user is swiping its view away. The view stays
  /// until the gesture ends: removed then if the user let go, left alone if the swipe finished.
  @Test func anAppDetachMidSwipeRemovesTheViewWhenTheSwipeIsCancelled() {
    let (harness, parent, screen) = Self.activeParentOnScreen()
    do {
      let child = RequestRouter("request")
      parent.attachChild(child)
      screen.show(child, from: parent, as: .pushed)
      parent.screens.userBeganRemoval(of: child)
      parent.detachChild(child)
      #expect(screen.stack.map(\.child.name) == ["Request"], "the gesture owns the view")
      #expect(screen.removedByTree.isEmpty)
      parent.screens.userCancelledRemoval(of: child)  // the view slides back in
      #expect(screen.stack.isEmpty, "removed once the gesture ended")
      #expect(screen.removedByTree == ["Request (pushed)"])
    }
    #expect(parent.dismissedByUser.isEmpty, "the app detached it, not the user")
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }

  /// The other ending: the user finishes the swipe of a RIB the app detached.
  @Test func anAppDetachMidSwipeThatTheUserFinishesRemovesNothingMore() {
    let (harness, parent, screen) = Self.activeParentOnScreen()
    do {
      let child = RequestRouter("request")
      parent.attachChild(child)
      screen.show(child, from: parent, as: .pushed)
      parent.screens.userBeganRemoval(of: child)
      parent.detachChild(child)
      #expect(screen.removedByTree.isEmpty)
      screen.stack.removeAll()  // the swipe completes: the platform removed the view
      parent.screens.userDidRemove(child)
      #expect(child.interactor.willResignActiveCount == 1)
    }
    #expect(screen.removedByTree.isEmpty)
    #expect(parent.dismissedByUser.isEmpty, "the app detached it first")
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }

  /// The platform reports the same user removal again from inside the detach it
  /// caused; the parent hears it once, after the detach.
  @Test func aUserRemovalReportedAgainDuringItsDetachNotifiesTheParentOnceAfterIt() {
    let (harness, parent, screen) = Self.activeParentOnScreen()
    var attachedWhenNotified: [Bool] = []
    parent.onDismissed = { [weak parent] child in
      attachedWhenNotified.append(parent?.children.contains { $0 === child } ?? false)
    }
    do {
      let child = RequestRouter("request")
      child.interactor.onWillResignActive = { [weak parent, weak child] _ in
        guard let parent, let child else { return }
        parent.screens.userDidRemove(child)  // the callback again, re-entrant
      }
      parent.attachChild(child)
      screen.show(child, from: parent, as: .pushed)
      screen.userRemovesTop()
      #expect(child.interactor.willResignActiveCount == 1)
    }
    #expect(parent.dismissedByUser == ["Request"])
    #expect(attachedWhenNotified == [false], "told once, after the detach finished")
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }

  private static func activeParentOnScreen() -> (RIBHarness, ScreenParentRouter, FakeScreen) {
    let harness = RIBHarness()
    let parent = ScreenParentRouter("parent")
    harness.activate(parent)
    return (harness, parent, FakeScreen())
  }
}
