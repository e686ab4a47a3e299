/// Every RIB path the recorder has seen (`Root/LoggedIn/Request`), interned: a path is its
/// parent's path and a naming, so each is stored once, as two numbers, whatever the number of
/// RIBs and events that share it. Records carry the index; lines are written from it.
///
/// Paths less than ``cachedDepth`` deep also keep their escaped bytes, written with one copy; a
/// deeper one is assembled from its chain (a 10,000-level chain does not store 10,000 long paths).
struct PathTable {
  private var parents: [Int32] = []
  private var namings: [Int32] = []
  private var cached: [[UInt8]?] = []
  private var depths: [Int32] = []
  private var index: [UInt64: Int32] = [:]
  /// The last paths looked up, direct-mapped by key: most attaches skip the dictionary.
  private var recent = [(key: UInt64, id: Int32)](repeating: (.max, 0), count: 256)
  static let cachedDepth: Int32 = 32
  private var scratch: [Int32] = []

  /// Paths known (they are never forgotten: an app has as many as its screens' arrangements).
  var count: Int { parents.count }

  /// The path of a RIB named by `naming` below `parent` (-1 for a root), if it is known.
  @inline(__always)
  mutating func known(parent: Int32, naming: Int32) -> Int32? {
    let key = Self.key(parent: parent, naming: naming)
    let line = Self.line(of: key)
    if recent[line].key == key { return recent[line].id }
    if let known = index[key] {
      recent[line] = (key, known)
      return known
    }
    return nil
  }

  /// Adds the path of a RIB named by `naming` (escaped bytes `escapedName`) below `parent` (-1
  /// for a root), not yet ``known(parent:naming:)``.
  mutating func add(parent: Int32, naming: Int32, escapedName: [UInt8]) -> Int32 {
    let key = Self.key(parent: parent, naming: naming)
    let line = Self.line(of: key)
    let depth = parent >= 0 ? depths[Int(parent)] + 1 : 0
    var bytes: [UInt8]?
    if depth < Self.cachedDepth {
      var path = parent >= 0 ? cached[Int(parent)] ?? [] : []
      if parent >= 0 { path.append(UInt8(ascii: "/")) }
      path += escapedName
      bytes = path
    }
    let id = Int32(parents.count)
    parents.append(parent)
    namings.append(naming)
    cached.append(bytes)
    depths.append(depth)
    index[key] = id
    recent[line] = (key, id)
    return id
  }

  private static func key(parent: Int32, naming: Int32) -> UInt64 {
    UInt64(UInt32(bitPattern: parent)) << 32 | UInt64(UInt32(bitPattern: naming))
  }

  private static func line(of key: UInt64) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56)
  }

  /// Writes path `id` as the contents of a JSON string, names from `escapedNames`.
  mutating func write(_ id: Int32, names escapedNames: [[UInt8]], into writer: JSONLineWriter) {
    if let bytes = cached[Int(id)] {
      writer.appendRaw(bytes)
      return
    }
    scratch.removeAll(keepingCapacity: true)
    var current = id
    while current >= 0 {
      scratch.append(current)
      current = parents[Int(current)]
    }
    var position = scratch.count - 1
    while position >= 0 {
      writer.appendRaw(escapedNames[Int(namings[Int(scratch[position])])])
      if position > 0 { writer.append(byte: UInt8(ascii: "/")) }
      position -= 1
    }
  }
}
