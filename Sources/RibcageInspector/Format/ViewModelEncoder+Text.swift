@_spi(RibcageJSON) import Ribcage

extension ViewModelEncoder.Stream {
  // MARK: Text

  @inline(__always)
  private func reserve(_ extra: Int) {
    text.reserve(extra)
  }

  @inline(__always)
  func append(byte: UInt8) {
    text.append(byte: byte)
  }

  @inline(__always)
  func append(_ start: UnsafePointer<UInt8>, _ length: Int) {
    text.append(start, length)
  }

  @inline(__always)
  func appendLiteral(_ literal: StaticString) {
    text.appendLiteral(literal)
  }

  /// Writes `value` if it is one of the types JSON writes as a scalar, and says whether it
  /// was. Comparing type identities is a pointer comparison each when `T` is only known at run
  /// time (an array's elements), and folds away entirely where it is known.
  @inline(__always)
  func appendScalar<T>(_ value: T) throws -> Bool {
    if T.self == String.self {
      appendStringValue(unsafeBitCast(value, to: String.self))
    } else if T.self == Int.self {
      appendInteger(unsafeBitCast(value, to: Int.self))
    } else if T.self == Bool.self {
      appendLiteral(unsafeBitCast(value, to: Bool.self) ? "true" : "false")
    } else if T.self == Double.self {
      try appendNumber(unsafeBitCast(value, to: Double.self))
    } else if T.self == Float.self {
      try appendNumber(unsafeBitCast(value, to: Float.self))
    } else if T.self == Int64.self {
      appendInteger(unsafeBitCast(value, to: Int64.self))
    } else if T.self == UInt64.self {
      appendInteger(unsafeBitCast(value, to: UInt64.self))
    } else if T.self == UInt.self {
      appendInteger(unsafeBitCast(value, to: UInt.self))
    } else if T.self == Int32.self {
      appendInteger(unsafeBitCast(value, to: Int32.self))
    } else if T.self == UInt32.self {
      appendInteger(unsafeBitCast(value, to: UInt32.self))
    } else if T.self == Int16.self {
      appendInteger(unsafeBitCast(value, to: Int16.self))
    } else if T.self == UInt16.self {
      appendInteger(unsafeBitCast(value, to: UInt16.self))
    } else if T.self == Int8.self {
      appendInteger(unsafeBitCast(value, to: Int8.self))
    } else if T.self == UInt8.self {
      appendInteger(unsafeBitCast(value, to: UInt8.self))
    } else if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *),
      T.self == Int128.self || T.self == UInt128.self
    {
      appendWideInteger(value)
    } else {
      return false
    }
    return true
  }

  /// Writes `,"key":` (no comma first in an empty object). One copy of the string writer
  /// for every key, and one for every string value (`appendStringValue`): inlined into each
  /// specialized `encode` instead, it would grow the code by a hundred kilobytes.
  @inline(never)
  func appendKey(_ name: String) {
    separate()
    appendString(name, colon: true)
  }

  @inline(never)
  private func appendStringValue(_ value: String) {
    appendString(value)
  }

  /// Writes `value` as a JSON string, and a colon after it for a key.
  @inline(__always)
  private func appendString(_ value: String, colon: Bool = false) {
    // Not `withUTF8`, which is mutating: a copy to call it on costs a retain and release.
    let done: Void? = value.utf8.withContiguousStorageIfAvailable { utf8 in
      appendQuoted(utf8, colon: colon)
    }
    if done == nil {
      var value = value
      value.withUTF8 { appendQuoted($0, colon: colon) }
    }
  }

  @inline(__always)
  private func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, colon: Bool) {
    let length = utf8.count
    reserve(length &+ 3)
    base[count] = UInt8(ascii: "\"")
    let plain = JSONText.copyPlain(utf8, to: base + (count &+ 1))
    guard plain == length else {
      count &+= 1 &+ plain
      return appendEscaped(utf8, from: plain, colon: colon)
    }
    // The usual case: nothing to escape, and room reserved for both quotes and the colon.
    base[count &+ 1 &+ length] = UInt8(ascii: "\"")
    base[count &+ 2 &+ length] = UInt8(ascii: ":")
    count &+= colon ? length &+ 3 : length &+ 2
  }

  /// The rest of a string from the first byte that needs escaping, and its closing quote.
  private func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int, colon: Bool) {
    let length = utf8.count
    var runStart = start
    for index in start..<length {
      let byte = utf8[index]
      guard JSONText.needsEscape(byte) else { continue }
      append(utf8.baseAddress! + runStart, index &- runStart)
      appendEscape(for: byte)
      runStart = index &+ 1
    }
    append(utf8.baseAddress! + runStart, length &- runStart)
    append(byte: UInt8(ascii: "\""))
    if colon { append(byte: UInt8(ascii: ":")) }
  }

  private func appendEscape(for byte: UInt8) {
    text.appendEscape(for: byte)
  }

  private func appendInteger<Integer: FixedWidthInteger>(_ value: Integer) {
    if Integer.isSigned && value < 0 { append(byte: UInt8(ascii: "-")) }
    appendDecimal(UInt64(truncatingIfNeeded: value.magnitude))
  }

  private func appendDecimal(_ value: UInt64) {
    text.appendDecimal(value)
  }

  /// `Int128` and `UInt128`, digit by digit: rare enough not to need speed.
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  private func appendWideInteger<T>(_ value: T) {
    let magnitude: UInt128
    if T.self == Int128.self {
      let signed = unsafeBitCast(value, to: Int128.self)
      if signed < 0 { append(byte: UInt8(ascii: "-")) }
      magnitude = signed.magnitude
    } else {
      magnitude = unsafeBitCast(value, to: UInt128.self)
    }
    if magnitude <= UInt64.max {
      appendDecimal(UInt64(magnitude))
      return
    }
    var digits: [UInt8] = []
    var remaining = magnitude
    while remaining > 0 {
      digits.append(UInt8(ascii: "0") &+ UInt8(remaining % 10))
      remaining /= 10
    }
    for digit in digits.reversed() { append(byte: digit) }
  }

  /// Writes a finite `value` as `JSONEncoder` does: its `description` without a trailing
  /// `.0` (`1.5`, `1e-05`, `3`, `-0`). Whole numbers below 2^53 (2^24 for `Float`), which
  /// `description` writes in full, take the integer writer instead of making a string.
  private func appendNumber<Number: BinaryFloatingPoint & CustomStringConvertible>(
    _ value: Number
  ) throws {
    guard value.isFinite else {
      let name =
        value.isNaN ? "\(Number.self).nan" : "\(value < 0 ? "-" : "")\(Number.self).infinity"
      throw NonFiniteNumber(reason: "\(name) cannot be written as a JSON number")
    }
    // 2^53 for Double, 2^24 for Float. (Not `rounded(.towardZero)`: that can call libm's
    // `trunc`, and this file links nothing but the standard library.)
    let exactLimit = Number(1 << (Number.significandBitCount + 1))
    if value.magnitude < exactLimit {
      let integer = Int64(value)
      if Number(integer) == value {
        if integer == 0, value.sign == .minus {
          appendLiteral("-0")
        } else {
          appendInteger(integer)
        }
        return
      }
    }
    var text = value.description
    text.withUTF8 { utf8 in
      guard let start = utf8.baseAddress else { return }
      var length = utf8.count
      if length > 2, utf8[length &- 2] == UInt8(ascii: "."),
        utf8[length &- 1] == UInt8(ascii: "0")
      {
        length &-= 2
      }
      append(start, length)
    }
  }
}
