import _RibcageAtomics

/// Whether a router is still there, for what holds the router unretained (a render loop's
/// announcer): a weak reference would make every retain of the router take the slow,
/// side-table way. The router's deinit clears it; the flag is read and written atomically. A
/// router still rendering must be released on the main actor, where its loop renders (as any
/// launched root must: see `RouterExtras.routerReleased`): released on another thread, it
/// could go between the check and the use. What is handed the router reads it before it calls out
/// (what it calls may release it), and retains it to keep it.
///
/// An object apart from the router's extras: held by a loop, the extras would outlive the router
/// and could not stop the tree of a root released while active.
final class RouterPresence: @unchecked Sendable {
  /// The flag, in memory of its own so that its address is stable for the atomic operations
  /// (which are what make the class `Sendable`).
  private let flag: UnsafeMutablePointer<UInt8>

  init() {
    flag = .allocate(capacity: 1)
    flag.initialize(to: 1)
  }

  deinit {
    flag.deallocate()
  }

  /// Whether the router is there: its deinit has not cleared the flag. (A subclass's deinit
  /// runs before the base router's clears it: see ``isDeallocating(_:)``.)
  var isPresent: Bool { ribcage_atomic_load_flag(flag) != 0 }

  /// Whether the deinit of `router` has started: a router subclass's deinit runs before the
  /// base router's clears the flag, and what it does may render. The router may be used there,
  /// but a reference kept would outlive it.
  static func isDeallocating(_ router: RouterNode) -> Bool {
    ribcage_is_deallocating(Unmanaged.passUnretained(router).toOpaque())
  }

  func routerWent() { ribcage_atomic_store_flag(flag, 0) }
}
