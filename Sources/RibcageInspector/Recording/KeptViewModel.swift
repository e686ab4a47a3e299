/// A view model the recorder holds (in keyframes; a boxed render's payload, and a RIB's last
/// render in the table when it came boxed): in place in a ``ViewModelChunk``, or boxed when it
/// came as `Any` (from the ``TreeContext/renders`` stream) or its dynamic type is not the one it
/// was rendered as.
///
/// Two words: the boxed case, rare, is `indirect` (an existential would make it four words and
/// a half).
enum KeptViewModel {
  case stored(ViewModelChunk, Int32)
  indirect case boxed(Any)

  /// The value, boxed: for the formatter, when the ring is read.
  var value: Any {
    switch self {
    case .stored(let chunk, let index): chunk.value(at: index)
    case .boxed(let value): value
    }
  }
}
