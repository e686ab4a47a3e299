import Observation
import Ribcage
import RibcageSwiftUI
import RibcageTesting
import Testing

/// A RIB shown in a SwiftUI stack: a viewable router, as its screen would be built from.
@MainActor
private final class StackRouter: ViewableRouter<StackInteractor, ViewControllableMock> {
  convenience init(_ label: String) {
    self.init(interactor: StackInteractor(label), viewController: ViewControllableMock())
  }
}

@MainActor
private final class StackInteractor: Interactor, Interactable, ScreenDismissalHandling {
  let label: String
  var allowsDismissal = true
  var dismissed: [String] = []

  init(_ label: String) {
    self.label = label
  }

  func shouldAllowUserDismissal(of child: RouterNode) -> Bool { allowsDismissal }
  func didDismissByUser(_ child: RouterNode) { dismissed.append(child.name) }
}

/// Each test's starting point: a harness, an active root, an empty navigation.
@MainActor
private func activeRootAndNavigation() -> (RIBHarness, StackRouter, RIBNavigation) {
  let harness = RIBHarness()
  let root = StackRouter("root")
  harness.activate(root)
  return (harness, root, RIBNavigation())
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct RIBNavigationTests {
  @Test func pushingAttachesAndTheSystemPoppingDetachesTheTopmostFirst() {
    let (harness, root, navigation) = activeRootAndNavigation()
    do {
      let trip = StackRouter("trip")
      let driver = StackRouter("driver")
      navigation.push(trip, from: root)
      navigation.push(driver, from: trip)
      #expect(navigation.path.map(\.name) == ["Stack", "Stack"])
      #expect(root.children.first === trip && trip.children.first === driver)
      #expect(driver.interactor.isActive)
      #expect(navigation.router(for: navigation.path[1]) === driver)

      navigation.path = []  // the user long-pressed back: both go
      #expect(root.children.isEmpty)
      #expect(trip.children.isEmpty, "the driver was detached from the trip first")
      #expect(trip.interactor.dismissed == ["Stack"])
    }
    #expect(root.interactor.dismissed == ["Stack"])
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }

  @Test func aDeepLinkThatAttachesThreeRIBsShowsThreeScreensInOneChange() {
    let (harness, root, navigation) = activeRootAndNavigation()
    // One turn of a workflow: three RIBs attached and pushed, each from the one before.
    let first = StackRouter("first")
    let second = StackRouter("second")
    let third = StackRouter("third")
    navigation.push(first, from: root)
    navigation.push(second, from: first)
    navigation.push(third, from: second)
    #expect(navigation.path.count == 3)
    #expect(
      navigation.path.map { navigation.router(for: $0) }.elementsEqual([first, second, third]) {
        $0 === $1
      }, "bottom first, in the order the workflow attached them")
    for router in [first, second, third] { #expect(router.interactor.isActive) }
    root.detachChild(first)
    #expect(navigation.path.isEmpty, "detaching the first removes every screen above it")
    #expect(harness.diagnostics.isEmpty)
  }

  @Test func theSheetPulledDownDetachesUnlessTheParentRefuses() {
    let (harness, root, navigation) = activeRootAndNavigation()
    do {
      let payment = StackRouter("payment")
      navigation.present(payment, from: root)
      #expect(navigation.sheet?.name == "Stack")
      root.interactor.allowsDismissal = false
      #expect(!navigation.allowsSheetDismissal)
      root.interactor.allowsDismissal = true
      #expect(navigation.allowsSheetDismissal)
      navigation.sheet = nil  // the user pulled it down
      #expect(root.children.isEmpty)
      #expect(!payment.interactor.isActive)
    }
    #expect(root.interactor.dismissed == ["Stack"])
    harness.expectNoLeaks()
  }

  @Test func detachingAPushedRIBRemovesItsScreenAndThoseAboveWithoutAUserEvent() {
    let (harness, root, navigation) = activeRootAndNavigation()
    do {
      let trip = StackRouter("trip")
      let receipt = StackRouter("receipt")
      navigation.push(trip, from: root)
      navigation.push(receipt, from: trip)
      let sheet = StackRouter("rating")
      navigation.present(sheet, from: receipt)
      root.detachChild(trip)
      #expect(navigation.path.isEmpty)
      #expect(navigation.sheet == nil, "the sheet the detached subtree presented goes too")
      #expect(receipt.children.first === sheet, "inside the detached subtree, nothing moves")
    }
    #expect(root.interactor.dismissed.isEmpty, "the app detached them, not the user")
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }

  @Test func aPathWithScreensTheModelDoesNotKnowKeepsOnlyTheKnownOnes() {
    let (harness, root, navigation) = activeRootAndNavigation()
    let other = RIBNavigation()
    do {
      let trip = StackRouter("trip")
      navigation.push(trip, from: root)
      let known = navigation.path
      other.push(StackRouter("elsewhere"), from: trip)
      navigation.path = known + other.path
      #expect(navigation.path == known)
      #expect(trip.children.count == 1, "setting the path attaches nothing")
      root.detachChild(trip)
    }
    #expect(navigation.path.isEmpty)
    #expect(other.path.isEmpty, "the screens a detached RIB's subtree showed go too")
    harness.expectNoLeaks()
  }

  @Test func presentingASecondSheetDetachesTheFirst() {
    let (harness, root, navigation) = activeRootAndNavigation()
    do {
      navigation.present(StackRouter("first"), from: root)
      let second = StackRouter("second")
      navigation.present(second, from: root)
      #expect(root.children.count == 1 && root.children.first === second)
      #expect(navigation.router(for: navigation.sheet!) === second)
      navigation.sheet = nil
    }
    #expect(root.children.isEmpty)
    harness.expectNoLeaks()
  }
}
