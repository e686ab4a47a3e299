/// The work bound to an interactor's active period or a worker's started period, in binding
/// order, each under an id so that work which ends early can leave the list at once.
@MainActor
struct BoundWorkList {
  private var items: [(id: UInt64, work: any CancellableWork)] = []
  private var nextID: UInt64 = 0

  /// How many pieces of work are bound.
  var count: Int { items.count }

  /// An id for work about to be created (a task that must know its id before it starts).
  mutating func reserveID() -> UInt64 {
    nextID &+= 1
    return nextID
  }

  /// Binds `work` under an id from ``reserveID()``.
  mutating func insert(_ work: any CancellableWork, id: UInt64) {
    items.append((id, work))
  }

  /// Binds `work`; returns its id.
  mutating func append(_ work: any CancellableWork) -> UInt64 {
    let id = reserveID()
    items.append((id, work))
    return id
  }

  /// Releases the work bound under `id`, if it is still bound (it ended by itself).
  mutating func remove(_ id: UInt64) {
    // The newest work ends first most often: search from the end.
    var index = items.count
    while index > 0 {
      index -= 1
      if items[index].id == id {
        items.remove(at: index)
        return
      }
    }
  }

  /// Empties the list and returns what it held, in binding order, to be cancelled by the
  /// caller: cancelling runs user code, which must not find the list in the middle of a change.
  mutating func takeAll() -> [any CancellableWork] {
    guard !items.isEmpty else { return [] }
    let work = items.map(\.work)
    items.removeAll()
    return work
  }
}

/// Work that can say when it has ended by itself, so that whatever binds it can let go early.
@MainActor
protocol EndObservableWork: CancellableWork {
  /// Calls `handler` once, on the main actor, when the work has ended (finished or cancelled).
  func whenEnded(_ handler: @escaping @MainActor @Sendable () -> Void)
}

extension Task: EndObservableWork {
  func whenEnded(_ handler: @escaping @MainActor @Sendable () -> Void) {
    let task = self
    Task<Void, Never> { @MainActor in
      _ = await task.result
      handler()
    }
  }
}
