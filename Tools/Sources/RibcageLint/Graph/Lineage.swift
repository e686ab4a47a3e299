/// What each type inherits and conforms to, computed once per type (a large app asks the same
/// question for thousands of builders), and which classes conform to a protocol.
final class Lineage {
  private let index: TypeIndex
  private var names: [String: Set<String>] = [:]
  private var keys: [String: Set<String>] = [:]
  /// Ancestor key → the classes reaching it, built on first use.
  private var conformers: [String: [TypeIndex.Entry]]?

  init(index: TypeIndex) {
    self.index = index
  }

  /// The names `entry` inherits or conforms to (``TypeIndex/ancestors(of:)``), cached.
  func names(of entry: TypeIndex.Entry) -> Set<String> {
    if let known = names[entry.key] { return known }
    let found = index.ancestors(of: entry)
    names[entry.key] = found
    return found
  }

  /// The keys of the project types `entry` reaches (``TypeIndex/ancestorKeys(of:)``), cached.
  func keys(of entry: TypeIndex.Entry) -> Set<String> {
    if let known = keys[entry.key] { return known }
    let found = index.ancestorKeys(of: entry)
    keys[entry.key] = found
    return found
  }

  /// Whether `entry` reaches the very type `type` (not another module's type of that name).
  func conforms(_ entry: TypeIndex.Entry, to type: TypeIndex.Entry) -> Bool {
    keys(of: entry).contains(type.key)
  }

  /// The declared classes reaching `type`, sorted by key.
  func classes(conformingTo type: TypeIndex.Entry) -> [TypeIndex.Entry] {
    if conformers == nil {
      var map: [String: [TypeIndex.Entry]] = [:]
      for entry in index.all(.classType) {
        for key in keys(of: entry) { map[key, default: []].append(entry) }
      }
      conformers = map
    }
    return conformers?[type.key] ?? []
  }
}
