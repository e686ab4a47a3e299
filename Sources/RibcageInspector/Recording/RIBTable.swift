@_spi(RibcageInspection) import Ribcage

/// What a recorder knows of each RIB in the tree: its session id, parent, children, state and
/// latest view model — the model its keyframes are written from. It holds no router: entries are
/// found through the number each router carries (``RouterNode/inspectionTag``), checked against
/// the router's identity, so a released router is never touched and a stale number never
/// mislabels a newer one.
///
/// Every event reads this table, so what an event touches is a trivial value in a flat array
/// (no reference counting); children, names and view models live in arrays beside it.
@MainActor
struct RIBTable {
  /// The per-event part of an entry.
  struct Node {
    var object: ObjectIdentifier
    var id: UInt64
    var parent: Int32
    /// Index into `namings`.
    var naming: Int32
    var isActive: Bool
    var isLoaded: Bool
    var hasView: Bool
  }

  /// A router type's RIB name (raw and escaped for JSON) and type name.
  struct Naming {
    var name: String
    var escapedName: [UInt8]
    var routerType: String
  }

  /// The last view model a RIB rendered.
  struct ViewModel {
    var type: String
    var json: [UInt8]?
  }

  private(set) var nodes: [Node] = []
  private var isLive: [Bool] = []
  private(set) var children: [[Int32]] = []
  var viewModels: [ViewModel?] = []
  /// Each slot's path, escaped, when the RIB is less than ``cachedPathDepth`` deep (written by
  /// every event; a deeper path is assembled from the names each time, so a 10,000-level chain
  /// does not store 10,000 long paths).
  private var paths: [[UInt8]?] = []
  private var depths: [Int32] = []
  static let cachedPathDepth: Int32 = 32
  private(set) var namings: [Naming] = []
  private var namingByType: [ObjectIdentifier: Int32] = [:]
  private var free: [Int32] = []
  /// Slots by router identity: the fallback when another recorder's number is on a router.
  private var slots: [ObjectIdentifier: Int32] = [:]
  /// The root slots, in the order they joined.
  private(set) var roots: [Int32] = []
  private(set) var nextID: UInt64 = 1
  private let serial: UInt64
  /// Scratch for writing paths, kept between events.
  private var pathScratch: [Int32] = []

  init(serial: UInt64) {
    self.serial = serial
  }

  var liveCount: Int { slots.count }

  subscript(slot: Int32) -> Node {
    get { nodes[Int(slot)] }
    _modify { yield &nodes[Int(slot)] }
  }

  func naming(of slot: Int32) -> Naming { namings[Int(nodes[Int(slot)].naming)] }

  /// The slot of `router`, if the table has it.
  func slot(of router: RouterNode) -> Int32? {
    let tag = router.inspectionTag
    if tag >> 32 == serial {
      let slot = Int(truncatingIfNeeded: tag & 0xFFFF_FFFF) &- 1
      if slot >= 0, slot < nodes.count, isLive[slot],
        nodes[slot].object == ObjectIdentifier(router)
      {
        return Int32(truncatingIfNeeded: slot)
      }
    }
    return slots[ObjectIdentifier(router)]
  }

  /// The slot a router's inspection tag names, if it is live (for events that carry the tag,
  /// not the router: a plugin event).
  func slot(forTag tag: UInt64) -> Int32? {
    guard tag != 0, tag >> 32 == serial else { return nil }
    let slot = Int(truncatingIfNeeded: tag & 0xFFFF_FFFF) &- 1
    guard slot >= 0, slot < nodes.count, isLive[slot] else { return nil }
    return Int32(truncatingIfNeeded: slot)
  }

  /// Adds `router` below `parent` (or as a root); returns its slot.
  mutating func add(_ router: RouterNode, parent: Int32?) -> Int32 {
    let node = Node(
      object: ObjectIdentifier(router), id: nextID, parent: parent ?? -1,
      naming: naming(for: router), isActive: router.interactable.isActive,
      isLoaded: router.isLoaded, hasView: router.inspectionHasView)
    nextID += 1
    let slot: Int32
    if let reused = free.popLast() {
      slot = reused
      nodes[Int(slot)] = node
      isLive[Int(slot)] = true
    } else {
      slot = Int32(nodes.count)
      nodes.append(node)
      isLive.append(true)
      children.append([])
      viewModels.append(nil)
      paths.append(nil)
      depths.append(0)
    }
    let depth = parent.map { depths[Int($0)] + 1 } ?? 0
    depths[Int(slot)] = depth
    if depth < Self.cachedPathDepth {
      var path = parent.flatMap { paths[Int($0)] } ?? []
      if parent != nil { path.append(UInt8(ascii: "/")) }
      path += namings[Int(node.naming)].escapedName
      paths[Int(slot)] = path
    } else {
      paths[Int(slot)] = nil
    }
    slots[node.object] = slot
    router.inspectionTag = serial << 32 | UInt64(slot + 1)
    if let parent {
      children[Int(parent)].append(slot)
    } else {
      roots.append(slot)
    }
    return slot
  }

  private mutating func naming(for router: RouterNode) -> Int32 {
    let typeKey = ObjectIdentifier(type(of: router))
    if let known = namingByType[typeKey] { return known }
    let escaped = JSONLineWriter()
    escaped.appendEscaped(router.name)
    namings.append(
      Naming(
        name: router.name, escapedName: escaped.bytes,
        routerType: String(describing: type(of: router))))
    let index = Int32(namings.count - 1)
    namingByType[typeKey] = index
    return index
  }

  /// Removes `slot` and everything below it.
  mutating func remove(_ slot: Int32) {
    let parent = nodes[Int(slot)].parent
    if parent >= 0 {
      if let index = children[Int(parent)].lastIndex(of: slot) {
        children[Int(parent)].remove(at: index)
      }
    } else if let index = roots.lastIndex(of: slot) {
      roots.remove(at: index)
    }
    var stack: [Int32] = [slot]
    while let current = stack.popLast() {
      let index = Int(current)
      stack.append(contentsOf: children[index])
      children[index].removeAll(keepingCapacity: true)
      viewModels[index] = nil
      paths[index] = nil
      slots[nodes[index].object] = nil
      isLive[index] = false
      free.append(current)
    }
  }

  /// Writes the path of `slot` (`Root/LoggedIn/Request`) as the contents of a JSON string.
  mutating func writePath(of slot: Int32, into writer: JSONLineWriter) {
    if let path = paths[Int(slot)] {
      writer.appendRaw(path)
      return
    }
    pathScratch.removeAll(keepingCapacity: true)
    var current = slot
    while current >= 0 {
      pathScratch.append(current)
      current = nodes[Int(current)].parent
    }
    var index = pathScratch.count - 1
    while index >= 0 {
      let naming = Int(nodes[Int(pathScratch[index])].naming)
      writer.appendRaw(namings[naming].escapedName)
      if index > 0 { writer.append(byte: UInt8(ascii: "/")) }
      index -= 1
    }
  }

  /// Every live slot, parents before children, children in attachment order.
  func preorder() -> [Int32] {
    var order: [Int32] = []
    order.reserveCapacity(slots.count)
    var stack = Array(roots.reversed())
    while let slot = stack.popLast() {
      order.append(slot)
      stack.append(contentsOf: children[Int(slot)].reversed())
    }
    return order
  }
}
