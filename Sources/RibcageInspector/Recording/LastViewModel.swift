/// What the RIB table keeps of a RIB's last render, for the next keyframe: its type and where
/// its value is. Plain numbers, so that a render writes it without touching a reference count.
///
/// A value kept in place is held unretained. Its chunk is always held by the segment being
/// written too — by the segment's list of the chunks its renders are in
/// (``RecordSegment/hold(_:serial:)``), or by the keyframe the segment starts with, which copies
/// the value from the table — and a chunk is emptied for reuse only once nothing holds it, so
/// the reference stays good while it is the RIB's last render.
struct LastViewModel {
  /// Index in the ``ViewModelTypes``.
  let type: Int32
  /// The value's index in `chunk`; -1, with no chunk, for a type whose values are not kept
  /// (not written: view models not encoded, or a type not `Encodable`).
  let index: Int32
  /// The chunk the value is in; `nil` for a boxed value (rare), which the table keeps apart.
  let chunk: Unmanaged<ViewModelChunk>?
}
