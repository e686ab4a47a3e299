@_spi(RibcageInspection) import Ribcage

/// Everything a keyframe line says, captured when the keyframe is recorded: every RIB's whole
/// state (id, parent, naming, active, loaded, view, last view model), the flags and the running
/// workflows. A segment of the ring starts with one, so what the ring keeps always rebuilds.
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
    /// The last view model it rendered.
    var viewModel: RenderedViewModel?
  }

  var ribs: [RIB] = []
  /// The flags' effective values, when flags are recorded.
  var flags: [(key: String, value: ScalarValue, source: FlagSource)]?
  var isCoreOnly = false
  /// Running workflows, by run.
  var workflows: [(run: UInt64, kind: String)] = []

  /// What ``RIB/viewModel`` and the table keep of a render: its type (index in the
  /// ``ViewModelTypes``) and the value.
  struct RenderedViewModel {
    var type: Int32
    var value: KeptViewModel
  }

  /// Bytes it counts for in the recorder's budget: its entries, and each view model at its
  /// type's encoded size.
  func countedBytes(viewModelTypes: ViewModelTypes) -> Int {
    var bytes = ribs.count * MemoryLayout<RIB>.stride + 64
    for rib in ribs {
      if let viewModel = rib.viewModel {
        bytes += viewModelTypes.estimatedBytes(of: viewModel.type)
      }
    }
    bytes += (flags?.count ?? 0) * 48 + workflows.count * 32
    return bytes
  }
}
