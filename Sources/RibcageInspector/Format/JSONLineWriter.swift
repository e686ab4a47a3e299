@_spi(RibcageJSON) import Ribcage

/// Writes JSON objects as lines of bytes, by hand, into memory it manages itself: a session
/// records hundreds of thousands of events a second, and every event has a fixed shape, so
/// building a `JSONValue`, going through an `Encoder`, or even appending to an `Array` (a
/// uniqueness check and a generic copy per piece) would cost more than the event it records.
///
/// The writer trusts its caller for structure (keys are static, written once per object) and
/// escapes every string it is given. A class: it owns its buffer (`JSONBytes`, shared with the
/// view model encoder), and callers mutate it in place without the exclusivity checks a stored
/// struct would need.
final class JSONLineWriter {
  // Only the recording thread touches a writer and no access spans a call out, so the dynamic
  // exclusivity checks (a tenth of an event's cost) are skipped.
  @exclusivity(unchecked) private var text: JSONBytes
  /// Whether the object being written has a member yet (a comma goes before the next one).
  @exclusivity(unchecked) private var needsComma = false

  /// Bytes written so far.
  private(set) var count: Int {
    get { text.count }
    set { text.count = newValue }
  }

  private var base: UnsafeMutablePointer<UInt8> { text.base }

  init(capacity: Int = 256) {
    text = JSONBytes(capacity: max(capacity, 64))
  }

  deinit {
    text.deallocate()
  }

  /// A copy of the bytes written.
  var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

  /// A copy of the bytes from `offset` on.
  func bytes(from offset: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: base + offset, count: count - offset))
  }

  /// Exchanges what this writer and `other` hold (bytes and memory).
  func swapStorage(with other: JSONLineWriter) {
    swap(&text, &other.text)
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
    text.reserve(extra)
  }

  @inline(__always)
  func append(byte: UInt8) {
    text.append(byte: byte)
  }

  @inline(__always)
  private func append(_ start: UnsafePointer<UInt8>, _ length: Int) {
    text.append(start, length)
  }

  /// Appends raw, already valid JSON text (an encoded view model, an escaped name).
  func appendRaw(_ raw: [UInt8]) {
    raw.withUnsafeBufferPointer { buffer in
      if let start = buffer.baseAddress { append(start, buffer.count) }
    }
  }

  /// Appends raw, already valid JSON text: part of lines written before.
  func appendRaw(_ raw: ArraySlice<UInt8>) {
    raw.withUnsafeBufferPointer { buffer in
      if let start = buffer.baseAddress { append(start, buffer.count) }
    }
  }

  /// Goes on with an object whose first members were written elsewhere: the next member needs
  /// a comma.
  func continueObject() {
    needsComma = true
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
    text.appendDecimal(value)
  }

  /// Appends `value` as a JSON string.
  func appendString(_ value: String) {
    append(byte: UInt8(ascii: "\""))
    appendEscaped(value)
    append(byte: UInt8(ascii: "\""))
  }

  /// Appends the escaped contents of `value`, without quotes (`JSONText` escapes it, as every
  /// JSON writer of the package does).
  func appendEscaped(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      reserve(utf8.count)
      var done = JSONText.copyPlain(utf8, to: base + count)
      count &+= done
      while done < utf8.count {
        text.appendEscape(for: utf8[done])
        done &+= 1
        reserve(utf8.count &- done)
        let copied = JSONText.copyPlain(
          UnsafeBufferPointer(rebasing: utf8[done...]), to: base + count)
        count &+= copied
        done &+= copied
      }
    }
  }
}
