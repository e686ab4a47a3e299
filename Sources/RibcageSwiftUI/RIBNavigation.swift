#if canImport(Observation)
  import Observation
  import Ribcage

  /// A SwiftUI navigation stack and sheet whose screens are RIBs: the path of a
  /// `NavigationStack(path:)` is the RIBs pushed through it, and the sheet of `.sheet(item:)` the
  /// RIB presented. Pushing or presenting attaches; the system popping a screen or dismissing the
  /// sheet (back button, edge swipe, a sheet pulled down) detaches that RIB — once — and its
  /// parent hears it (`ScreenDismissalHandling`); detaching a RIB removes its screen (and the
  /// screens pushed above it).
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
  /// sees the whole path at once. Only RIBs pushed through the model can be in the path; a path
  /// the system sets with screens the model does not know keeps the known ones.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  @Observable
  public final class RIBNavigation: ScreenHost {
    /// One screen of the stack or the sheet: a RIB shown through this model.
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
    private var sheetScreen: Screen?

    /// Creates an empty navigation: no screen pushed, no sheet.
    public init() {}

    /// The pushed screens, bottom first — the binding for `NavigationStack(path:)`. Setting a
    /// shorter path (what the system does when the user goes back) detaches the RIBs of the
    /// screens removed, the topmost first.
    public var path: [Screen] {
      get { pathScreens }
      set {
        let kept = newValue.filter { shown[$0.id] != nil && pathScreens.contains($0) }
        let removed = pathScreens.filter { !kept.contains($0) }
        pathScreens = kept
        for screen in removed.reversed() { userRemoved(screen) }
      }
    }

    /// The presented screen — the binding for `.sheet(item:)`. Setting it to `nil` (the user
    /// pulled the sheet down) detaches its RIB.
    public var sheet: Screen? {
      get { sheetScreen }
      set {
        guard let current = sheetScreen, newValue != current else { return }
        sheetScreen = nil
        userRemoved(current)
      }
    }

    /// Whether the user may pull the sheet down now: its parent's
    /// `ScreenDismissalHandling.shouldAllowUserDismissal(of:)` — for
    /// `.interactiveDismissDisabled(!navigation.allowsSheetDismissal)`.
    public var allowsSheetDismissal: Bool {
      guard let sheetScreen, let entry = shown[sheetScreen.id], let parent = entry.parent,
        let child = entry.child
      else { return true }
      return parent.screens.shouldAllowUserRemoval(of: child)
    }

    /// Attaches `child` to `parent` (if it is not attached there yet) and pushes its screen.
    @discardableResult
    public func push(_ child: RouterNode, from parent: RouterNode) -> Screen? {
      guard let screen = show(child, from: parent, as: .pushed) else { return nil }
      pathScreens.append(screen)
      return screen
    }

    /// Attaches `child` to `parent` (if it is not attached there yet) and presents its screen as
    /// the sheet. A sheet already up is replaced: its RIB is detached (by the app, not the user).
    @discardableResult
    public func present(_ child: RouterNode, from parent: RouterNode) -> Screen? {
      if let current = sheetScreen, let entry = shown[current.id], let parent = entry.parent,
        let previous = entry.child, previous !== child
      {
        parent.detachChild(previous)
      }
      guard let screen = show(child, from: parent, as: .presented) else { return nil }
      sheetScreen = screen
      return screen
    }

    /// The RIB a screen shows, while it is attached.
    public func router(for screen: Screen) -> RouterNode? {
      shown[screen.id]?.child
    }

    /// The screen of `child`, if it is pushed or presented through this model.
    public func screen(of child: RouterNode) -> Screen? {
      let id = shown.first { $0.value.child === child }?.key
      return id.flatMap { id in
        pathScreens.first { $0.id == id } ?? (sheetScreen?.id == id ? sheetScreen : nil)
      }
    }

    /// Removes the screen of a RIB the tree detached (`ScreenHost`), and the screens pushed
    /// above it.
    public func removeView(of child: RouterNode, shownAs presentation: ScreenPresentation) {
      guard let screen = screen(of: child) else { return }
      if sheetScreen == screen {
        sheetScreen = nil
        shown[screen.id] = nil
        return
      }
      guard let index = pathScreens.firstIndex(of: screen) else { return }
      for above in pathScreens[index...] {
        if let entry = shown.removeValue(forKey: above.id), above != screen,
          let parent = entry.parent, let child = entry.child
        {
          parent.screens.appDidRemove(child)
        }
      }
      pathScreens.removeSubrange(index...)
    }

    private func show(
      _ child: RouterNode, from parent: RouterNode, as presentation: ScreenPresentation
    ) -> Screen? {
      if !parent.children.contains(where: { $0 === child }) { parent.attachChild(child) }
      // Refused (attached elsewhere, a cycle): the diagnostic says why; nothing is shown.
      guard parent.children.contains(where: { $0 === child }) else { return nil }
      if parent.screens.host == nil { parent.screens.host = self }
      parent.screens.didShow(child, as: presentation)
      Self.nextID &+= 1
      let screen = Screen(id: Self.nextID, name: child.name)
      shown[screen.id] = Shown(parent: parent, child: child)
      return screen
    }

    private func userRemoved(_ screen: Screen) {
      guard let entry = shown.removeValue(forKey: screen.id), let parent = entry.parent,
        let child = entry.child
      else { return }
      parent.screens.userDidRemove(child)
    }
  }
#endif
