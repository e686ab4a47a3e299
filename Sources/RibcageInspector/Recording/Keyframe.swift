@_spi(RibcageInspection) import Ribcage

/// Everything a keyframe line says, captured when the keyframe is recorded: every RIB's whole
/// state (id, parent, naming, active, loaded, view, last view model), the flags and the running
/// workflows. A segment of the ring starts with one, so what the ring keeps always rebuilds.
///
/// Entries are plain numbers, and the view models a list beside them: writing, copying and
/// emptying a keyframe's entries touches no reference count (a keyframe of a tree of a hundred
/// RIBs is written every thousand events).
struct Keyframe {
  /// One RIB as it was.
  struct RIB {
    var id: UInt64
    /// The parent's id, 0 for a root.
    var parent: UInt64
    /// Index in the table's namings.
    var naming: Int32
    var isActive: Bool
    var isLoaded: Bool
    var hasView: Bool
  }

  var ribs: [RIB] = []
  /// Entries ``ribs`` was given room for, and the most view models ``viewModels`` has held (the
  /// arrays' capacities may be more, as the allocator rounds): what the budget counts, the same
  /// in every run.
  var room = 0
  var viewModelRoom = 0
  /// The last view model of each RIB that rendered one: the entry's index in ``ribs``, in
  /// increasing order.
  var viewModels: [(rib: Int, viewModel: RenderedViewModel)] = []
  /// The flags' effective values, when flags are recorded.
  var flags: [(key: String, value: ScalarValue, source: FlagSource)]?
  var isCoreOnly = false
  /// Running workflows, by run.
  var workflows: [(run: UInt64, kind: String)] = []

  /// What ``viewModels`` and the table keep of a render: its type (index in the
  /// ``ViewModelTypes``) and the value.
  struct RenderedViewModel {
    var type: Int32
    var value: KeptViewModel
  }

  /// An empty keyframe with room for `room` entries.
  init(room: Int) {
    ribs.reserveCapacity(room)
    self.room = room
  }

  /// Bytes it counts for in the recorder's budget: the room for its entries (one reused from an
  /// earlier keyframe may have more than it holds), its view models, and each view model at
  /// its type's encoded size.
  func countedBytes(viewModelTypes: ViewModelTypes) -> Int {
    var bytes = max(room, ribs.count) * MemoryLayout<RIB>.stride + 64
    bytes +=
      max(viewModelRoom, viewModels.count)
      * MemoryLayout<(rib: Int, viewModel: RenderedViewModel)>.stride
    for index in viewModels.indices {
      bytes += viewModelTypes.estimatedBytes(of: viewModels[index].viewModel.type)
    }
    bytes += (flags?.count ?? 0) * 48 + workflows.count * 32
    return bytes
  }

  /// Bytes it holds, full or not: what an emptied keyframe kept for reuse takes.
  var reservedBytes: Int {
    room * MemoryLayout<RIB>.stride + viewModelRoom
      * MemoryLayout<(rib: Int, viewModel: RenderedViewModel)>.stride
  }

  /// Makes room for `count` view models (at once: grown by appending, the array could hold
  /// twice what the budget counts).
  mutating func reserveViewModels(_ count: Int) {
    guard count > viewModels.capacity else { return }
    viewModels.reserveCapacity(count)
    viewModelRoom = max(viewModelRoom, count)
  }

  /// Empties it, keeping the memory of its entries and view models.
  mutating func removeAll() {
    viewModelRoom = max(viewModelRoom, viewModels.count)
    ribs.removeAll(keepingCapacity: true)
    viewModels.removeAll(keepingCapacity: true)
    flags = nil
    isCoreOnly = false
    workflows = []
  }
}
