import Ribcage

/// The glue between ``PlatformScreen`` and the trees' screen trackers, as `RibcageUIKit`'s is
/// between UIKit and them: one ``ScreenHost`` per place (each navigation stack, the presented
/// chain), so a parent's children may be on several hosts.
///
/// The platform refuses a second transition; the glue **queues** them, one at a time, and starts
/// the next when the platform is idle. A queued show whose RIB was detached meanwhile is
/// dropped; a sheet removed from under sheets that stay is dismissed from its presenter (the
/// platform removes everything above it) and the ones that stay are presented again. A request
/// the platform refuses anyway is reported through the tracker.
@MainActor
final class ModelScreenGlue: PlatformScreen.Listener {
  typealias Place = PlatformScreen.Place
  typealias View = PlatformScreen.View

  /// A host for one place.
  @MainActor
  final class Host: ScreenHost {
    weak var glue: ModelScreenGlue?
    let place: Place

    init(glue: ModelScreenGlue, place: Place) {
      self.glue = glue
      self.place = place
    }

    func removeView(of child: RouterNode, shownAs presentation: ScreenPresentation) {
      glue?.remove(child, from: place)
    }
  }

  private enum Outcome {
    case started
    case skipped
  }

  let platform: PlatformScreen
  private(set) var hosts: [Host] = []
  /// The view of each RIB shown (queued or on the platform).
  private var viewOf: [ObjectIdentifier: View] = [:]
  private var queue: [() -> Outcome] = []
  private var isPumping = false

  init(platform: PlatformScreen, stackCount: Int) {
    self.platform = platform
    hosts = (0..<stackCount).map { Host(glue: self, place: .stack($0)) }
    hosts.append(Host(glue: self, place: .sheets))
    platform.listener = self
  }

  /// No transition runs or waits.
  var isSettled: Bool { platform.isIdle && queue.isEmpty }

  func host(for place: Place) -> Host {
    switch place {
    case .stack(let index): hosts[index]
    case .sheets: hosts[hosts.count - 1]
    }
  }

  /// Shows `child` (attached to `parent`) at `place`; a RIB already shown stays as it is.
  func show(_ child: RouterNode, from parent: RouterNode, at place: Place) {
    if parent.screens.presentation(of: child) != nil { return }  // a double tap
    let view = View(rib: child, shower: parent)
    parent.screens.didShow(child, as: place == .sheets ? .presented : .pushed, on: host(for: place))
    guard parent.screens.presentation(of: child) != nil else { return }
    viewOf[ObjectIdentifier(child)] = view
    enqueue { [weak self, weak parent, weak child] in
      guard let self, let parent, let child, self.view(of: child) === view else { return .skipped }
      let accepted: Bool
      switch place {
      case .stack(let index): accepted = self.platform.push(view, on: index)
      case .sheets: accepted = self.platform.present(view)
      }
      guard accepted else {
        self.viewOf[ObjectIdentifier(child)] = nil
        parent.screens.didFailToShow(child, as: .pushed, reason: "the platform was busy")
        return .skipped
      }
      return .started
    }
  }

  /// Removes `child`'s view (the tree detached it).
  func remove(_ child: RouterNode, from place: Place) {
    guard let view = view(of: child) else { return }
    viewOf[ObjectIdentifier(child)] = nil
    enqueue { [weak self] in
      guard let self else { return .skipped }
      switch place {
      case .stack(let index):
        let stack = self.platform.stacks[index]
        guard stack.contains(where: { $0 === view }) else { return .skipped }
        return self.platform.setStack(index, to: stack.filter { $0 !== view })
          ? .started : .skipped
      case .sheets:
        let sheets = self.platform.sheets
        guard let index = sheets.firstIndex(where: { $0 === view }) else { return .skipped }
        let staying = sheets[(index + 1)...].filter { self.isWanted($0) }
        guard self.platform.dismiss(calledOn: index == 0 ? nil : sheets[index - 1]) else {
          return .skipped
        }
        // The platform dismissed the sheets above too; those whose RIBs stay come back.
        let presentAgain = staying.map { above in
          { [weak self] () -> Outcome in
            guard let self, self.isWanted(above) else { return .skipped }
            return self.platform.present(above) ? .started : .skipped
          }
        }
        self.queue.insert(contentsOf: presentAgain, at: 0)
        return .started
      }
    }
  }

  /// The views the user removed lately (a platform reports only removals that happened).
  private var removedByUser: [View] = []

  /// Whether the user removed `rib`'s view.
  func userRemovedView(of rib: RouterNode) -> Bool {
    removedByUser.contains { $0.rib === rib }
  }

  private func isWanted(_ view: View) -> Bool {
    guard let rib = view.rib else { return false }
    return self.view(of: rib) === view
  }

  /// The view shown for `rib` (an entry of a RIB since released, whose address `rib` reuses,
  /// does not count).
  private func view(of rib: RouterNode) -> View? {
    guard let view = viewOf[ObjectIdentifier(rib)], view.rib === rib else { return nil }
    return view
  }

  private func enqueue(_ operation: @escaping () -> Outcome) {
    queue.append(operation)
    pump()
  }

  /// Starts queued transitions while the platform is idle.
  private func pump() {
    guard !isPumping else { return }
    isPumping = true
    defer { isPumping = false }
    while platform.isIdle, !queue.isEmpty {
      if queue.removeFirst()() == .started { break }
    }
  }

  // MARK: PlatformScreen.Listener

  func userRemoved(_ views: [View], from place: Place, repeated: Bool) {
    removedByUser = Array((removedByUser + views).suffix(64))
    for view in views {
      guard let rib = view.rib, let shower = view.shower else { continue }
      if self.view(of: rib) === view { viewOf[ObjectIdentifier(rib)] = nil }
      shower.screens.userDidRemove(rib)
      if repeated { shower.screens.userDidRemove(rib) }
    }
    pump()
  }

  func userBeganRemoving(_ view: View, from place: Place) {
    guard let rib = view.rib else { return }
    view.shower?.screens.userBeganRemoval(of: rib)
  }

  func userCancelledRemoving(_ view: View, from place: Place) {
    guard let rib = view.rib else { return }
    view.shower?.screens.userCancelledRemoval(of: rib)
  }

  func platformIsIdle() {
    pump()
  }
}
