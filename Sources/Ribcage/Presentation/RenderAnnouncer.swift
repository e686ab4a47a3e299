/// Where a ``RenderLoop`` announces what it renders: the tree of the RIB running the loop and
/// that RIB's router, set while the loop runs.
///
/// The loop's render step, built where the view model's type is concrete, lends it each view
/// model it rendered, and its generic method is specialised there: the tree gets the view model
/// as the value it is, with no `Any` box (an allocation for a view model over three words), no
/// copy and no run-time lookup of generic type metadata a render.
@MainActor
@usableFromInline
final class RenderAnnouncer {
  /// The tree, held by ``treeOwner``; read unretained, as a tree is held weakly by its
  /// diagnostics handlers and retaining it would take the slow, side-table way on every render.
  @exclusivity(unchecked) private var tree: Unmanaged<TreeContext>?
  @exclusivity(unchecked) private var treeOwner: TreeContext?
  /// The router of the RIB running the loop, while it runs; held unretained, as a weak
  /// reference would make every retain of the router take the slow, side-table way.
  @exclusivity(unchecked) private var rib: Unmanaged<RouterNode>?
  /// Whether the router is still there (a root released while active keeps its RIB running
  /// until the tree stops it).
  @exclusivity(unchecked) private var ribPresence: RouterPresence?
  /// Whether the loop runs in a tree: all the render step checks when it is not recorded.
  @exclusivity(unchecked) @usableFromInline private(set) var isInTree = false

  /// Whether the view models it announces are of a `Sendable` type (the loop was made where the
  /// type is known to be): what is handed them may pass them to another thread.
  private let viewModelsAreSendable: Bool

  @usableFromInline
  init(viewModelsAreSendable: Bool) {
    self.viewModelsAreSendable = viewModelsAreSendable
  }

  /// Points it at `rib`'s tree, or at none.
  func announce(to rib: RouterNode?) {
    self.rib = rib.map { Unmanaged.passUnretained($0) }
    ribPresence = rib?.extrasCreatingIfNeeded.presence
    treeOwner = rib?.existingContext
    tree = treeOwner.map { Unmanaged.passUnretained($0) }
    isInTree = treeOwner != nil
  }

  /// Tells the tree's render observers, if it has any, that `viewModel` was just rendered.
  /// Specialised in the render step's module, but out of the step itself.
  @inlinable @inline(never)
  func announce<ViewModel>(_ viewModel: ViewModel) {
    guard isListened else { return }
    emit(viewModel)
  }

  /// Whether the tree has render observers (a session recorder).
  @usableFromInline
  var isListened: Bool {
    guard let tree else { return false }
    return Self.read(tree) { $0.recordsRenders }
  }

  @usableFromInline
  func emit<ViewModel>(_ viewModel: ViewModel) {
    guard let tree else { return }
    let isSendable = viewModelsAreSendable
    if let rib, ribPresence?.isPresent == true {
      // Not retained: what the tree calls uses the router before it calls out (a recorder's
      // consumers may detach and release the RIB), and retains it if it keeps it.
      Self.read(tree, rib) { $0.emitRender(viewModel, by: $1, isSendable: isSendable) }
    } else {
      Self.read(tree) { $0.emitRender(viewModel, by: nil, isSendable: isSendable) }
    }
  }

  /// Calls `body` with `tree`, retaining nothing (see ``TreeContext``'s own helper for why a
  /// helper: a main-actor closure handed to `_withUnsafeGuaranteedRef` directly is checked at
  /// run time for being on the main actor).
  @inline(__always)
  private nonisolated static func read<Result>(
    _ tree: Unmanaged<TreeContext>, _ body: (TreeContext) -> Result
  ) -> Result {
    tree._withUnsafeGuaranteedRef(body)
  }

  /// Calls `body` with `tree` and `router`, retaining neither (a main-actor closure capturing
  /// them would be checked at run time for being on the main actor).
  @inline(__always)
  private nonisolated static func read(
    _ tree: Unmanaged<TreeContext>, _ router: Unmanaged<RouterNode>,
    _ body: (TreeContext, RouterNode) -> Void
  ) {
    tree._withUnsafeGuaranteedRef { tree in router._withUnsafeGuaranteedRef { body(tree, $0) } }
  }
}
