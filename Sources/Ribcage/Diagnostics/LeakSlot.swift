import _RibcageAtomics

/// Where a detached router or interactor keeps its place in a ``LeakBatch``: set at detach,
/// marked when the object is deallocated, handed over if it is attached again.
///
/// Routers and interactors are Ribcage's own classes, so instead of weak references (which cost
/// a side-table allocation per object) each one holds its batch strongly and flips its own flag
/// in `deinit`. Holding the batch is what makes the common case cheap: once every object of a
/// batch is gone, the detector holds the only reference to it and needs to read no flags.
struct LeakSlot {
  var batch: LeakBatch?
  var index: Int32 = 0

  /// Records that the object is gone. Safe on any thread.
  func markDeallocated() {
    batch?.clearFlag(at: Int(index))
  }

  /// The object is back in a tree (or tracked by a newer batch): stop expecting it to go away.
  mutating func handOver() {
    guard batch != nil else { return }
    batch?.clearFlag(at: Int(index))
    batch = nil
  }

  /// Tracks the object as entry `index` of `batch`, handing over any earlier slot.
  mutating func assign(_ batch: LeakBatch, index: Int) {
    handOver()
    self.batch = batch
    self.index = Int32(truncatingIfNeeded: index)
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
    /// 1 while the object may be alive; cleared atomically by the object's deinit.
    var flag: UInt8 = 1
  }

  private static let flagOffset = MemoryLayout<Entry>.offset(of: \Entry.flag)!

  static func make(capacity: Int, ancestors: [Any.Type]) -> LeakBatch {
    let buffer = create(minimumCapacity: max(capacity, 1)) { _ in
      LeakBatchHeader(capacity: max(capacity, 1), formerAncestors: ancestors)
    }
    return unsafeDowncast(buffer, to: LeakBatch.self)
  }

  deinit {
    _ = withUnsafeMutablePointers { header, elements in
      elements.deinitialize(count: header.pointee.count)
    }
  }

  var count: Int { header.count }
  var formerAncestors: [Any.Type] { header.formerAncestors }
  var weakObjects: [WeakEntry] { header.weakObjects }

  func entry(at index: Int) -> Entry {
    withUnsafeMutablePointerToElements { $0[index] }
  }

  /// Initializes entry `index` for an object that will flag its own deallocation. Every entry
  /// below the capacity given to ``make(capacity:ancestors:)`` must be initialized once, then
  /// ``didInitializeEntries(count:)`` called, before the batch is read.
  func initializeEntry(
    at index: Int, role: LeakedObject.Role, type: Any.Type, router: Int, parentRouter: Int32
  ) {
    withUnsafeMutablePointerToElements { elements in
      (elements + index).initialize(
        to: Entry(
          type: type, router: Int32(truncatingIfNeeded: router), parentRouter: parentRouter,
          role: role))
    }
  }

  /// Records that entries `0..<count` are initialized.
  func didInitializeEntries(count: Int) {
    precondition(count <= header.capacity, "LeakBatch capacity exceeded")
    header.count = count
  }

  /// Adds a view or presenter, watched through a weak reference.
  func appendWeak(role: LeakedObject.Role, object: AnyObject, router: Int) {
    header.weakObjects.append(
      WeakEntry(
        role: role, type: Swift.type(of: object), router: router, object: WeakObject(object)))
  }

  func clearFlag(at index: Int) {
    withUnsafeMutablePointerToElements { elements in
      let flag = (UnsafeMutableRawPointer(elements + index) + Self.flagOffset)
        .assumingMemoryBound(to: UInt8.self)
      ribcage_atomic_store_flag(flag, 0)
    }
  }

  func isFlagSet(at index: Int) -> Bool {
    withUnsafeMutablePointerToElements { elements in
      let flag = (UnsafeMutableRawPointer(elements + index) + Self.flagOffset)
        .assumingMemoryBound(to: UInt8.self)
      return ribcage_atomic_load_flag(flag) != 0
    }
  }
}

/// A weak reference to a tracked view or presenter.
final class WeakObject: @unchecked Sendable {
  weak var object: AnyObject?

  init(_ object: AnyObject) {
    self.object = object
  }
}
