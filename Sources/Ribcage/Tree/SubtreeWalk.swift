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
  /// ``popPending()``.
  @MainActor
  mutating func pushChildren(of node: RouterNode) {
    push(childrenOf: node, at: -1)
  }

  /// Pushes one router on the pending stack.
  mutating func pushPending(_ node: RouterNode) {
    pending.append(node)
    pendingParents.append(-1)
  }

  /// Takes the next router off the pending stack.
  mutating func popPending() -> RouterNode? {
    guard let node = pending.popLast() else { return nil }
    pendingParents.removeLast()
    return node
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
  }
}
