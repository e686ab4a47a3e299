import Foundation
import SwiftSyntax

/// The names a long statement list binds (`let owner = self`, `guard let strongSelf = self`),
/// indexed once per list: ``SyntaxQueries/isSelf(_:)`` asks, for each use of a name, which
/// statement before it bound that name last. Scanning back from every use made a function of n
/// statements cost n² (3,000 `container.addSubview(viewN)` pairs took 20 s). Lists shorter than
/// ``scanLimit`` are still scanned in place: no index, no lock.
final class StatementBindings: Sendable {
  /// Lists with more statements than this are indexed.
  static let scanLimit = 64

  /// Name → where each statement binding it starts, and whether it binds it to `self`, in order.
  private let bindings: [String: [(position: AbsolutePosition, toSelf: Bool)]]

  private init(_ list: CodeBlockItemListSyntax) {
    var bindings: [String: [(position: AbsolutePosition, toSelf: Bool)]] = [:]
    for item in list {
      for (name, toSelf) in SyntaxQueries.names(boundBy: item.item) {
        bindings[name, default: []].append((item.position, toSelf))
      }
    }
    self.bindings = bindings
  }

  /// Whether the last statement before `position` binding `name` binds it to `self`; `nil`
  /// when none does.
  func nearest(_ name: String, before position: AbsolutePosition) -> Bool? {
    guard let found = bindings[name] else { return nil }
    var low = 0
    var high = found.count
    while low < high {
      let middle = (low + high) / 2
      if found[middle].position < position { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? found[low - 1].toSelf : nil
  }

  // MARK: The index of each list, kept for the last few lists

  /// The lists indexed last, with their indexes: holding a list keeps its tree, so its
  /// identifier cannot name a node of another tree while it is here.
  nonisolated(unsafe) private static var recent:
    [(list: CodeBlockItemListSyntax, index: StatementBindings)] = []
  private static let lock = NSLock()

  /// The index of `list`, made once while it is among the last few asked about.
  static func of(_ list: CodeBlockItemListSyntax) -> StatementBindings {
    lock.lock()
    defer { lock.unlock() }
    if let known = recent.first(where: { $0.list.id == list.id }) { return known.index }
    let index = StatementBindings(list)
    if recent.count == 8 { recent.removeFirst() }
    recent.append((list, index))
    return index
  }
}
