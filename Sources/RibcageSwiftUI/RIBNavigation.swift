#if canImport(Observation)
  import Observation
  import Ribcage

  /// A SwiftUI navigation stack and its sheets whose screens are RIBs: the path of a
  /// `NavigationStack(path:)` is the RIBs pushed through it, and the sheets the RIBs presented,
  /// each over the one before. Pushing or presenting attaches; the system popping a screen or
  /// dismissing a sheet (back button, edge swipe, a sheet pulled down) detaches that RIB — once —
  /// and its parent hears it (`ScreenDismissalHandling`); detaching a RIB removes the screens its
  /// subtree shows, and only those: a sibling pushed above it stays.
  ///
  /// ```swift
  /// // The parent's router:
  /// func routeToTrip(_ trip: any ViewableRouting) { navigation.push(trip, from: self) }
  ///
  /// // SwiftUI (RibcageSwiftUI on iOS and macOS):
  /// RIBNavigationStack(navigation: navigation) { HomeScreen(store: store) }
  /// ```
  ///
  /// A deep link that attaches three RIBs in one turn pushes three screens in one step: the view
  /// sees the whole path at once, bottom first in the order they were pushed — a flow that
  /// pushes its first step while it activates is below that step. Pushing or presenting a RIB
  /// that is already shown (a double tap) returns its screen and shows nothing more. Only RIBs
  /// pushed through the model can be in the path; a path the system sets with screens the model
  /// does not know keeps the known ones.
  ///
  /// `path` and `sheet` are the system's bindings: what they lose, the user removed. The app
  /// removes screens by detaching their RIBs, or with ``pop(to:)``: its parents then hear no
  /// user dismissal. Several models may show children of the same parent (two tabs, a model
  /// rebuilt): each removes only its own screens.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  @Observable
  public final class RIBNavigation: ScreenHost {
    /// One screen of the stack or a sheet: a RIB shown through this model.
    public struct Screen: Hashable, Identifiable, Sendable, CustomStringConvertible {
      /// Unique in the process: screens of two models never compare equal.
      public let id: UInt64
      /// The RIB's name (its router's type, without the `Router` suffix).
      public let name: String

      public var description: String { "\(name) #\(id)" }
    }

    private struct Shown {
      weak var parent: RouterNode?
      weak var child: RouterNode?
    }

    @ObservationIgnored private var shown: [UInt64: Shown] = [:]
    @ObservationIgnored private static var nextID: UInt64 = 0
    private var pathScreens: [Screen] = []
    private var sheetScreens: [Screen] = []
    /// Counts the parents' announced changes of mind about letting a sheet go; read by
    /// ``allowsSheetDismissal`` so that SwiftUI draws again when one changes.
    private var dismissalPolicyRevision: UInt64 = 0

    /// Creates an empty navigation: no screen pushed, no sheet.
    public init() {}

    /// The pushed screens, bottom first — the binding for `NavigationStack(path:)`. Setting a
    /// shorter path (what the system does when the user goes back) detaches the RIBs of the
    /// screens removed, the topmost first, as removed by the user. The app uses ``pop(to:)``.
    public var path: [Screen] {
      get { pathScreens }
      set {
        let kept = newValue.filter { shown[$0.id] != nil && pathScreens.contains($0) }
        let removed = pathScreens.filter { !kept.contains($0) }
        pathScreens = kept
        for screen in removed.reversed() { userRemoved(screen) }
      }
    }

    /// The presented screens, bottom first: each is a sheet over the one before.
    public var sheets: [Screen] { sheetScreens }

    /// The first presented screen — the binding for the stack's `.sheet(item:)`. Setting it to
    /// `nil` (the user pulled the sheet down) detaches its RIB, and those of the sheets over it
    /// first.
    public var sheet: Screen? {
      get { sheetScreens.first }
      set {
        guard let current = sheetScreens.first, newValue != current else { return }
        userDismissedSheet(current)
      }
    }

    /// The sheet presented over `screen`'s sheet — the binding for that sheet's own
    /// `.sheet(item:)` (``RIBScreenView`` uses it). Setting it to `nil` is the user pulling it
    /// down.
    public subscript(sheetOver screen: Screen) -> Screen? {
      get {
        guard let index = sheetScreens.firstIndex(of: screen), index + 1 < sheetScreens.count
        else { return nil }
        return sheetScreens[index + 1]
      }
      set {
        guard let index = sheetScreens.firstIndex(of: screen), index + 1 < sheetScreens.count,
          newValue != sheetScreens[index + 1]
        else { return }
        userDismissedSheet(sheetScreens[index + 1])
      }
    }

    /// Whether the user may pull the first sheet down now — for
    /// `.interactiveDismissDisabled(!navigation.allowsSheetDismissal)`.
    public var allowsSheetDismissal: Bool {
      sheetScreens.first.map(allowsDismissal(of:)) ?? true
    }

    /// Whether the user may pull `screen`'s sheet down now: its parent's
    /// `ScreenDismissalHandling.shouldAllowUserDismissal(of:)`. SwiftUI reads it when it draws;
    /// a parent whose answer changes calls `screens.userDismissalPolicyDidChange()`, and the
    /// sheet is drawn again.
    public func allowsDismissal(of screen: Screen) -> Bool {
      _ = dismissalPolicyRevision
      guard let entry = shown[screen.id], let parent = entry.parent, let child = entry.child
      else { return true }
      return parent.screens.shouldAllowUserRemoval(of: child)
    }

    /// Attaches `child` to `parent` (if it is not attached there yet) and pushes its screen. A
    /// RIB already shown here keeps its screen, which is returned; `nil` if the attach was
    /// refused (a diagnostic says why).
    @discardableResult
    public func push(_ child: RouterNode, from parent: RouterNode) -> Screen? {
      if let screen = screen(of: child) { return screen }
      let screen = reserveScreen(for: child, from: parent)
      pathScreens.append(screen)
      guard attach(child, to: parent, as: .pushed) else {
        pathScreens.removeAll { $0 == screen }
        shown[screen.id] = nil
        return nil
      }
      return screen
    }

    /// Attaches `child` to `parent` (if it is not attached there yet) and presents its screen as
    /// a sheet: over the sheet of `parent` or of the RIB whose subtree `parent` is in; sheets
    /// above that one are replaced (their RIBs detached by the app). A RIB already shown here
    /// keeps its screen.
    @discardableResult
    public func present(_ child: RouterNode, from parent: RouterNode) -> Screen? {
      if let screen = screen(of: child) { return screen }
      let level = sheetLevel(presentingFrom: parent)
      for replaced in sheetScreens[level...].reversed() {
        guard let entry = shown[replaced.id], let owner = entry.parent, let previous = entry.child
        else { continue }
        owner.detachChild(previous)
      }
      let screen = reserveScreen(for: child, from: parent)
      sheetScreens.append(screen)
      guard attach(child, to: parent, as: .presented) else {
        sheetScreens.removeAll { $0 == screen }
        shown[screen.id] = nil
        return nil
      }
      return screen
    }

    /// The app pops every screen above `screen` (all of them with `nil`): their RIBs are
    /// detached, the topmost first, and their parents hear no user dismissal.
    public func pop(to screen: Screen?) {
      let keep = screen.flatMap { pathScreens.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
      for above in pathScreens[keep...].reversed() {
        guard let entry = shown[above.id], let parent = entry.parent, let child = entry.child,
          parent.children.contains(where: { $0 === child })
        else { continue }
        parent.detachChild(child)
      }
    }

    /// The system dismissed `screen`'s sheet (the user pulled it down): its RIB is detached as
    /// removed by the user, after those of the sheets over it.
    public func userDismissedSheet(_ screen: Screen) {
      guard let index = sheetScreens.firstIndex(of: screen) else { return }
      let removed = sheetScreens[index...]
      sheetScreens.removeSubrange(index...)
      for sheet in removed.reversed() { userRemoved(sheet) }
    }

    /// The RIB a screen shows, while it is attached.
    public func router(for screen: Screen) -> RouterNode? {
      shown[screen.id]?.child
    }

    /// The screen of `child`, if it is pushed or presented through this model.
    public func screen(of child: RouterNode) -> Screen? {
      guard let id = shown.first(where: { $0.value.child === child })?.key else { return nil }
      return pathScreens.first { $0.id == id } ?? sheetScreens.first { $0.id == id }
    }

    /// Removes the screen of a RIB the tree detached (`ScreenHost`), and only it: the tracker
    /// asks for the screens of the RIB's subtree first.
    public func removeView(of child: RouterNode, shownAs presentation: ScreenPresentation) {
      guard let screen = screen(of: child) else { return }
      shown[screen.id] = nil
      pathScreens.removeAll { $0 == screen }
      sheetScreens.removeAll { $0 == screen }
    }

    /// A parent's answer about letting a sheet go may have changed: SwiftUI reads
    /// ``allowsSheetDismissal`` again.
    public func userDismissalPolicyDidChange(for parent: RouterNode) {
      dismissalPolicyRevision &+= 1
    }

    /// A new screen for `child`, known before `child` is attached: what its activation pushes
    /// goes above it.
    private func reserveScreen(for child: RouterNode, from parent: RouterNode) -> Screen {
      Self.nextID &+= 1
      let screen = Screen(id: Self.nextID, name: child.name)
      shown[screen.id] = Shown(parent: parent, child: child)
      return screen
    }

    /// Attaches `child` to `parent` if needed and records its screen in `parent.screens`; `false`
    /// if it is not attached there afterwards (refused, or detached by its own activation).
    private func attach(
      _ child: RouterNode, to parent: RouterNode, as presentation: ScreenPresentation
    ) -> Bool {
      if !parent.children.contains(where: { $0 === child }) { parent.attachChild(child) }
      guard parent.children.contains(where: { $0 === child }) else { return false }
      parent.screens.didShow(child, as: presentation, on: self)
      return true
    }

    /// How many sheets stay when `parent` presents: those up to the one whose RIB's subtree
    /// holds `parent`.
    private func sheetLevel(presentingFrom parent: RouterNode) -> Int {
      var level = sheetScreens.count
      while level > 0 {
        if let owner = shown[sheetScreens[level - 1].id]?.child,
          Self.subtree(of: owner, holds: parent)
        {
          return level
        }
        level -= 1
      }
      return 0
    }

    private static func subtree(of root: RouterNode, holds node: RouterNode) -> Bool {
      var pending = [root]
      while let current = pending.popLast() {
        if current === node { return true }
        pending.append(contentsOf: current.children)
      }
      return false
    }

    private func userRemoved(_ screen: Screen) {
      guard let entry = shown.removeValue(forKey: screen.id), let parent = entry.parent,
        let child = entry.child
      else { return }
      parent.screens.userDidRemove(child)
    }
  }
#endif
