import Foundation
import Ribcage
import RibcageTesting

/// One seeded run of the random-tree screen model: a random tree under an active root, shown on
/// a ``PlatformScreen`` through a ``ModelScreenGlue``, with app and user actions interleaved at
/// any point of a gesture or a transition; after every step the screen and the tree are checked
/// against each other.
@MainActor
final class RandomScreenTreeRun {
  static let stackCount = 2
  private static let maximumRIBs = 30

  private var random: SeededRandomNumberGenerator
  private let harness = RIBHarness()
  private let platform = PlatformScreen(stackCount: RandomScreenTreeRun.stackCount)
  private let glue: ModelScreenGlue
  private let releasesRoot: Bool
  private let isTracing = ProcessInfo.processInfo.environment["RIBCAGE_SCREEN_TREE_TRACE"] != nil
  private var serial = 0
  /// How many steps each action was chosen for.
  private(set) var actionCounts: [String: Int] = [:]

  init(seed: UInt64) {
    random = SeededRandomNumberGenerator(seed: seed)
    glue = ModelScreenGlue(platform: platform, stackCount: Self.stackCount)
    releasesRoot = seed % 2 == 1
  }

  /// Runs `steps` random actions; returns the first disagreement, if any.
  func run(steps: Int) -> String? {
    var root: ScreenParentRouter? = ScreenParentRouter("root")
    harness.activate(root!)
    for step in 0..<steps {
      let action = act(on: root!)
      trace(
        "\(step) \(action): on screen \(platform.allViews.map { "\($0.view.name)@\($0.place)" })")
      actionCounts[action, default: 0] += 1
      if let problem = disagreement(below: root!) {
        return "step \(step) (\(action)): \(problem)"
      }
      // A RIB detached during a gesture on its view is held until the gesture ends.
      if step % 50 == 49, platform.gesture == nil, case let leaks = harness.sweepLeaks(),
        !leaks.isEmpty
      {
        return "step \(step): leaks \(leaks.map(\.description))"
      }
    }
    settle()
    if let problem = disagreement(below: root!) { return "settled: \(problem)" }
    // The end: the app detaches everything, or the active root is released without a detach.
    if releasesRoot {
      root = nil
    } else {
      for child in root!.children { root!.detachChild(child) }
    }
    settle()
    if !platform.allViews.isEmpty {
      return "after the end, views left: \(platform.allViews.map(\.view.name))"
    }
    if !harness.diagnostics.isEmpty { return "diagnostics: \(harness.diagnostics)" }
    let leaks = harness.sweepLeaks()
    guard leaks.isEmpty else { return "leaks: \(leaks.map(\.description))" }
    return nil
  }

  // MARK: Actions

  private func act(on root: ScreenParentRouter) -> String {
    let tree = attached(below: root)
    let dice = roll(0..<100)
    switch dice {
    case 0..<6:
      guard let parent = pick(tree)?.node, tree.count < Self.maximumRIBs else { return "none" }
      parent.attachChild(newRIB("viewless"))
      return "attach viewless"
    case 6..<26:
      guard let parent = pick(tree)?.node, tree.count < Self.maximumRIBs else { return "none" }
      let place = PlatformScreen.Place.stack(roll(0..<Self.stackCount))
      let child = newRIB("pushed")
      trace("app pushes \(label(child)) from \(label(parent)) on \(place)")
      show(child, from: parent, at: place)
      return "push"
    case 26..<34:
      guard let parent = pick(tree)?.node, tree.count < Self.maximumRIBs else { return "none" }
      show(newRIB("sheet"), from: parent, at: .sheets)
      return "present"
    case 34..<38:
      // A double tap: the same RIB shown again.
      guard let (node, parent) = pick(tree.filter { $0.parent != nil }), let parent,
        parent.screens.presentation(of: node) != nil
      else { return "none" }
      glue.show(node, from: parent, at: .stack(0))
      return "show again"
    case 38..<50:
      guard let (node, parent) = pick(tree.filter { $0.parent != nil }), let parent else {
        return "none"
      }
      trace("app detaches \(label(node)) from \(label(parent))")
      parent.detachChild(node)
      return "app detach"
    case 50..<70:
      platform.finishTransition()
      return "transition ends"
    case 70..<79:
      let place: PlatformScreen.Place =
        roll(0..<3) == 0 ? .sheets : .stack(roll(0..<Self.stackCount))
      platform.userBegins(at: place) { view in
        guard let rib = view.rib else { return true }
        return view.shower?.screens.shouldAllowUserRemoval(of: rib) ?? true
      }
      return "gesture begins"
    case 79..<88:
      platform.userEndsGesture(finishing: roll(0..<2) == 0, reportedTwice: roll(0..<4) == 0)
      return "gesture ends"
    case 88..<91:
      platform.userPopsToFirst(of: roll(0..<Self.stackCount))
      return "pop to first"
    case 91..<95:
      guard let node = pick(tree)?.node else { return "none" }
      node.allowsDismissal.toggle()
      node.screens.userDismissalPolicyDidChange()
      return "policy changes"
    default:
      guard let node = pick(tree)?.node else { return "none" }
      makeReentrant(node)
      return "re-entrant hooks"
    }
  }

  private func newRIB(_ kind: String) -> ScreenParentRouter {
    serial += 1
    return ScreenParentRouter("\(kind)\(serial)")
  }

  /// Attaches `child` to `parent`, then shows it (attach first, then show).
  private func show(
    _ child: ScreenParentRouter, from parent: RouterNode, at place: PlatformScreen.Place
  ) {
    parent.attachChild(child)
    glue.show(child, from: parent, at: place)
  }

  /// Gives `node` hooks that act while the tree or the screen is changing: when the user
  /// dismisses one of its children it shows a new one or detaches another; when it resigns
  /// active, a child whose view is gone reports its removal again (a platform callback arriving
  /// twice, re-entrant).
  private func makeReentrant(_ node: ScreenParentRouter) {
    let showsAnother = roll(0..<2) == 0
    node.onDismissed = { [weak self, weak node] _ in
      guard let self, let node else { return }
      if showsAnother {
        guard node.children.count < 3 else { return }
        self.show(self.newRIB("replacement"), from: node, at: .sheets)
      } else if let other = node.children.first {
        node.detachChild(other)
      }
    }
    for child in node.children {
      guard let child = child as? ScreenParentRouter else { continue }
      child.interactor.onWillResignActive = { [weak self, weak node, weak child] _ in
        // Only a removal that happened is reported (again): a platform does not invent one.
        guard let self, let node, let child, self.glue.userRemovedView(of: child) else { return }
        node.screens.userDidRemove(child)
      }
    }
  }

  /// Lets every gesture and transition end.
  private func settle() {
    var rounds = 0
    while !glue.isSettled, rounds < 10_000 {
      if platform.gesture != nil {
        platform.userEndsGesture(finishing: roll(0..<2) == 0, reportedTwice: false)
      } else {
        platform.finishTransition()
      }
      rounds += 1
    }
  }

  // MARK: Checks

  private func attached(below root: ScreenParentRouter) -> [(
    node: ScreenParentRouter, parent: ScreenParentRouter?
  )] {
    var nodes: [(ScreenParentRouter, ScreenParentRouter?)] = []
    var pending: [(ScreenParentRouter, ScreenParentRouter?)] = [(root, nil)]
    while let (node, parent) = pending.popLast() {
      nodes.append((node, parent))
      for child in node.children.reversed() {
        if let child = child as? ScreenParentRouter { pending.append((child, node)) }
      }
    }
    return nodes
  }

  /// With `RIBCAGE_SCREEN_TREE_TRACE` set, prints what a replayed tree does.
  private func trace(_ line: @autoclosure () -> String) {
    if isTracing { print(line()) }
  }

  private func roll(_ range: Range<Int>) -> Int {
    Int.random(in: range, using: &random)
  }

  private func label(_ node: RouterNode) -> String {
    (node.interactable as? RecordingInteractor)?.label ?? node.name
  }

  private func pick<Element>(_ elements: [Element]) -> Element? {
    elements.isEmpty ? nil : elements[roll(0..<elements.count)]
  }

  /// What the screen and the tree disagree about, if anything. Always: nothing reported, and
  /// every child a tracker follows is attached and active. Once no transition runs or waits:
  /// every view on the platform is an attached, active RIB its parent's tracker follows as shown
  /// there, once, and every child a tracker follows has exactly one view.
  private func disagreement(below root: ScreenParentRouter) -> String? {
    if !harness.diagnostics.isEmpty { return "diagnostics: \(harness.diagnostics)" }
    let tree = attached(below: root)
    var followed: [ObjectIdentifier: (child: RouterNode, parent: RouterNode)] = [:]
    for (node, _) in tree {
      for child in node.screens.shownChildren {
        guard node.children.contains(where: { $0 === child }) else {
          return "\(label(node)) follows \(label(child)), which is not attached to it"
        }
        guard child.interactable.isActive else { return "\(label(child)) is shown but inactive" }
        followed[ObjectIdentifier(child)] = (child, node)
      }
    }
    guard glue.isSettled else { return nil }
    var seen: Set<ObjectIdentifier> = []
    for (view, place) in platform.allViews {
      guard let rib = view.rib, let shower = view.shower else {
        return "a view of a released RIB (\(view.name)) is on screen"
      }
      guard let entry = followed[ObjectIdentifier(rib)], entry.parent === shower else {
        return "\(view.name) is on screen (\(place)) but not followed by an attached parent"
      }
      let expected: ScreenPresentation = place == .sheets ? .presented : .pushed
      guard shower.screens.presentation(of: rib) == expected else {
        return "\(view.name) is on screen (\(place)) but followed as another presentation"
      }
      guard seen.insert(ObjectIdentifier(rib)).inserted else { return "\(view.name) shows twice" }
      if shower.screens.isBeingRemovedByUser(rib) {
        return "\(view.name) is still being removed after every gesture ended"
      }
    }
    if let missing = followed.values.first(where: { !seen.contains(ObjectIdentifier($0.child)) }) {
      return
        "\(label(missing.child)) is followed as shown by \(label(missing.parent)) but not on screen"
    }
    return nil
  }
}
