/// How the values of one view model type lie in memory, and what a ``ViewModelChunk`` needs to
/// destroy them or read one back without knowing the type statically: learnt once per type,
/// from the first value the recorder keeps.
struct ViewModelLayout {
  let stride: Int
  let alignment: Int
  /// Deinitializes `count` values from the pointer on.
  let destroy: (UnsafeMutableRawPointer, Int) -> Void
  /// A copy of the value at the pointer, boxed: for the formatter, when the ring is read.
  let load: (UnsafeRawPointer) -> Any

  init<ViewModel>(of _: ViewModel.Type) {
    stride = Swift.max(MemoryLayout<ViewModel>.stride, 1)
    alignment = MemoryLayout<ViewModel>.alignment
    destroy = { start, count in
      start.assumingMemoryBound(to: ViewModel.self).deinitialize(count: count)
    }
    load = { start in start.load(as: ViewModel.self) }
  }
}
