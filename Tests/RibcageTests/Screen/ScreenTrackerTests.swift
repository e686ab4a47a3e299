import Foundation
import Ribcage
import RibcageTesting
import Testing

/// A screen as a platform shows views: one stack, pushed and presented views alike, the last on
/// top. It is the `ScreenHost` of every parent, as UIKit's window is.
@MainActor
final class FakeScreen: ScreenHost {
  struct Shown {
    let parent: RouterNode
    let child: RouterNode
    let presentation: ScreenPresentation
  }

  var stack: [Shown] = []
  var removedByTree: [String] = []

  func show(_ child: RouterNode, from parent: RouterNode, as presentation: ScreenPresentation) {
    parent.screens.host = self
    stack.append(Shown(parent: parent, child: child, presentation: presentation))
    parent.screens.didShow(child, as: presentation)
  }

  /// The tree detached a shown child: its view goes, and only its view (the tracker asks for
  /// the views its subtree shows first, deepest first; a sibling above it stays, as UIKit's
  /// `setViewControllers` keeps it).
  func removeView(of child: RouterNode, shownAs presentation: ScreenPresentation) {
    guard let index = stack.firstIndex(where: { $0.child === child }) else { return }
    removedByTree.append("\(child.name) (\(presentation.rawValue))")
    stack.remove(at: index)
  }

  /// The user removes the top view (back, swipe, sheet pulled down); a presented view the parent
  /// will not let go stays.
  @discardableResult
  func userRemovesTop() -> Bool {
    guard let top = stack.last else { return false }
    if top.presentation == .presented, !top.parent.screens.shouldAllowUserRemoval(of: top.child) {
      return false
    }
    stack.removeLast()
    top.parent.screens.userDidRemove(top.child)
    return true
  }

  /// The user pops every pushed view above the first one at once (a long press on back).
  func userPopsToRoot() {
    guard let first = stack.firstIndex(where: { $0.presentation == .pushed }) else { return }
    let removed = Array(stack[(first + 1)...])
    guard removed.allSatisfy({ $0.presentation == .pushed }) else { return }
    stack.removeSubrange((first + 1)...)
    // Each parent hears about its children at once, the topmost parent first.
    var groups: [[Shown]] = []
    for entry in removed.reversed() {
      if let last = groups.last?.last, last.parent === entry.parent {
        groups[groups.count - 1].append(entry)
      } else {
        groups.append([entry])
      }
    }
    for group in groups { group[0].parent.screens.userDidRemoveAll(group.map(\.child)) }
  }
}

/// A parent router that answers for its children's screens.
@MainActor
final class ScreenParentRouter: NodeRouter, ScreenDismissalHandling {
  var allowsDismissal = true
  var dismissedByUser: [String] = []
  var onDismissed: ((RouterNode) -> Void)?

  func shouldAllowUserDismissal(of child: RouterNode) -> Bool { allowsDismissal }

  func didDismissByUser(_ child: RouterNode) {
    dismissedByUser.append(child.name)
    onDismissed?(child)
  }
}

/// Each test's starting point: a harness, an active parent, a fake screen.
@MainActor
private func activeParentOnScreen() -> (RIBHarness, ScreenParentRouter, FakeScreen) {
  let harness = RIBHarness()
  let parent = ScreenParentRouter("parent")
  harness.activate(parent)
  return (harness, parent, FakeScreen())
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct ScreenTrackerTests {
  @Test func aUserPopDetachesTheChildOnceAndTheParentHearsIt() {
    let (harness, parent, screen) = activeParentOnScreen()
    var removals: [String] = []
    let watching = parent.screens.userRemovals.observe { removals.append($0.name) }
    do {
      let child = RequestRouter("request")
      parent.attachChild(child)
      screen.show(child, from: parent, as: .pushed)
      #expect(parent.screens.shownChildren.map(\.name) == ["Request"])
      #expect(parent.screens.presentation(of: child) == .pushed)

      screen.userRemovesTop()
      #expect(parent.children.isEmpty)
      #expect(!child.interactor.isActive)
      #expect(child.interactor.willResignActiveCount == 1)
      parent.screens.userDidRemove(child)  // UIKit reports it again: nothing more
      #expect(child.interactor.willResignActiveCount == 1)
    }
    #expect(parent.dismissedByUser == ["Request"])
    #expect(removals == ["Request"])
    #expect(screen.removedByTree.isEmpty, "the user removed the view: nothing to remove")
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
    watching.cancel()
  }

  @Test func anAbandonedSwipeDetachesNothing() {
    let (harness, parent, screen) = activeParentOnScreen()
    do {
      let child = RequestRouter("request")
      parent.attachChild(child)
      screen.show(child, from: parent, as: .pushed)
      parent.screens.userBeganRemoval(of: child)
      #expect(parent.screens.isBeingRemovedByUser(child))
      parent.screens.userCancelledRemoval(of: child)
      #expect(!parent.screens.isBeingRemovedByUser(child))
      #expect(parent.children.count == 1)
      #expect(child.interactor.isActive)
      #expect(parent.dismissedByUser.isEmpty)
      parent.detachChild(child)
    }
    #expect(screen.stack.isEmpty, "detached by the app: its view went")
    harness.expectNoLeaks()
  }

  @Test func theParentCanRefuseASheetPulledDown() {
    let (harness, parent, screen) = activeParentOnScreen()
    do {
      let child = RequestRouter("payment")
      parent.attachChild(child)
      screen.show(child, from: parent, as: .presented)
      parent.allowsDismissal = false
      #expect(!screen.userRemovesTop())
      #expect(parent.children.count == 1)
      parent.allowsDismissal = true
      #expect(screen.userRemovesTop())
    }
    #expect(parent.children.isEmpty)
    #expect(parent.dismissedByUser == ["Request"])
    harness.expectNoLeaks()
  }

  @Test func theInteractorAnswersWhenTheRouterDoesNot() {
    final class RefusingInteractor: RecordingInteractor, ScreenDismissalHandling {
      var dismissed = 0
      func shouldAllowUserDismissal(of child: RouterNode) -> Bool { false }
      func didDismissByUser(_ child: RouterNode) { dismissed += 1 }
    }
    let harness = RIBHarness()
    let interactor = RefusingInteractor("parent")
    let parent = NodeRouter(interactor: interactor)
    harness.activate(parent)
    let screen = FakeScreen()
    do {
      let child = RequestRouter("sheet")
      parent.attachChild(child)
      screen.show(child, from: parent, as: .presented)
      #expect(!parent.screens.shouldAllowUserRemoval(of: child))
      screen.stack.removeAll()  // the platform removed it anyway
      parent.screens.userDidRemove(child)
    }
    #expect(interactor.dismissed == 1)
    harness.expectNoLeaks()
  }

  @Test func detachingAShownChildRemovesItsViewAndTheViewsAboveIt() {
    let (harness, parent, screen) = activeParentOnScreen()
    do {
      let request = RequestRouter("request")
      parent.attachChild(request)
      screen.show(request, from: parent, as: .pushed)
      let ride = RideRouter("ride")
      request.attachChild(ride)
      screen.show(ride, from: request, as: .presented)
      parent.detachChild(request)
    }
    #expect(screen.stack.isEmpty)
    #expect(screen.removedByTree == ["Ride (presented)", "Request (pushed)"], "deepest first")
    #expect(parent.dismissedByUser.isEmpty, "the app detached it, not the user")
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }

  @Test func withoutAHostADetachedChildStillOnScreenIsReportedAtOnce() {
    let (harness, parent, _) = activeParentOnScreen()
    do {
      let child = RequestRouter("request")
      parent.attachChild(child)
      parent.screens.didShow(child, as: .presented)
      parent.detachChild(child)
    }
    #expect(harness.diagnosticKinds == [.detachedWhileOnScreen])
    let message = harness.diagnostics.first?.message ?? ""
    #expect(message.contains("Request was detached from ScreenParent while its view is on screen"))
    #expect(message.contains("presented"))
    harness.expectNoLeaks()
  }

  @Test func aViewTheAppRemovedItselfIsNotReportedWhenTheChildIsDetached() {
    let (harness, parent, _) = activeParentOnScreen()
    do {
      let child = RequestRouter("request")
      parent.attachChild(child)
      parent.screens.didShow(child, as: .pushed)
      parent.screens.appDidRemove(child)
      #expect(parent.screens.shownChildren.isEmpty)
      parent.detachChild(child)
    }
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }

  @Test func showingAChildThatIsNotAttachedIsReportedAndRecordsNothing() {
    let (harness, parent, _) = activeParentOnScreen()
    let stranger = RequestRouter("stranger")
    parent.screens.didShow(stranger, as: .pushed)
    #expect(harness.diagnosticKinds == [.shownWhileDetached])
    #expect(harness.diagnostics.first?.severity == .warning, "the view is shown all the same")
    #expect(parent.screens.shownChildren.isEmpty)
  }

  @Test func aPopToTheRootDetachesTheTopmostFirst() {
    let harness = RIBHarness()
    let log = HookLog()
    let parent = ScreenParentRouter("parent")
    harness.activate(parent)
    let screen = FakeScreen()
    do {
      let first = RequestRouter("first", log: log)
      parent.attachChild(first)
      screen.show(first, from: parent, as: .pushed)
      let second = RideRouter("second", log: log)
      parent.attachChild(second)
      screen.show(second, from: parent, as: .pushed)
      let third = HomeRouter("third", log: log)
      parent.attachChild(third)
      screen.show(third, from: parent, as: .pushed)
      log.entries.removeAll()
      screen.userPopsToRoot()
    }
    #expect(
      log.entries == [
        "third.willResignActive(isActive: true)", "second.willResignActive(isActive: true)",
      ])
    #expect(parent.children.map(\.name) == ["Request"])
    #expect(parent.dismissedByUser == ["Home", "Ride"])
    parent.detachChild(parent.children[0])
    harness.expectNoLeaks()
  }

  @Test func theAppDetachingFirstThenTheUserCallbackMakesOneDetach() {
    let (harness, parent, screen) = activeParentOnScreen()
    let child = RequestRouter("request")
    parent.attachChild(child)
    screen.show(child, from: parent, as: .pushed)
    parent.detachChild(child)  // the app routes away; the view goes with it
    parent.screens.userDidRemove(child)  // a late callback from the platform
    #expect(child.interactor.willResignActiveCount == 1)
    #expect(parent.dismissedByUser.isEmpty)
    #expect(screen.removedByTree == ["Request (pushed)"])
    #expect(harness.diagnostics.isEmpty)
  }

  @Test func aParentThatShowsAnotherChildWhenTheUserDismissedOneStaysConsistent() {
    let (harness, parent, screen) = activeParentOnScreen()
    parent.onDismissed = { _ in
      let replacement = HomeRouter("replacement")
      parent.attachChild(replacement)
      screen.show(replacement, from: parent, as: .presented)
    }
    do {
      let child = RequestRouter("request")
      parent.attachChild(child)
      screen.show(child, from: parent, as: .presented)
      screen.userRemovesTop()
    }
    #expect(parent.children.map(\.name) == ["Home"])
    #expect(screen.stack.map(\.child.name) == ["Home"])
    parent.onDismissed = nil
    screen.userRemovesTop()
    #expect(parent.children.isEmpty)
    harness.expectNoLeaks()
  }

  @Test func aChildDetachingItselfWhileTheUserRemovesItIsDetachedOnce() {
    let (harness, parent, screen) = activeParentOnScreen()
    do {
      let child = RequestRouter("request")
      child.interactor.onWillResignActive = { [weak parent, weak child] _ in
        guard let parent, let child else { return }
        parent.detachChild(child)  // re-entrant: the detach under way does it
      }
      parent.attachChild(child)
      screen.show(child, from: parent, as: .pushed)
      screen.userRemovesTop()
      #expect(child.interactor.willResignActiveCount == 1)
    }
    #expect(parent.children.isEmpty)
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }
}
