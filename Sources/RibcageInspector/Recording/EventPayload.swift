@_spi(RibcageInspection) import Ribcage

/// What an event records beyond an ``EventRecord``'s numbers, kept as the value it was: a view
/// model is encoded only when the ring is read, streamed or written, never when it renders.
enum EventPayload {
  case none
  /// A keyframe: every RIB's whole state, the flags and the running workflows.
  case keyframe(Keyframe)
  /// A rendered view model (`Encodable` or not: the record has its type).
  case viewModel(KeptViewModel)
  case mark(String)
  case plugin(PluginEvent)
  case diagnostic(TreeDiagnostic)
  case leak(LeakReport)
  case flag(FlagStore.Change)
  case workflow(WorkflowEvent)
  case link(DeepLinkEvent)
}
