extension Array where Element: AnyObject {
  /// The index of `element` itself (by identity), or `nil`.
  ///
  /// A plain loop on purpose: a closure such as `{ $0 === child }` written inside main-actor code
  /// is main-actor isolated, and Swift 6 checks the executor at runtime on every call of it — a
  /// few hundred instructions per element in `firstIndex(where:)`.
  func indexOfIdentical(_ element: Element) -> Int? {
    var index = 0
    while index < count {
      if self[index] === element { return index }
      index += 1
    }
    return nil
  }
}
