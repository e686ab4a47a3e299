/// How the root package writes JSON text, in one place: every writer — the session recorder's
/// lines, the view model encoder, `JSONValue`, tree snapshots — escapes strings and writes
/// integers with these functions, so the same string is the same text whoever writes it.
///
/// A string escapes `"`, `\` and the control characters below U+0020 — `\b \f \n \r \t` where
/// JSON has a short escape, `\u00xx` (lowercase) for the others — and nothing else: `/`, DEL and
/// every non-ASCII character (U+2028 included) are written as UTF-8. That is what RFC 8259
/// requires and what `JSONEncoder` writes.
///
/// The functions write through raw pointers into memory the caller reserved: the recorder and
/// the encoder write hundreds of thousands of strings and numbers a second, and keep their own
/// buffers. They are inlinable so that each writer gets them compiled into its own loop. SPI
/// (`RibcageJSON`), not `package`: Swift 6.3 did not inline `package` inlinable functions into
/// `RibcageInspector` (a call per string; measured with callgrind), public ones it does.
@_spi(RibcageJSON) public enum JSONText {
  /// The longest escape: `\u00xx`.
  @inlinable public static var longestEscape: Int { 6 }

  /// The most digits a `UInt64` has.
  @inlinable public static var longestDecimal: Int { 20 }

  /// Whether `byte` must be escaped inside a JSON string.
  @inlinable @inline(__always)
  public static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Whether any of the eight bytes in `word` must be escaped. `(x - 0x01…) & ~x & 0x80…` is
  /// nonzero exactly when some byte of `x` is zero (a borrow can only set bits above a byte
  /// that really is zero); applied to `word - 0x20…` it finds bytes below 0x20, and to `word`
  /// with quotes or backslashes turned to zero, those.
  @inlinable @inline(__always)
  public static func needsEscape(word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let control = (word &- ones &* 0x20) & ~word
    let quote = (quotes &- ones) & ~quotes
    let backslash = (backslashes &- ones) & ~backslashes
    return (control | quote | backslash) & highBits != 0
  }

  /// Copies the bytes of `utf8` to `destination` (room for `utf8.count`) up to the first one
  /// that must be escaped, and returns how many it copied. Eight bytes at a time, the last word
  /// overlapping the one before, and a short string as two overlapping halves: a per-byte loop,
  /// or a scan and a `memmove` call, made strings the largest part of encoding a view model.
  @inlinable @inline(__always)
  public static func copyPlain(
    _ utf8: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>
  ) -> Int {
    guard let start = utf8.baseAddress else { return 0 }
    let source = UnsafeRawPointer(start)
    let target = UnsafeMutableRawPointer(destination)
    let length = utf8.count
    if length >= 8 {
      var index = 0
      while index &+ 8 <= length {
        let word = source.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if needsEscape(word: word) { return copyPlainBytes(utf8, to: destination, from: index) }
        target.storeBytes(of: word, toByteOffset: index, as: UInt64.self)
        index &+= 8
      }
      if index < length {
        let word = source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
        if needsEscape(word: word) { return copyPlainBytes(utf8, to: destination, from: index) }
        target.storeBytes(of: word, toByteOffset: length &- 8, as: UInt64.self)
      }
      return length
    }
    if length >= 4 {
      let head = source.loadUnaligned(as: UInt32.self)
      let tail = source.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
      if needsEscape(word: UInt64(head) | UInt64(tail) &<< 32) {
        return copyPlainBytes(utf8, to: destination, from: 0)
      }
      target.storeBytes(of: head, as: UInt32.self)
      target.storeBytes(of: tail, toByteOffset: length &- 4, as: UInt32.self)
      return length
    }
    return copyPlainBytes(utf8, to: destination, from: 0)
  }

  /// `copyPlain` one byte at a time, from `from`.
  @inlinable
  public static func copyPlainBytes(
    _ utf8: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, from: Int
  ) -> Int {
    var index = from
    while index < utf8.count {
      let byte = utf8[index]
      if needsEscape(byte) { break }
      destination[index] = byte
      index &+= 1
    }
    return index
  }

  /// Writes the escape of `byte` (one that must be escaped) at `destination`, which has room
  /// for ``longestEscape`` bytes, and returns its length.
  @inlinable
  public static func writeEscape(for byte: UInt8, at destination: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    destination[0] = UInt8(ascii: "\\")
    let short: UInt8 =
      switch byte {
      case UInt8(ascii: "\""): UInt8(ascii: "\"")
      case UInt8(ascii: "\\"): UInt8(ascii: "\\")
      case 0x0A: UInt8(ascii: "n")
      case 0x0D: UInt8(ascii: "r")
      case 0x09: UInt8(ascii: "t")
      case 0x08: UInt8(ascii: "b")
      case 0x0C: UInt8(ascii: "f")
      default: 0
      }
    if short != 0 {
      destination[1] = short
      return 2
    }
    let hex = hexDigits.utf8Start
    destination[1] = UInt8(ascii: "u")
    destination[2] = UInt8(ascii: "0")
    destination[3] = UInt8(ascii: "0")
    destination[4] = hex[Int(byte >> 4)]
    destination[5] = hex[Int(byte & 0xF)]
    return longestEscape
  }

  /// Writes the decimal digits of `value` at `destination`, which has room for
  /// ``longestDecimal`` bytes, and returns how many it wrote. Two digits per division, from
  /// the right.
  @inlinable
  public static func writeDecimal(_ value: UInt64, at destination: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    if value < 10 {
      destination[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
      return 1
    }
    var digits = 2
    var limit: UInt64 = 100
    while digits < longestDecimal, value >= limit {
      digits &+= 1
      limit &*= 10
    }
    let pairs = digitPairs.utf8Start
    var remaining = value
    var position = digits
    while remaining >= 100 {
      let pair = Int(truncatingIfNeeded: remaining % 100) &* 2
      remaining /= 100
      position &-= 2
      destination[position] = pairs[pair]
      destination[position &+ 1] = pairs[pair &+ 1]
    }
    if remaining >= 10 {
      let pair = Int(truncatingIfNeeded: remaining) &* 2
      destination[position &- 2] = pairs[pair]
      destination[position &- 1] = pairs[pair &+ 1]
    } else {
      destination[position &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
    }
    return digits
  }

  /// Appends `text` to `bytes` as a quoted JSON string: for writers that build an array or a
  /// `String` rather than keeping a buffer of their own.
  public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      bytes.append(UInt8(ascii: "\""))
      var runStart = 0
      var escape: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0)
      for index in utf8.indices where needsEscape(utf8[index]) {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        withUnsafeMutableBytes(of: &escape) { buffer in
          let start = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
          let length = writeEscape(for: utf8[index], at: start)
          bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: length))
        }
        runStart = index &+ 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
      bytes.append(UInt8(ascii: "\""))
    }
  }

  /// `text` as a quoted JSON string.
  public static func quoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count &+ 2)
    appendQuoted(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// "00" "01" ... "99": two digits per table read. Computed, so reading it is a constant, not a
  /// lazily initialised global.
  // swift-format-ignore
  @usableFromInline static var digitPairs: StaticString { "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899" }

  @usableFromInline static var hexDigits: StaticString { "0123456789abcdef" }
}
