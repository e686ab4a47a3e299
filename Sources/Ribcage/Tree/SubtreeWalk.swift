/// The routers of a subtree in pre-order (parents before children, first child first), each with
/// the index of its parent, collected with an explicit stack so that depth costs no call stack.
///
/// Attach walks it forwards to activate parents first; detach walks it backwards to deactivate
/// children first, and the leak detector reads the parent indices to rebuild tree paths.
struct SubtreeWalk {
  /// The routers, in pre-order.
  private(set) var nodes: [RouterNode] = []
  /// For each router, the index of its parent in ``nodes``; -1 for the first.
  private(set) var parents: [Int32] = []
  private var pending: [RouterNode] = []
  private var pendingParents: [Int32] = []
  /// For a live walk: the router each pending router was reached from. An identifier, not a
  /// reference: it is only compared with the router's current parent, which is alive whenever it
  /// matches (a router clears its children's parent links when it goes away).
  private var pendingFrom: [ObjectIdentifier] = []

  /// Replaces the contents with `root` and everything below it.
  @MainActor
  mutating func collect(from root: RouterNode) {
    removeAll()
    nodes.append(root)
    parents.append(-1)
    // The root's children one by one, in order: a leaf is appended at once, a branch is walked
    // with the stack before its next sibling, which keeps pre-order.
    // Indexing rather than `for child in`, which would retain each child once more.
    let children = root.childNodes
    var index = 0
    while index < children.count {
      if children[index].childNodes.isEmpty {
        nodes.append(children[index])
        parents.append(0)
      } else {
        collectBranch(children[index], parent: 0)
      }
      index += 1
    }
  }

  @MainActor
  private mutating func collectBranch(_ branch: RouterNode, parent: Int32) {
    pending.append(branch)
    pendingParents.append(parent)
    while let node = pending.popLast() {
      let parent = pendingParents.removeLast()
      let index = Int32(truncatingIfNeeded: nodes.count)
      nodes.append(node)
      parents.append(parent)
      push(childrenOf: node, at: index)
    }
  }

  /// Pushes `node`'s children on the pending stack, for a walk that follows the live tree with
  /// ``popLive()``.
  @MainActor
  mutating func pushChildren(of node: RouterNode) {
    let children = node.childNodes
    let from = ObjectIdentifier(node)
    var child = children.count
    while child > 0 {
      child -= 1
      pending.append(children[child])
      pendingFrom.append(from)
    }
  }

  /// Takes the next router of a live walk off the pending stack, skipping every router that is no
  /// longer attached to the router it was reached from: a hook run earlier in the walk detached
  /// or moved it (and its subtree), so the walk must leave it alone.
  @MainActor
  mutating func popLive() -> RouterNode? {
    while let node = pending.popLast() {
      let from = pendingFrom.removeLast()
      if let parent = node.parent, ObjectIdentifier(parent) == from { return node }
    }
    return nil
  }

  /// Whether router `index` is still below the walk's first router, following the live parent
  /// links: after hooks changed the tree, a collected router may have been detached or moved.
  /// Costs the router's depth below the first router.
  @MainActor
  func isStillInSubtree(_ index: Int) -> Bool {
    index == 0 || nodes[index].isDescendant(of: nodes[0])
  }

  /// Pushes `node`'s children so that the first child comes off the stack first.
  @MainActor
  private mutating func push(childrenOf node: RouterNode, at index: Int32) {
    let children = node.childNodes
    var child = children.count
    while child > 0 {
      child -= 1
      pending.append(children[child])
      pendingParents.append(index)
    }
  }

  /// The largest storage any of the arrays holds on to.
  var capacity: Int { max(nodes.capacity, pending.capacity) }

  /// Empties the walk, keeping its storage.
  mutating func removeAll() {
    nodes.removeAll(keepingCapacity: true)
    parents.removeAll(keepingCapacity: true)
    pending.removeAll(keepingCapacity: true)
    pendingParents.removeAll(keepingCapacity: true)
    pendingFrom.removeAll(keepingCapacity: true)
  }
}
