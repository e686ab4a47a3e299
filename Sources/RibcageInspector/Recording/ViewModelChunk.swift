/// A run of view models of one type, kept in place as the values they are: what render records,
/// the RIB table and keyframes point into. Segments whose renders are in it and keyframes hold
/// it (records and the table point in unretained); its ``ViewModelStore`` keeps it for good and
/// empties and reuses it once nothing else holds it.
final class ViewModelChunk {
  private let layout: ViewModelLayout
  private let storage: UnsafeMutableRawPointer
  let capacity: Int
  @exclusivity(unchecked) private(set) var count = 0
  /// The serial of the last segment that holds it (``RecordSegment/hold(_:serial:)``).
  @exclusivity(unchecked) var heldBySegment = -1

  init(layout: ViewModelLayout, capacity: Int) {
    self.layout = layout
    self.capacity = capacity
    storage = UnsafeMutableRawPointer.allocate(
      byteCount: layout.stride * capacity, alignment: layout.alignment)
  }

  deinit {
    removeAll()
    storage.deallocate()
  }

  var isFull: Bool { count == capacity }

  /// Copies `value` in; returns its index. The chunk must not be full, and `ViewModel` must be
  /// the type its layout was learnt from.
  @inline(__always)
  func append<ViewModel>(_ value: ViewModel) -> Int32 {
    (storage + count &* layout.stride).initializeMemory(as: ViewModel.self, to: value)
    count &+= 1
    return Int32(truncatingIfNeeded: count &- 1)
  }

  /// The value at `index`, boxed.
  func value(at index: Int32) -> Any {
    layout.load(storage + Int(index) * layout.stride)
  }

  /// Destroys every value, keeping the memory.
  func removeAll() {
    layout.destroy(storage, count)
    count = 0
  }
}
