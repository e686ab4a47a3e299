/// A value copy of a RIB tree at one moment: each RIB's name, router type, whether it is active
/// and has a view, and its children. Take one with ``RouterNode/snapshot()``; render it with
/// ``textRendering()``, ``jsonRendering(prettyPrinted:)``, ``mermaidRendering()`` or
/// ``dotRendering()``.
///
/// ```swift
/// print(root.snapshot().textRendering())
/// // Root [active, view]
/// // └─ LoggedIn [active]
/// //    ├─ Home [active, view]
/// //    └─ Request [active, view]
/// ```
///
/// Building and rendering walk the tree with an explicit stack, so deep trees are fine.
public struct TreeSnapshot: Sendable, Equatable, Hashable, Codable {
  /// The RIB's name: the router type without a trailing "Router".
  public var name: String
  /// The router's type name.
  public var routerType: String
  /// Whether the RIB's interactor is active.
  public var isActive: Bool
  /// Whether the RIB has a view.
  public var hasView: Bool
  /// The attached children, in attachment order.
  public var children: [TreeSnapshot]
  /// The router's notes as `key: value`, sorted (e.g. `plugin coupon: auto-disabled: …`).
  public var notes: [String]

  /// Creates a snapshot node.
  public init(
    name: String, routerType: String, isActive: Bool, hasView: Bool,
    children: [TreeSnapshot] = [], notes: [String] = []
  ) {
    self.name = name
    self.routerType = routerType
    self.isActive = isActive
    self.hasView = hasView
    self.children = children
    self.notes = notes
  }

  /// The number of RIBs in this snapshot.
  public var count: Int {
    var total = 0
    forEachNode { _, _, _ in total += 1 }
    return total
  }

  /// Visits every node in pre-order with its depth and its parent's pre-order index (-1 for the
  /// root).
  func forEachNode(_ visit: (TreeSnapshot, _ depth: Int, _ parentIndex: Int) -> Void) {
    var stack: [(node: TreeSnapshot, depth: Int, parent: Int)] = [(self, 0, -1)]
    var index = 0
    while let (node, depth, parent) = stack.popLast() {
      visit(node, depth, parent)
      for child in node.children.reversed() { stack.append((child, depth + 1, index)) }
      index += 1
    }
  }
}

extension RouterNode {
  /// A snapshot of this router and everything attached below it.
  public final func snapshot() -> TreeSnapshot {
    // Post-order assembly with an explicit stack: children are finished before their parent.
    var finished: [[TreeSnapshot]] = [[]]
    var stack: [(node: RouterNode, childrenDone: Bool)] = [(self, false)]
    while let (node, childrenDone) = stack.popLast() {
      if !childrenDone {
        stack.append((node, true))
        finished.append([])
        for child in node.childNodes.reversed() { stack.append((child, false)) }
      } else {
        let children = finished.removeLast()
        let snapshot = TreeSnapshot(
          name: node.name, routerType: String(describing: type(of: node)),
          isActive: node.interactable.isActive, hasView: node.ownedView != nil,
          children: children,
          notes: node.notes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })
        finished[finished.count - 1].append(snapshot)
      }
    }
    return finished[0][0]
  }
}
