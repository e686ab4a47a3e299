/// Writes JSON objects as lines of bytes, by hand, into memory it manages itself: a session
/// records hundreds of thousands of events a second, and every event has a fixed shape, so
/// building a `JSONValue`, going through an `Encoder`, or even appending to an `Array` (a
/// uniqueness check and a generic copy per piece) would cost more than the event it records.
///
/// The writer trusts its caller for structure (keys are static, written once per object) and
/// escapes every string it is given. A class: it owns its buffer, and callers mutate it in place
/// without the exclusivity checks a stored struct would need.
final class JSONLineWriter {
  // Only the recording thread touches a writer and no access spans a call out, so the dynamic
  // exclusivity checks (a tenth of an event's cost) are skipped.
  @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private var capacity: Int
  /// Bytes written so far.
  @exclusivity(unchecked) private(set) var count = 0
  /// Whether the object being written has a member yet (a comma goes before the next one).
  @exclusivity(unchecked) private var needsComma = false

  init(capacity: Int = 256) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    base.deallocate()
  }

  /// A copy of the bytes written.
  var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

  /// A copy of the bytes from `offset` on.
  func bytes(from offset: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: base + offset, count: count - offset))
  }

  /// Exchanges what this writer and `other` hold (bytes and memory).
  func swapStorage(with other: JSONLineWriter) {
    swap(&base, &other.base)
    swap(&capacity, &other.capacity)
    swap(&count, &other.count)
    swap(&needsComma, &other.needsComma)
  }

  /// Forgets what was written, keeping the memory.
  func removeAll() {
    count = 0
    needsComma = false
  }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  private func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  private func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  @inline(__always)
  func append(byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  @inline(__always)
  private func append(_ start: UnsafePointer<UInt8>, _ length: Int) {
    reserve(length)
    (base + count).update(from: start, count: length)
    count += length
  }

  /// Appends raw, already valid JSON text (an encoded view model, an escaped name).
  func appendRaw(_ raw: [UInt8]) {
    raw.withUnsafeBufferPointer { buffer in
      if let start = buffer.baseAddress { append(start, buffer.count) }
    }
  }

  func appendLiteral(_ literal: StaticString) {
    append(literal.utf8Start, literal.utf8CodeUnitCount)
  }

  /// Appends a fragment of an object written by hand — `,"type":"activate"` — after which
  /// members need a comma.
  @inline(__always)
  func appendFragment(_ fragment: StaticString) {
    let length = fragment.utf8CodeUnitCount
    reserve(length)
    let source = fragment.utf8Start
    var index = 0
    while index < length {
      base[count &+ index] = source[index]
      index &+= 1
    }
    count &+= length
    needsComma = true
  }

  // MARK: Objects

  /// Starts an object.
  func open() {
    append(byte: UInt8(ascii: "{"))
    needsComma = false
  }

  /// Ends the object and the line.
  func closeLine() {
    reserve(2)
    base[count] = UInt8(ascii: "}")
    base[count + 1] = UInt8(ascii: "\n")
    count += 2
    needsComma = false
  }

  /// Ends a nested object.
  func close() {
    append(byte: UInt8(ascii: "}"))
    needsComma = true
  }

  /// Starts a nested object or array member (`key` given), or an element of an array.
  func openNested(_ key: StaticString?, array: Bool = false) {
    if let key { self.key(key) } else { separate() }
    append(byte: array ? UInt8(ascii: "[") : UInt8(ascii: "{"))
    needsComma = false
  }

  /// Ends a nested array.
  func closeArray() {
    append(byte: UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes `,"key":` (no comma for an object's first member).
  func key(_ key: StaticString) {
    let length = key.utf8CodeUnitCount
    reserve(length + 4)
    if needsComma {
      base[count] = UInt8(ascii: ",")
      count += 1
    }
    needsComma = true
    base[count] = UInt8(ascii: "\"")
    (base + count + 1).update(from: key.utf8Start, count: length)
    base[count + 1 + length] = UInt8(ascii: "\"")
    base[count + 2 + length] = UInt8(ascii: ":")
    count += length + 3
  }

  private func separate() {
    if needsComma { append(byte: UInt8(ascii: ",")) }
    needsComma = true
  }

  func member(_ key: StaticString, _ value: UInt64) {
    self.key(key)
    appendDecimal(value)
  }

  func member(_ key: StaticString, _ value: Int) {
    self.key(key)
    if value < 0 { append(byte: UInt8(ascii: "-")) }
    appendDecimal(UInt64(value.magnitude))
  }

  func member(_ key: StaticString, _ value: Bool) {
    self.key(key)
    appendLiteral(value ? "true" : "false")
  }

  func member(_ key: StaticString, _ value: String) {
    self.key(key)
    appendString(value)
  }

  /// A member whose value is a literal string (`"attach"`): no escaping.
  func member(_ key: StaticString, literal value: StaticString) {
    self.key(key)
    reserve(value.utf8CodeUnitCount + 2)
    base[count] = UInt8(ascii: "\"")
    (base + count + 1).update(from: value.utf8Start, count: value.utf8CodeUnitCount)
    count += value.utf8CodeUnitCount + 1
    base[count] = UInt8(ascii: "\"")
    count += 1
  }

  /// A member whose value is JSON written before (an encoded view model).
  func member(_ key: StaticString, json: [UInt8]) {
    self.key(key)
    appendRaw(json)
  }

  /// A member `null`.
  func memberNull(_ key: StaticString) {
    self.key(key)
    appendLiteral("null")
  }

  // MARK: Values

  func appendDecimal(_ value: UInt64) {
    if value < 10 {
      append(byte: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
      return
    }
    var digits = 2
    var limit: UInt64 = 100
    while digits < 20, value >= limit {
      digits += 1
      limit &*= 10
    }
    reserve(digits)
    // Two digits per division, from the right.
    var remaining = value
    var position = count + digits
    let pairs = Self.digitPairs
    while remaining >= 100 {
      let pair = Int(remaining % 100) &* 2
      remaining /= 100
      position -= 2
      base[position] = pairs.utf8Start[pair]
      base[position + 1] = pairs.utf8Start[pair + 1]
    }
    if remaining >= 10 {
      let pair = Int(remaining) &* 2
      base[position - 2] = pairs.utf8Start[pair]
      base[position - 1] = pairs.utf8Start[pair + 1]
    } else {
      base[position - 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
    }
    count += digits
  }

  /// "00" "01" ... "99": two digits per table read. Computed, so reading it is a constant, not a
  /// lazily initialised global.
  // swift-format-ignore
  private static var digitPairs: StaticString { "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899" }

  /// Appends `value` as a JSON string.
  func appendString(_ value: String) {
    append(byte: UInt8(ascii: "\""))
    appendEscaped(value)
    append(byte: UInt8(ascii: "\""))
  }

  /// Appends the escaped contents of `value`, without quotes.
  func appendEscaped(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      guard let start = utf8.baseAddress else { return }
      var runStart = 0
      for index in 0..<utf8.count {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          continue
        }
        append(start + runStart, index - runStart)
        appendEscape(for: byte)
        runStart = index + 1
      }
      append(start + runStart, utf8.count - runStart)
    }
  }

  private func appendEscape(for byte: UInt8) {
    append(byte: UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""): append(byte: UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): append(byte: UInt8(ascii: "\\"))
    case 0x0A: append(byte: UInt8(ascii: "n"))
    case 0x0D: append(byte: UInt8(ascii: "r"))
    case 0x09: append(byte: UInt8(ascii: "t"))
    default:
      let hex: StaticString = "0123456789abcdef"
      appendLiteral("u00")
      append(byte: hex.utf8Start[Int(byte >> 4)])
      append(byte: hex.utf8Start[Int(byte & 0xF)])
    }
  }
}
