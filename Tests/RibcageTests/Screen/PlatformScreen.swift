import Ribcage

/// A model of the platform as UIKit really behaves, for model-based tests of the screen and the
/// tree: several navigation stacks (tabs) and one chain of presented views over them.
///
/// - **One transition at a time, refused otherwise.** A push, a stack change, a present or a
///   dismiss starts a transition that runs until ``finishTransition()``; any other request
///   meanwhile — or during a user's gesture — is refused (`false`), as UIKit ignores a
///   `present` while another presentation runs and drops a second animated pop. The glue must
///   queue (``ModelScreenGlue`` does).
/// - **Dismiss semantics.** `dismiss` called on a view that presents another removes what it
///   presents (and everything above), not itself; called on the top view, it removes that view.
/// - **Gestures that can be cancelled.** A swipe back or a sheet drag begins, then finishes
///   (the view is gone) or is cancelled (it stays); the glue hears both.
/// - **Callbacks may come twice.** A finished gesture may report its removal again.
@MainActor
final class PlatformScreen {
  /// A view on the platform: the RIB it shows and the RIB that showed it, both weak.
  @MainActor
  final class View {
    weak var rib: RouterNode?
    weak var shower: RouterNode?
    let name: String

    init(rib: RouterNode, shower: RouterNode) {
      self.rib = rib
      self.shower = shower
      name = (rib.interactable as? RecordingInteractor)?.label ?? rib.name
    }
  }

  /// Where a gesture is.
  enum Place: Equatable {
    case stack(Int)
    case sheets
  }

  /// What hears the platform: the glue.
  @MainActor
  protocol Listener: AnyObject {
    /// The user removed `views` (the topmost first); `repeated`: the platform reports it twice.
    func userRemoved(_ views: [View], from place: Place, repeated: Bool)
    func userBeganRemoving(_ view: View, from place: Place)
    func userCancelledRemoving(_ view: View, from place: Place)
    /// No transition or gesture runs: the glue may start the next one.
    func platformIsIdle()
  }

  private(set) var stacks: [[View]]
  private(set) var sheets: [View] = []
  private(set) var isTransitioning = false
  private(set) var gesture: (view: View, place: Place)?
  weak var listener: (any Listener)?
  /// Requests refused so far (the glue should queue, so this stays 0).
  private(set) var refusals = 0

  init(stackCount: Int) {
    stacks = Array(repeating: [], count: stackCount)
  }

  var isIdle: Bool { !isTransitioning && gesture == nil }

  var allViews: [(view: View, place: Place)] {
    var views: [(View, Place)] = []
    for (index, stack) in stacks.enumerated() { views += stack.map { ($0, .stack(index)) } }
    return views + sheets.map { ($0, .sheets) }
  }

  // MARK: What the glue asks

  func push(_ view: View, on stack: Int) -> Bool {
    guard start() else { return false }
    stacks[stack].append(view)
    return true
  }

  /// `setViewControllers`: the stack becomes `views`.
  func setStack(_ stack: Int, to views: [View]) -> Bool {
    guard start() else { return false }
    stacks[stack] = views
    return true
  }

  func present(_ view: View) -> Bool {
    guard start() else { return false }
    sheets.append(view)
    return true
  }

  /// `dismiss` called on `view` (`nil`: the window's root view): what it presents goes, with
  /// everything above; a view that presents nothing goes itself.
  func dismiss(calledOn view: View?) -> Bool {
    let index: Int
    if let view {
      guard let position = sheets.firstIndex(where: { $0 === view }) else { return false }
      index = position + 1 < sheets.count ? position + 1 : position
    } else {
      index = 0
    }
    guard index < sheets.count, start() else { return false }
    sheets.removeSubrange(index...)
    return true
  }

  private func start() -> Bool {
    guard isIdle else {
      refusals += 1
      return false
    }
    isTransitioning = true
    return true
  }

  // MARK: What happens by itself, or by the user

  /// The running transition ends.
  func finishTransition() {
    guard isTransitioning else { return }
    isTransitioning = false
    listener?.platformIsIdle()
  }

  /// The user starts swiping the top view of `stack` back, or dragging the top sheet down.
  /// `allowed` is asked first for a sheet (UIKit's `presentationControllerShouldDismiss`).
  func userBegins(at place: Place, allowed: (View) -> Bool) {
    guard isIdle else { return }
    let top: View?
    switch place {
    case .stack(let index): top = stacks[index].last
    case .sheets: top = sheets.last
    }
    guard let top, place == .sheets ? allowed(top) : true else { return }
    gesture = (top, place)
    listener?.userBeganRemoving(top, from: place)
  }

  /// The user lets go: the gesture finishes (the view is gone) or is cancelled.
  func userEndsGesture(finishing: Bool, reportedTwice: Bool) {
    guard let (view, place) = gesture else { return }
    gesture = nil
    if finishing {
      switch place {
      case .stack(let index): stacks[index].removeAll { $0 === view }
      case .sheets: sheets.removeAll { $0 === view }
      }
      listener?.userRemoved([view], from: place, repeated: reportedTwice)
    } else {
      listener?.userCancelledRemoving(view, from: place)
    }
    listener?.platformIsIdle()
  }

  /// A long press on the back button: every view of `stack` above its first goes at once.
  func userPopsToFirst(of stack: Int) {
    guard isIdle, stacks[stack].count > 1 else { return }
    let removed = Array(stacks[stack][1...].reversed())
    stacks[stack].removeSubrange(1...)
    listener?.userRemoved(removed, from: .stack(stack), repeated: false)
  }
}
