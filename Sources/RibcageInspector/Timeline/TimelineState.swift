import Ribcage

/// One RIB at a moment of a session.
public struct TimelineRIB: Sendable, Equatable {
  /// The RIB's session id.
  public var id: Int64
  /// Its parent's id; `nil` for a root.
  public var parent: Int64?
  /// The RIB's name (`LoggedIn`).
  public var name: String
  /// The router's type name.
  public var routerType: String
  /// Whether its interactor is active.
  public var isActive: Bool
  /// Whether its router has loaded.
  public var isLoaded: Bool
  /// Whether it has a view.
  public var hasView: Bool
  /// Its children's ids, in attachment order.
  public var children: [Int64]
  /// The type of the view model it rendered last, if any.
  public var viewModelType: String?
  /// The view model it rendered last, if it was recorded (`Encodable`).
  public var viewModel: JSONValue?
}

/// A flag's value at a moment.
public struct TimelineFlag: Sendable, Equatable {
  /// The flag's value.
  public var value: JSONValue
  /// The source of the value (`runtime`, `override`, ...).
  public var source: String

  /// Creates a flag value.
  public init(value: JSONValue, source: String) {
    self.value = value
    self.source = source
  }
}

/// What the tree, the view models, the flags and the workflows were after some event: what a
/// keyframe holds, and what events change.
struct TimelineState: Sendable {
  var ribs: [Int64: TimelineRIB] = [:]
  var roots: [Int64] = []
  var flags: [String: TimelineFlag] = [:]
  var isCoreOnly = false
  var workflows: [Int64: String] = [:]

  /// The path of `id`: names from the root down, joined by `/`.
  func path(of id: Int64) -> String {
    var names: [String] = []
    var current: Int64? = id
    while let node = current, let rib = ribs[node] {
      names.append(rib.name)
      current = rib.parent
    }
    return names.reversed().joined(separator: "/")
  }

  /// Every RIB, parents before children, with its depth.
  func preorder() -> [(rib: TimelineRIB, depth: Int)] {
    var result: [(rib: TimelineRIB, depth: Int)] = []
    result.reserveCapacity(ribs.count)
    var stack: [(Int64, Int)] = roots.reversed().map { ($0, 0) }
    while let (id, depth) = stack.popLast() {
      guard let rib = ribs[id] else { continue }
      result.append((rib, depth))
      for child in rib.children.reversed() { stack.append((child, depth + 1)) }
    }
    return result
  }

  mutating func remove(subtree id: Int64) {
    if let parent = ribs[id]?.parent {
      ribs[parent]?.children.removeAll { $0 == id }
    } else {
      roots.removeAll { $0 == id }
    }
    var stack = [id]
    while let current = stack.popLast() {
      if let rib = ribs.removeValue(forKey: current) { stack.append(contentsOf: rib.children) }
    }
  }
}
