@_spi(RibcageJSON) import Ribcage

/// The growing buffer of bytes the inspector's JSON writers write into — the session line
/// writer and the view model encoder's stream, one copy of the code for both. Its owner keeps it
/// in a stored property it reads without exclusivity checks, and frees it in its `deinit`: a
/// struct of three words, so a write is a field access rather than a call through a reference
/// or an `Array`'s uniqueness check.
///
/// Strings and numbers are written with `JSONText`, as by every JSON writer of the package.
struct JSONBytes {
  /// Where the bytes are.
  private(set) var base: UnsafeMutablePointer<UInt8>
  /// How many bytes `base` has room for.
  private(set) var capacity: Int
  /// How many bytes are written.
  var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  /// Frees the memory (the owner's `deinit` calls it once).
  func deallocate() {
    base.deallocate()
  }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  mutating func reserve(_ extra: Int) {
    if count &+ extra > capacity { grow(to: count &+ extra) }
  }

  private mutating func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  /// Forgets what was written, and gives back memory beyond `retained` bytes.
  mutating func removeAll(retaining retained: Int) {
    count = 0
    guard capacity > retained else { return }
    base.deallocate()
    capacity = retained
    base = .allocate(capacity: capacity)
  }

  @inline(__always)
  mutating func append(byte: UInt8) {
    reserve(1)
    base[count] = byte
    count &+= 1
  }

  @inline(__always)
  mutating func append(_ start: UnsafePointer<UInt8>, _ length: Int) {
    reserve(length)
    (base + count).update(from: start, count: length)
    count &+= length
  }

  @inline(__always)
  mutating func appendLiteral(_ literal: StaticString) {
    append(literal.utf8Start, literal.utf8CodeUnitCount)
  }

  /// Appends the decimal digits of `value`.
  @inline(__always)
  mutating func appendDecimal(_ value: UInt64) {
    reserve(JSONText.longestDecimal)
    count &+= JSONText.writeDecimal(value, at: base + count)
  }

  /// Appends the escape of `byte`, one that must be escaped in a JSON string.
  mutating func appendEscape(for byte: UInt8) {
    reserve(JSONText.longestEscape)
    count &+= JSONText.writeEscape(for: byte, at: base + count)
  }
}
