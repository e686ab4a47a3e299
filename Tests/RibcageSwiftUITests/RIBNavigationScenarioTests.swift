import Observation
import Ribcage
import RibcageSwiftUI
import RibcageTesting
import Testing

/// A RIB for the scenarios: a viewable router whose interactor can run code when it activates
/// and answers for its children's screens.
@MainActor
private final class SceneRouter: ViewableRouter<SceneInteractor, ViewControllableMock> {
  convenience init() {
    self.init(interactor: SceneInteractor(), viewController: ViewControllableMock())
  }
}

@MainActor
private final class SceneInteractor: Interactor, Interactable, ScreenDismissalHandling {
  var onDidBecomeActive: (() -> Void)?
  var dismissed = 0

  override func didBecomeActive() {
    super.didBecomeActive()
    onDidBecomeActive?()
  }

  func didDismissByUser(_ child: RouterNode) { dismissed += 1 }
}

/// A viewless RIB (uber's `LoggedIn`).
@MainActor
private final class ViewlessRouter: Router<SceneInteractor> {
  convenience init() { self.init(interactor: SceneInteractor()) }
}

/// The ways `RIBNavigation`'s screens and the tree came to disagree (the core tracker's are in
/// RibcageTests' `ScreenTreeScenarioTests`): each test failed before the fix.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct RIBNavigationScenarioTests {
  private func activeRoot() -> (RIBHarness, SceneRouter) {
    let harness = RIBHarness()
    let root = SceneRouter()
    harness.activate(root)
    return (harness, root)
  }

  private func routers(_ navigation: RIBNavigation) -> [RouterNode?] {
    navigation.path.map { navigation.router(for: $0) }
  }

  /// Two siblings pushed by the same parent; detaching the lower one removes its
  /// screen only, and the upper one keeps its screen and stays attached.
  @Test func detachingALowerSiblingKeepsTheUpperSiblingsScreen() {
    let (harness, root) = activeRoot()
    let navigation = RIBNavigation()
    do {
      let lower = SceneRouter()
      let upper = SceneRouter()
      navigation.push(lower, from: root)
      navigation.push(upper, from: root)
      root.detachChild(lower)
      #expect(routers(navigation).elementsEqual([upper]) { $0 === $1 })
      #expect(root.children.elementsEqual([upper]) { $0 === $1 })
      #expect(upper.interactor.isActive)
      root.detachChild(upper)
      #expect(navigation.path.isEmpty)
    }
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }

  /// A sheet presenting a sheet through the same navigation keeps its presenter.
  @Test func aSheetPresentingASheetKeepsItsPresenter() {
    let (harness, root) = activeRoot()
    let navigation = RIBNavigation()
    do {
      let payment = SceneRouter()
      let card = SceneRouter()
      navigation.present(payment, from: root)
      navigation.present(card, from: payment)
      #expect(root.children.first === payment)
      #expect(payment.children.first === card)
      #expect(payment.interactor.isActive && card.interactor.isActive)
      #expect(navigation.sheets.map { navigation.router(for: $0) }.count == 2)
      navigation.sheet = nil  // the user pulls the outer sheet down: both go, the top first
      #expect(root.children.isEmpty)
      #expect(navigation.sheets.isEmpty)
    }
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }

  /// Two navigation models for the same parent (two tabs, a rebuilt model): each
  /// removes its own screens when the tree detaches their RIBs.
  @Test func twoNavigationsForOneParentEachRemoveTheirOwnScreens() {
    let (harness, root) = activeRoot()
    let first = RIBNavigation()
    let second = RIBNavigation()
    do {
      let trips = SceneRouter()
      let profile = SceneRouter()
      first.push(trips, from: root)
      second.push(profile, from: root)
      root.detachChild(profile)
      #expect(second.path.isEmpty, "the second model's screen went")
      #expect(first.path.count == 1)
      root.detachChild(trips)
      #expect(first.path.isEmpty)
    }
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }

  /// A double tap pushes (or presents) the same RIB twice: one screen, which a
  /// detach removes.
  @Test func showingAShownRIBAgainMakesNoSecondScreen() {
    let (harness, root) = activeRoot()
    let navigation = RIBNavigation()
    do {
      let trip = SceneRouter()
      let first = navigation.push(trip, from: root)
      let again = navigation.push(trip, from: root)
      #expect(navigation.path.count == 1)
      #expect(first == again)
      let receipt = SceneRouter()
      navigation.present(receipt, from: trip)
      navigation.present(receipt, from: trip)
      #expect(navigation.sheets.count == 1)
      root.detachChild(trip)
      #expect(navigation.path.isEmpty)
      #expect(navigation.sheet == nil)
    }
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }

  /// A flow that pushes its first step when it activates is below its step.
  @Test func aFlowThatPushesItsFirstStepOnActivationIsBelowIt() {
    let (harness, root) = activeRoot()
    let navigation = RIBNavigation()
    do {
      let flow = SceneRouter()
      let step = SceneRouter()
      flow.interactor.onDidBecomeActive = { [weak flow, weak step] in
        guard let flow, let step else { return }
        navigation.push(step, from: flow)
      }
      navigation.push(flow, from: root)
      #expect(routers(navigation).elementsEqual([flow, step]) { $0 === $1 })
      flow.detachChild(step)
      #expect(routers(navigation).elementsEqual([flow]) { $0 === $1 })
      #expect(root.children.first === flow && flow.interactor.isActive)
      root.detachChild(flow)
      #expect(navigation.path.isEmpty)
    }
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }

  /// SwiftUI reads `allowsSheetDismissal` when it draws; a parent that changes its
  /// answer says so, and the view is invalidated.
  @Test func aParentChangingItsAnswerInvalidatesAllowsSheetDismissal() {
    let (harness, root) = activeRoot()
    let navigation = RIBNavigation()
    final class Flag: @unchecked Sendable { var changed = false }
    let flag = Flag()
    do {
      let payment = SceneRouter()
      navigation.present(payment, from: root)
      withObservationTracking {
        _ = navigation.allowsSheetDismissal
      } onChange: {
        flag.changed = true
      }
      root.screens.userDismissalPolicyDidChange()
      #expect(flag.changed)
      root.detachChild(payment)
    }
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }

  /// The shapes Rides on iOS uses: a sheet over a pushed screen, a viewless parent's children,
  /// and a tab with its own navigation; the user and the app each remove what they should.
  @Test func aSheetOverAPushedScreenAViewlessParentsChildrenAndATab() {
    let (harness, root) = activeRoot()
    let rides = RIBNavigation()
    let profileTab = RIBNavigation()
    do {
      let loggedIn = ViewlessRouter()
      root.attachChild(loggedIn)
      let request = SceneRouter()
      rides.push(request, from: loggedIn)
      let confirm = SceneRouter()
      rides.present(confirm, from: request)
      let profile = SceneRouter()
      profileTab.push(profile, from: loggedIn)
      rides.sheet = nil  // the rider pulls the confirm sheet down
      #expect(request.children.isEmpty && request.interactor.dismissed == 1)
      #expect(rides.path.count == 1 && profileTab.path.count == 1)
      root.detachChild(loggedIn)  // signing out: every screen below goes, in both tabs
      #expect(rides.path.isEmpty && profileTab.path.isEmpty)
    }
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }

  /// An active root released without a detach takes its children's screens with it.
  @Test func anActiveRootReleasedWithoutADetachRemovesItsChildrensScreens() {
    let harness = RIBHarness()
    let navigation = RIBNavigation()
    do {
      let root = SceneRouter()
      harness.activate(root)
      let loggedIn = ViewlessRouter()
      root.attachChild(loggedIn)
      navigation.push(SceneRouter(), from: root)
      navigation.push(SceneRouter(), from: loggedIn)
      navigation.present(SceneRouter(), from: loggedIn)
      #expect(navigation.path.count == 2)
    }
    #expect(navigation.path.isEmpty)
    #expect(navigation.sheet == nil)
    #expect(harness.diagnostics.isEmpty)
    harness.expectNoLeaks()
  }
}
