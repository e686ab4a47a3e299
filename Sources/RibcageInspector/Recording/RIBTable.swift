@_spi(RibcageInspection) import Ribcage

/// What a recorder knows of each RIB in the tree: its session id, parent, children, state and
/// latest view model — the model its keyframes are written from. It holds no router: entries are
/// found through the number each router carries (``RouterNode/inspectionTag``), checked against
/// the router's identity, so a released router is never touched and a stale number never
/// mislabels a newer one.
///
/// Every event reads this table, so what an event touches is a trivial value in a flat array
/// (no reference counting); children, names and view models live in arrays beside it, and paths
/// in a ``PathTable`` that records point into.
///
/// A class: events call its methods through one reference (a struct this size would be copied
/// into each non-mutating call).
@MainActor
final class RIBTable {
  // Main-actor state read by every event; no access spans a call out.
  /// The per-event part of an entry.
  struct Node {
    var object: ObjectIdentifier
    var id: UInt64
    var parent: Int32
    /// Index into `namings`.
    var naming: Int32
    /// Index into `paths`.
    var path: Int32
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

  @exclusivity(unchecked) private(set) var nodes: [Node] = []
  @exclusivity(unchecked) private var isLive: [Bool] = []
  @exclusivity(unchecked) private(set) var children: [[Int32]] = []
  /// The last view model each slot rendered.
  @exclusivity(unchecked) var viewModels: [Keyframe.RenderedViewModel?] = []
  /// Every path seen, interned.
  @exclusivity(unchecked) var paths = PathTable()
  @exclusivity(unchecked) private(set) var namings: [Naming] = []
  /// Each naming's escaped name, for writing paths.
  @exclusivity(unchecked) private(set) var escapedNames: [[UInt8]] = []
  @exclusivity(unchecked) private var namingByType: [ObjectIdentifier: Int32] = [:]
  @exclusivity(unchecked) private var free: [Int32] = []
  /// Slots by router identity: the fallback when another recorder's number is on a router,
  /// kept only once another recorder runs beside this one (``indexIdentities()``) — a lone
  /// recorder finds every router by its number.
  @exclusivity(unchecked) private var slots: [ObjectIdentifier: Int32]?
  /// Live slots.
  @exclusivity(unchecked) private(set) var liveCount = 0
  /// The last router types named, direct-mapped by identity: most attaches skip the dictionary.
  @exclusivity(unchecked) private var recentTypes = [(type: ObjectIdentifier?, naming: Int32)](
    repeating: (nil, 0), count: 64)
  /// Scratch for removing subtrees, kept between detaches.
  @exclusivity(unchecked) private var removing: [Int32] = []
  /// The root slots, in the order they joined.
  @exclusivity(unchecked) private(set) var roots: [Int32] = []
  @exclusivity(unchecked) private(set) var nextID: UInt64 = 1
  private let serial: UInt64

  init(serial: UInt64) {
    self.serial = serial
  }

  /// Starts keeping slots by router identity: another recorder runs, and its numbers replace
  /// this one's on the routers both record.
  func indexIdentities() {
    guard slots == nil else { return }
    var index: [ObjectIdentifier: Int32] = [:]
    for slot in nodes.indices where isLive[slot] { index[nodes[slot].object] = Int32(slot) }
    slots = index
  }

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
    return slots?[ObjectIdentifier(router)]
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
  func add(_ router: RouterNode, parent: Int32?) -> Int32 {
    let naming = naming(for: router)
    let state = router.inspectionState
    let path = paths.path(
      parent: parent.map { nodes[Int($0)].path } ?? -1, naming: naming,
      escapedName: escapedNames[Int(naming)])
    let node = Node(
      object: ObjectIdentifier(router), id: nextID, parent: parent ?? -1, naming: naming,
      path: path, isActive: state.isActive, isLoaded: state.isLoaded,
      hasView: router.inspectionHasView)
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
    }
    slots?[node.object] = slot
    liveCount += 1
    router.inspectionTag = serial << 32 | UInt64(slot + 1)
    if let parent {
      children[Int(parent)].append(slot)
    } else {
      roots.append(slot)
    }
    return slot
  }

  private func naming(for router: RouterNode) -> Int32 {
    let typeKey = ObjectIdentifier(type(of: router))
    let line = Int(truncatingIfNeeded: UInt(bitPattern: typeKey) >> 4) & 63
    if recentTypes[line].type == typeKey { return recentTypes[line].naming }
    if let known = namingByType[typeKey] {
      recentTypes[line] = (typeKey, known)
      return known
    }
    let escaped = JSONLineWriter()
    escaped.appendEscaped(router.name)
    namings.append(
      Naming(
        name: router.name, escapedName: escaped.bytes,
        routerType: String(describing: type(of: router))))
    escapedNames.append(escaped.bytes)
    let index = Int32(namings.count - 1)
    namingByType[typeKey] = index
    recentTypes[line] = (typeKey, index)
    return index
  }

  /// Removes `slot` and everything below it.
  func remove(_ slot: Int32) {
    let parent = nodes[Int(slot)].parent
    if parent >= 0 {
      if let index = children[Int(parent)].lastIndex(of: slot) {
        children[Int(parent)].remove(at: index)
      }
    } else if let index = roots.lastIndex(of: slot) {
      roots.remove(at: index)
    }
    removing.append(slot)
    while let current = removing.popLast() {
      let index = Int(current)
      removing.append(contentsOf: children[index])
      children[index].removeAll(keepingCapacity: true)
      viewModels[index] = nil
      slots?[nodes[index].object] = nil
      isLive[index] = false
      liveCount -= 1
      free.append(current)
    }
  }

  /// Writes path `path` (`Root/LoggedIn/Request`) as the contents of a JSON string.
  func writePath(_ path: Int32, into writer: JSONLineWriter) {
    paths.write(path, names: escapedNames, into: writer)
  }

  /// Every live slot, parents before children, children in attachment order.
  func preorder() -> [Int32] {
    var order: [Int32] = []
    order.reserveCapacity(liveCount)
    var stack = Array(roots.reversed())
    while let slot = stack.popLast() {
      order.append(slot)
      stack.append(contentsOf: children[Int(slot)].reversed())
    }
    return order
  }
}
