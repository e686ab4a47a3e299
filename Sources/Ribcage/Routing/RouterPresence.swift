/// Whether a router is still there, for what holds the router unretained (a render loop's
/// announcer): a weak reference would make every retain of the router take the slow,
/// side-table way. The router's deinit clears it; routers are released on the main actor.
///
/// An object apart from the router's extras: held by a loop, the extras would outlive the router
/// and could not stop the tree of a root released while active.
final class RouterPresence {
  nonisolated(unsafe) private(set) var isPresent = true

  nonisolated func routerWent() { isPresent = false }
}
