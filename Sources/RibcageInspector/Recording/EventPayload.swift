@_spi(RibcageInspection) import Ribcage

/// What an event records beyond an ``EventRecord``'s numbers, kept as the value it was: a view
/// model is encoded only when the ring is read, streamed or written, never when it renders.
///
/// Three words at most: its size is memory and writes on every event that has one (a render
/// kept in place has none: its record points at its value). The rare, larger events (a plugin attaching, a deep link) are boxed
/// (`indirect`): an allocation each, where the event itself allocates anyway. A keyframe is
/// held by its segment (``RecordSegment/keyframe``), reused with it: its record has no payload.
enum EventPayload {
  case none
  /// A rendered view model that came boxed (`Encodable` or not: the record has its type). One
  /// kept in place needs no payload: its record points into its chunk.
  case viewModel(KeptViewModel)
  case mark(String)
  indirect case plugin(PluginEvent)
  indirect case diagnostic(TreeDiagnostic)
  indirect case leak(LeakReport)
  indirect case flag(FlagStore.Change)
  indirect case workflow(WorkflowEvent)
  indirect case link(DeepLinkEvent)
}

extension EventPayload {
  /// What a boxed case's box holds beyond the payload itself (its header and the value), which
  /// the budget counts with it: the box is memory the recorder keeps as long as the event.
  var boxedBytes: Int {
    let header = 2 * MemoryLayout<Int>.stride
    switch self {
    case .none, .mark, .viewModel(.stored): return 0
    case .viewModel(.boxed): return header + MemoryLayout<Any>.stride
    case .plugin: return header + MemoryLayout<PluginEvent>.stride
    case .diagnostic: return header + MemoryLayout<TreeDiagnostic>.stride
    case .leak: return header + MemoryLayout<LeakReport>.stride
    case .flag: return header + MemoryLayout<FlagStore.Change>.stride
    case .workflow: return header + MemoryLayout<WorkflowEvent>.stride
    case .link: return header + MemoryLayout<DeepLinkEvent>.stride
    }
  }
}
