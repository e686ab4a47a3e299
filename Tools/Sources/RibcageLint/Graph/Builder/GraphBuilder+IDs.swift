extension GraphBuilder {
  /// Unique ids: the name; `Module.Name` when modules share it; with ` (path:line)` when one
  /// module declares it twice; numbered if even that repeats (a file passed twice).
  func assignIDs(_ ribs: inout [String: RIB]) {
    let keys = ribs.keys.sorted()
    let byName = Dictionary(grouping: keys) { ribs[$0]!.node.name }
    let byModule = Dictionary(grouping: keys) { ribs[$0]!.node.module + "." + ribs[$0]!.node.name }
    var taken: [String: Int] = [:]
    for key in keys {
      let node = ribs[key]!.node
      var id = node.name
      if (byName[node.name]?.count ?? 0) > 1 { id = node.module + "." + node.name }
      if (byModule[node.module + "." + node.name]?.count ?? 0) > 1 {
        id += " (\(node.path):\(node.line))"
      }
      let seen = taken[id, default: 0]
      taken[id] = seen + 1
      if seen > 0 { id += " #\(seen + 1)" }
      ribs[key]!.node.id = id
    }
  }
}
