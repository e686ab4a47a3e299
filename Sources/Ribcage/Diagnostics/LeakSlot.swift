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
  var index = 0

  /// Records that the object is gone. Safe on any thread.
  func markDeallocated() {
    batch?.clearFlag(at: index)
  }

  /// The object is back in a tree (or tracked by a newer batch): stop expecting it to go away.
  mutating func handOver() {
    guard let batch else { return }
    batch.clearFlag(at: index)
    self.batch = nil
  }
}

/// The objects of one detached subtree, waiting for the grace period to pass.
///
/// Entries are written once, before any slot refers to the batch; the flags are written by
/// deinitializers, possibly off the main thread, hence the atomic byte operations.
final class LeakBatch: @unchecked Sendable {
  struct Entry {
    let role: LeakedObject.Role
    let type: Any.Type
    /// The index of the router entry this object belongs to (itself, for a router).
    let router: Int
    /// The index of the parent router's entry, or -1 for the detached subtree's root.
    let parentRouter: Int
  }

  let entries: [Entry]
  /// Views and presenters are not Ribcage classes, so they are held weakly instead of flagged.
  let weakObjects: [(entry: Int, object: WeakObject)]
  /// The types of the routers above the subtree when it was detached, root first.
  let formerAncestors: [Any.Type]
  private let flags: UnsafeMutablePointer<UInt8>

  init(entries: [Entry], weakObjects: [(entry: Int, object: WeakObject)], ancestors: [Any.Type]) {
    self.entries = entries
    self.weakObjects = weakObjects
    self.formerAncestors = ancestors
    flags = .allocate(capacity: max(entries.count, 1))
    flags.initialize(repeating: 1, count: max(entries.count, 1))
  }

  deinit {
    flags.deallocate()
  }

  func clearFlag(at index: Int) {
    ribcage_atomic_store_flag(flags + index, 0)
  }

  func isFlagSet(at index: Int) -> Bool {
    ribcage_atomic_load_flag(flags + index) != 0
  }
}

/// A weak reference to a tracked view or presenter.
final class WeakObject: @unchecked Sendable {
  weak var object: AnyObject?

  init(_ object: AnyObject) {
    self.object = object
  }
}
