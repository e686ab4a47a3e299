/// Encodes `Encodable` values straight to compact JSON bytes, in one pass, for the session
/// recorder: it encodes every rendered view model on the main thread, and Foundation's
/// `JSONEncoder` (a tree of boxed values, then a serializing walk over it) costs 5–20 µs for a
/// small struct on Linux. This encoder writes each piece of text as `encode(to:)` hands it over,
/// into one buffer it keeps between calls, with no intermediate values.
///
/// ```swift
/// var encoder = ViewModelEncoder()
/// var json: [UInt8] = []
/// try encoder.encode(viewModel, into: &json)  // {"title":"Ride","rows":[{"name":"X"}]}
/// ```
///
/// The text matches `JSONEncoder` with its default strategies, except where noted:
/// - Keys come out in the order they are encoded, not sorted. A key encoded twice in one object
///   is written twice (`JSONEncoder` keeps the last; most parsers, Foundation's included, keep
///   the last too, but the package's `JSONParser` rejects duplicates). `/` is not escaped.
/// - Nothing here knows Foundation, so `Date`, `Data`, `URL` and `Decimal` encode through their
///   own conformances: a `Date` is its `timeIntervalSinceReferenceDate` (the same as
///   `JSONEncoder`'s default `.deferredToDate`), but `Data` is an array of byte values rather
///   than base64, a `URL` an object (`{"relative":"https://…"}`) rather than a string, and a
///   `Decimal` an object of its parts rather than a number.
/// - A value that encodes nothing is `{}`, at the top level too (where `JSONEncoder` throws).
/// - Being one pass, a nested container (or `superEncoder`) is finished as soon as its parent
///   container writes again. Writing to it after that throws instead of reaching back into text
///   already written. Synthesized conformances never do this; hand-written ones rarely do.
/// - Containers asked for in a way `JSONEncoder` traps on (a keyed container where an array was
///   already encoded, a second value through a single value container) throw instead.
/// - Values nested more than ``maximumDepth`` deep, or deep enough to take ``stackBudget`` of
///   stack, throw: a class graph with a cycle would otherwise recurse until the stack overflows.
/// - `codingPath` holds stand-in keys with the real keys' string values (array elements:
///   their index), since only those are kept.
/// - The keyed container a value asks its encoder for is made once per key type and depth, and
///   handed out again to the next value of that type there (making one costs more than all the
///   members a small struct writes). So a keyed container kept past its value's `encode(to:)`,
///   and used once another value of the same type is being encoded at the same depth, writes
///   into that value, where otherwise it throws. Nested containers are made fresh each time.
///
/// Not `Sendable`: an encoder belongs to the thread that records. A copy of an encoder is
/// independent (it gets its own buffer the first time it encodes).
struct ViewModelEncoder {
  /// How deep values and containers may nest. JSON text nested this deep is no view model: it is
  /// almost certainly a cycle, which is reported rather than recursed on.
  static let maximumDepth = 512

  /// How much stack nested values may take before encoding stops as if they nested too deep.
  /// A depth alone does not keep the stack from overflowing: a level takes about 0.9 KB of stack
  /// in an optimized build but about 3 KB unoptimized, and a secondary thread (Swift
  /// concurrency's among them, on Apple platforms) has only 512 KB.
  static let stackBudget = 256 * 1_024

  private var owner = Owner()

  init() {}

  /// Appends the JSON of `value` to `bytes`.
  ///
  /// Typed throws: the `Encoder` protocols underneath throw untyped errors, and those are caught
  /// here, so callers see one error type. An error thrown by `value`'s own `encode(to:)` is
  /// wrapped, its description as the ``ViewModelEncodingError/reason``.
  ///
  /// - Throws: ``ViewModelEncodingError`` for values JSON cannot hold (a non-finite number), for
  ///   nesting beyond ``maximumDepth`` or ``stackBudget``, for containers used out of order,
  ///   and for errors the value throws itself. `bytes` is then left as it was.
  mutating func encode(
    _ value: some Encodable, into bytes: inout [UInt8]
  ) throws(ViewModelEncodingError) {
    // A copy of this encoder shares the stream until one of them encodes: they must not write
    // into each other's text. (Containers hold the stream, never the owner.)
    if !isKnownUniquelyReferenced(&owner) { owner = Owner() }
    let stream = owner.stream
    let root = stream.begin()
    defer { stream.end() }
    do {
      try value.encode(to: ValueEncoder(stream: stream, slot: root))
      try stream.finishRoot()
    } catch {
      throw stream.encodingError(for: error)
    }
    stream.copy(into: &bytes)
  }
}
