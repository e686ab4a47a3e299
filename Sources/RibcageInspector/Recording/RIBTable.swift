@_spi(RibcageInspection) import Ribcage

/// What a recorder knows of each RIB in the tree: its session id, parent, children, state and
/// latest view model — the model its keyframes are written from. It holds no router: entries are
/// found through the number each router carries (``RouterNode/inspectionTag``), checked against
/// the router's identity, so a released router is never touched and a stale number never
/// mislabels a newer one.
///
/// Every event reads this table, so what an event touches is a trivial value in memory the table
/// allocates itself (no reference counting, no copy-on-write check); each entry links its first
/// and last child and its siblings, so attaching and detaching move a few numbers and a
/// subtree is freed without a stack. Names and view models live in arrays beside it, and paths
/// in a ``PathTable`` that records point into.
///
/// A class: events call its methods through one reference (a struct this size would be copied
/// into each non-mutating call).
@MainActor
final class RIBTable {
  // Main-actor state read by every event; no access spans a call out.
  /// An entry: what an event reads, and the links of the tree.
  struct Node {
    var object: ObjectIdentifier
    var id: UInt64
    var parent: Int32
    /// Index into `namings`.
    var naming: Int32
    /// Index into `paths`.
    var path: Int32
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    /// The next sibling (the next root, for a root; the next free slot, for a free one).
    var next: Int32 = -1
    var previous: Int32 = -1
    var isActive: Bool
    var isLoaded: Bool
    var hasView: Bool
    var isLive = true
    /// The view model it rendered last, if any.
    var lastViewModel: LastViewModel?
  }

  /// A router type's RIB name (raw and escaped for JSON) and type name.
  struct Naming {
    var name: String
    var escapedName: [UInt8]
    var routerType: String
  }

  @exclusivity(unchecked) nonisolated(unsafe) private var nodes: UnsafeMutablePointer<Node>
  /// Slots in use or free (`nodes` holds `capacity`).
  @exclusivity(unchecked) private var count = 0
  @exclusivity(unchecked) private var capacity = 64
  /// The last view models that came boxed, by slot (rare: ``LastViewModel`` says which).
  @exclusivity(unchecked) private var boxedViewModels: [Int32: KeptViewModel] = [:]
  /// Every path seen, interned.
  @exclusivity(unchecked) var paths = PathTable()
  @exclusivity(unchecked) private(set) var namings: [Naming] = []
  /// Each naming's escaped name, for writing paths.
  @exclusivity(unchecked) private(set) var escapedNames: [[UInt8]] = []
  @exclusivity(unchecked) private var namingByType: [ObjectIdentifier: Int32] = [:]
  /// The first free slot (linked through `next`), -1 for none.
  @exclusivity(unchecked) private var firstFree: Int32 = -1
  /// Slots by router identity: the fallback when another recorder's number is on a router,
  /// kept only once another recorder runs beside this one (``indexIdentities()``) — a lone
  /// recorder finds every router by its number.
  @exclusivity(unchecked) private var slots: [ObjectIdentifier: Int32]?
  /// Live slots.
  @exclusivity(unchecked) private(set) var liveCount = 0
  /// Live slots with a view model (the room a keyframe needs for them).
  @exclusivity(unchecked) private(set) var viewModelCount = 0
  /// The last router types named, direct-mapped by identity: most attaches skip the dictionary.
  @exclusivity(unchecked) private var recentTypes = [(type: ObjectIdentifier?, naming: Int32)](
    repeating: (nil, 0), count: 64)
  /// The roots, linked through `next` in the order they joined.
  @exclusivity(unchecked) private var firstRoot: Int32 = -1
  @exclusivity(unchecked) private var lastRoot: Int32 = -1
  @exclusivity(unchecked) private(set) var nextID: UInt64 = 1
  private let serial: UInt64

  init(serial: UInt64) {
    self.serial = serial
    nodes = .allocate(capacity: capacity)
  }

  deinit {
    nodes.deallocate()
  }

  /// Starts keeping slots by router identity: another recorder runs, and its numbers replace
  /// this one's on the routers both record.
  func indexIdentities() {
    guard slots == nil else { return }
    var index: [ObjectIdentifier: Int32] = [:]
    for slot in 0..<count where nodes[slot].isLive { index[nodes[slot].object] = Int32(slot) }
    slots = index
  }

  /// Entry `slot` (a slot the table handed out and has not freed).
  subscript(slot: Int32) -> Node {
    @inline(__always) get { nodes[Int(slot)] }
    @inline(__always) _modify { yield &nodes[Int(slot)] }
  }

  func naming(of slot: Int32) -> Naming { namings[Int(nodes[Int(slot)].naming)] }

  /// The slot of `router`, if the table has it.
  @inline(__always)
  func slot(of router: RouterNode) -> Int32? {
    let tag = router.inspectionTag
    if tag >> 32 == serial {
      let slot = Int(truncatingIfNeeded: tag & 0xFFFF_FFFF) &- 1
      if slot >= 0, slot < count, nodes[slot].isLive, nodes[slot].object == ObjectIdentifier(router)
      {
        return Int32(truncatingIfNeeded: slot)
      }
    }
    return slots?[ObjectIdentifier(router)]
  }

  /// The slot of a router that is gone, by its identity, when slots are kept by identity (see
  /// ``indexIdentities()``) and it is still a root's.
  func slot(ofGone identity: ObjectIdentifier) -> Int32? {
    guard let slot = slots?[identity], nodes[Int(slot)].parent < 0 else { return nil }
    return slot
  }

  /// Whether `slot` is still the live entry of RIB `id` (ids are never reused).
  func holds(_ slot: Int32, id: UInt64) -> Bool {
    Int(slot) < count && nodes[Int(slot)].isLive && nodes[Int(slot)].id == id
  }

  /// The slot a router's inspection tag names, if it is live (for events that carry the tag,
  /// not the router: a plugin event).
  func slot(forTag tag: UInt64) -> Int32? {
    guard tag != 0, tag >> 32 == serial else { return nil }
    let slot = Int(truncatingIfNeeded: tag & 0xFFFF_FFFF) &- 1
    guard slot >= 0, slot < count, nodes[slot].isLive else { return nil }
    return Int32(truncatingIfNeeded: slot)
  }

  /// Keeps the view model at `index` in `chunk`, of view model type `type`, as what `slot`
  /// rendered last.
  @inline(__always)
  func setViewModel(
    _ chunk: Unmanaged<ViewModelChunk>, at index: Int32, type: Int32, in slot: Int32
  ) {
    if nodes[Int(slot)].lastViewModel == nil { viewModelCount += 1 }
    nodes[Int(slot)].lastViewModel = LastViewModel(type: type, index: index, chunk: chunk)
    if !boxedViewModels.isEmpty { boxedViewModels[slot] = nil }
  }

  /// Keeps view model type `type`, without its value (not written), as what `slot` rendered
  /// last.
  func setViewModelType(_ type: Int32, in slot: Int32) {
    if nodes[Int(slot)].lastViewModel == nil { viewModelCount += 1 }
    nodes[Int(slot)].lastViewModel = LastViewModel(type: type, index: -1, chunk: nil)
    if !boxedViewModels.isEmpty { boxedViewModels[slot] = nil }
  }

  /// Keeps `kept`, of view model type `type`, as what `slot` rendered last.
  func setViewModel(_ kept: KeptViewModel, type: Int32, at slot: Int32) {
    guard case .stored(let chunk, let index) = kept else {
      if nodes[Int(slot)].lastViewModel == nil { viewModelCount += 1 }
      nodes[Int(slot)].lastViewModel = LastViewModel(type: type, index: 0, chunk: nil)
      boxedViewModels[slot] = kept
      return
    }
    setViewModel(Unmanaged.passUnretained(chunk), at: index, type: type, in: slot)
  }

  /// What `slot` rendered last, retained: for a keyframe.
  func viewModel(at slot: Int32) -> Keyframe.RenderedViewModel? {
    guard let last = nodes[Int(slot)].lastViewModel else { return nil }
    guard let chunk = last.chunk else {
      // The type alone, its value not kept (nothing to encode: `()`).
      guard last.index >= 0 else {
        return Keyframe.RenderedViewModel(type: last.type, value: .boxed(()))
      }
      return boxedViewModels[slot].map { Keyframe.RenderedViewModel(type: last.type, value: $0) }
    }
    return Keyframe.RenderedViewModel(
      type: last.type, value: .stored(chunk.takeUnretainedValue(), last.index))
  }

  /// Adds `router` below `parent` (or as a root), last of its siblings; returns its slot, and
  /// whether the router has children.
  func add(_ router: RouterNode, parent: Int32?) -> (slot: Int32, hasChildren: Bool) {
    let naming = naming(for: router)
    let state = router.inspectionState
    let parentSlot = parent ?? -1
    let parentPath = parentSlot >= 0 ? nodes[Int(parentSlot)].path : -1
    let path =
      paths.known(parent: parentPath, naming: naming)
      ?? paths.add(parent: parentPath, naming: naming, escapedName: escapedNames[Int(naming)])
    let slot = takeSlot()
    let previous = parentSlot >= 0 ? nodes[Int(parentSlot)].lastChild : lastRoot
    nodes[Int(slot)] = Node(
      object: ObjectIdentifier(router), id: nextID, parent: parentSlot, naming: naming,
      path: path, previous: previous, isActive: state.isActive, isLoaded: state.isLoaded,
      hasView: state.hasView)
    nextID += 1
    if previous >= 0 { nodes[Int(previous)].next = slot }
    if parentSlot >= 0 {
      if previous < 0 { nodes[Int(parentSlot)].firstChild = slot }
      nodes[Int(parentSlot)].lastChild = slot
    } else {
      if previous < 0 { firstRoot = slot }
      lastRoot = slot
    }
    slots?[ObjectIdentifier(router)] = slot
    liveCount += 1
    router.inspectionTag = serial << 32 | UInt64(slot + 1)
    return (slot, state.hasChildren)
  }

  /// A free slot, or a new one.
  @inline(__always)
  private func takeSlot() -> Int32 {
    if firstFree >= 0 {
      let slot = firstFree
      firstFree = nodes[Int(slot)].next
      return slot
    }
    return newSlot()
  }

  /// A slot past the ones in use or free, the memory doubled when it is full.
  private func newSlot() -> Int32 {
    if count == capacity {
      let larger = UnsafeMutablePointer<Node>.allocate(capacity: capacity * 2)
      larger.moveInitialize(from: nodes, count: count)
      nodes.deallocate()
      nodes = larger
      capacity *= 2
    }
    count += 1
    return Int32(count - 1)
  }

  @inline(__always)
  private func naming(for router: RouterNode) -> Int32 {
    let typeKey = ObjectIdentifier(type(of: router))
    let line = Int(truncatingIfNeeded: UInt(bitPattern: typeKey) >> 4) & 63
    if recentTypes[line].type == typeKey { return recentTypes[line].naming }
    return naming(for: router, typeKey: typeKey, line: line)
  }

  /// The naming of a router type not among the recent ones: known, or added.
  private func naming(for router: RouterNode, typeKey: ObjectIdentifier, line: Int) -> Int32 {
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

  /// Removes `slot` and everything below it: unlinks it, then frees its subtree children
  /// before parents, following the links (no stack).
  func remove(_ slot: Int32) {
    let root = nodes[Int(slot)]
    if root.previous >= 0 { nodes[Int(root.previous)].next = root.next }
    if root.next >= 0 { nodes[Int(root.next)].previous = root.previous }
    if root.parent >= 0 {
      if root.previous < 0 { nodes[Int(root.parent)].firstChild = root.next }
      if root.next < 0 { nodes[Int(root.parent)].lastChild = root.previous }
    } else {
      if root.previous < 0 { firstRoot = root.next }
      if root.next < 0 { lastRoot = root.previous }
    }
    var current = deepestFirst(below: slot)
    while true {
      let next = nodes[Int(current)].next
      let parent = nodes[Int(current)].parent
      free(current)
      if current == slot { break }
      // A sibling's subtree comes next; after the last sibling, the parent (its children freed).
      current = next >= 0 ? deepestFirst(below: next) : parent
    }
  }

  /// The first child of the first child... of `slot`: where a children-first walk starts.
  private func deepestFirst(below slot: Int32) -> Int32 {
    var current = slot
    while nodes[Int(current)].firstChild >= 0 { current = nodes[Int(current)].firstChild }
    return current
  }

  private func free(_ slot: Int32) {
    let index = Int(slot)
    if nodes[index].lastViewModel != nil {
      if !boxedViewModels.isEmpty { boxedViewModels[slot] = nil }
      viewModelCount -= 1
    }
    slots?[nodes[index].object] = nil
    nodes[index].isLive = false
    nodes[index].lastViewModel = nil
    nodes[index].next = firstFree
    firstFree = slot
    liveCount -= 1
  }

  /// Writes path `path` (`Root/LoggedIn/Request`) as the contents of a JSON string.
  func writePath(_ path: Int32, into writer: JSONLineWriter) {
    paths.write(path, names: escapedNames, into: writer)
  }

  /// Calls `body` with every live slot, parents before children, children in attachment order.
  func forEachInPreorder(_ body: (Int32) -> Void) {
    var current = firstRoot
    while current >= 0 {
      body(current)
      if nodes[Int(current)].firstChild >= 0 {
        current = nodes[Int(current)].firstChild
        continue
      }
      // Up to the nearest ancestor with a next sibling (a root's parent is -1: the end).
      while current >= 0, nodes[Int(current)].next < 0 { current = nodes[Int(current)].parent }
      if current >= 0 { current = nodes[Int(current)].next }
    }
  }
}
