import _RibcageAtomics

/// Where a detached router or interactor keeps its place in a ``LeakBatch``: set at detach,
/// marked when the object is deallocated, handed over if it is attached again.
///
/// Routers and interactors are Ribcage's own classes, so instead of weak references (which cost
/// a side-table allocation per object) each one holds its batch strongly and flips its own flag
/// in `deinit`. Holding the batch is what makes the common case cheap: once every object of a
/// batch is gone, the detector holds the only reference to it and needs to read no flags.
struct LeakSlot {
  /// Keeps the batch (and so the flag) alive; also what the detector's uniqueness check counts.
  private(set) var batch: LeakBatch?
  /// The address of this object's flag inside `batch`, so that flipping it touches no reference
  /// count.
  private var flag: UnsafeMutablePointer<UInt8>?

  /// Records that the object is gone. Safe on any thread.
  func markDeallocated() {
    if let flag { ribcage_atomic_store_flag(flag, 0) }
  }

  /// The object is back in a tree (or tracked by a newer batch): stop expecting it to go away.
  /// The flag says "handed over" rather than "deallocated", so that the view and presenter of a
  /// router attached again are not expected to go away either.
  mutating func handOver() {
    guard let flag else { return }
    ribcage_atomic_store_flag(flag, LeakBatch.handedOverFlag)
    self.flag = nil
    batch = nil
  }

  /// Tracks the object as entry `index` of `batch`, handing over any earlier slot.
  mutating func assign(_ batch: LeakBatch, index: Int) {
    handOver()
    flag = batch.flagAddress(at: index)
    self.batch = batch
  }
}

/// What a ``LeakBatch`` keeps besides its entries.
struct LeakBatchHeader {
  var count = 0
  let capacity: Int
  /// The types of the routers above the subtree when it was detached, root first.
  let formerAncestors: [Any.Type]
  /// Views and presenters are not Ribcage classes, so they are held weakly instead of flagged.
  var weakObjects: [WeakEntry] = []
}

/// A view or presenter of a detached subtree, watched through a weak reference.
struct WeakEntry {
  let role: LeakedObject.Role
  let type: Any.Type
  /// The index of its router's entry.
  let router: Int
  let object: WeakObject
}

/// The objects of one detached subtree, waiting for the grace period to pass: one allocation,
/// with the entries (and their liveness flags) stored inline after the header.
///
/// Entries are appended on the main actor while the subtree is being tracked, before the detector
/// ever reads them; the flags are written by deinitializers, possibly off the main thread, hence
/// the atomic byte operations.
final class LeakBatch: ManagedBuffer<LeakBatchHeader, LeakBatch.Entry> {
  struct Entry {
    let type: Any.Type
    /// The index of the router entry this object belongs to (itself, for a router).
    let router: Int32
    /// The index of the parent router's entry, or -1 for the detached subtree's root.
    let parentRouter: Int32
    let role: LeakedObject.Role
    /// 1 while the object may be alive; cleared atomically by the object's deinit, or set to
    /// ``LeakBatch/handedOverFlag`` when the object is attached again. Only ever read and written
    /// through the atomic operations: a deinit on another thread may write it at any time.
    var flag: UInt8 = 1
  }

  /// What an entry's flag holds once its object is back in a tree.
  static let handedOverFlag: UInt8 = 2

  /// An entry's fields without its flag, so that reading them never races with a deinit.
  struct EntryInfo {
    let type: Any.Type
    let router: Int32
    let parentRouter: Int32
    let role: LeakedObject.Role
  }

  private static let flagOffset = MemoryLayout<Entry>.offset(of: \Entry.flag)!

  /// A batch for a subtree of `routerCount` routers: entry `i` is router `i` of the walk, entry
  /// `routerCount + i` its interactor. Every entry must be registered before the batch is read.
  static func make(routerCount: Int, ancestors: [Any.Type]) -> LeakBatch {
    let capacity = 2 * routerCount
    let buffer = create(minimumCapacity: max(capacity, 1)) { _ in
      LeakBatchHeader(count: capacity, capacity: capacity, formerAncestors: ancestors)
    }
    return unsafeDowncast(buffer, to: LeakBatch.self)
  }

  /// Registers router `index` of `walk` and its interactor, which from now on flag their own
  /// deallocation; its view and presenter, if any, are watched weakly.
  @MainActor
  func register(_ node: RouterNode, interactor: Interactor, at index: Int, of walk: SubtreeWalk) {
    let routerCount = walk.nodes.count
    let parent = walk.parents[index]
    initializeEntry(
      at: index, role: .router, type: type(of: node), router: index, parentRouter: parent)
    initializeEntry(
      at: routerCount + index, role: .interactor, type: type(of: interactor), router: index,
      parentRouter: parent)
    node.leakSlot.assign(self, index: index)
    interactor.leakSlot.assign(self, index: routerCount + index)
    // Views and presenters are rare enough per RIB to ask for only when present.
    if node.hasOwnedView || interactor.hasPresenterObject {
      let view = node.ownedView
      if let view { appendWeak(role: .view, object: view, router: index) }
      if let presenter = interactor.trackedPresenter, presenter !== view {
        appendWeak(role: .presenter, object: presenter, router: index)
      }
    }
  }

  deinit {
    _ = withUnsafeMutablePointers { header, elements in
      elements.deinitialize(count: header.pointee.count)
    }
  }

  var count: Int { header.count }
  var formerAncestors: [Any.Type] { header.formerAncestors }
  var weakObjects: [WeakEntry] { header.weakObjects }

  /// Entry `index`'s fields, read one by one: the flag is never copied non-atomically.
  func entry(at index: Int) -> EntryInfo {
    withUnsafeMutablePointerToElements { elements in
      let entry = elements + index
      return EntryInfo(
        type: entry.pointer(to: \.type)!.pointee,
        router: entry.pointer(to: \.router)!.pointee,
        parentRouter: entry.pointer(to: \.parentRouter)!.pointee,
        role: entry.pointer(to: \.role)!.pointee)
    }
  }

  /// How many entries' objects may still be alive (flags still set, weak references not nil).
  var liveObjectCount: Int {
    var count = 0
    for index in 0..<self.count where isFlagSet(at: index) { count += 1 }
    return count + liveWeakObjects.count
  }

  /// The views and presenters still alive whose router was not attached again (those are not
  /// expected to go away).
  var liveWeakObjects: [WeakEntry] {
    weakObjects.filter { $0.object.object != nil && !isHandedOver(at: $0.router) }
  }

  /// Initializes entry `index` for an object that will flag its own deallocation.
  private func initializeEntry(
    at index: Int, role: LeakedObject.Role, type: Any.Type, router: Int, parentRouter: Int32
  ) {
    withUnsafeMutablePointerToElements { elements in
      (elements + index).initialize(
        to: Entry(
          type: type, router: Int32(truncatingIfNeeded: router), parentRouter: parentRouter,
          role: role))
    }
  }

  /// Adds a view or presenter, watched through a weak reference.
  func appendWeak(role: LeakedObject.Role, object: AnyObject, router: Int) {
    header.weakObjects.append(
      WeakEntry(
        role: role, type: Swift.type(of: object), router: router, object: WeakObject(object)))
  }

  /// The address of entry `index`'s flag; valid as long as the batch is alive.
  func flagAddress(at index: Int) -> UnsafeMutablePointer<UInt8> {
    withUnsafeMutablePointerToElements { elements in
      (UnsafeMutableRawPointer(elements + index) + Self.flagOffset)
        .assumingMemoryBound(to: UInt8.self)
    }
  }

  /// Whether entry `index`'s object may still be alive.
  func isFlagSet(at index: Int) -> Bool {
    loadFlag(at: index) == 1
  }

  /// Whether entry `index`'s object was attached again after this batch was made.
  func isHandedOver(at index: Int) -> Bool {
    loadFlag(at: index) == Self.handedOverFlag
  }

  private func loadFlag(at index: Int) -> UInt8 {
    ribcage_atomic_load_flag(flagAddress(at: index))
  }
}

/// A weak reference to a tracked view or presenter.
final class WeakObject: @unchecked Sendable {
  weak var object: AnyObject?

  init(_ object: AnyObject) {
    self.object = object
  }
}
