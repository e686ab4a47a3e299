/// A strict RFC 8259 parser for untrusted input such as log lines that may be truncated or
/// corrupt: every malformed text is a ``JSONSyntaxError``, never a crash, however deep or odd.
///
/// Strict means nothing beyond the standard is accepted (no comments, trailing commas, `NaN`,
/// leading zeros, byte order mark, unescaped control characters, lone surrogates or invalid
/// UTF-8), so that a file the inspector accepts is one every other JSON reader accepts too.
/// Duplicate object keys are rejected as well, because keeping either one silently would hide a
/// bug in whatever wrote the file. Keys are compared as Swift strings, so two spellings of one
/// character (`é` precomposed, and `e` followed by U+0301) are the same key.
///
/// The parser works on bytes and keeps its own stack rather than recursing, so nesting costs no
/// call stack; strings without escapes become a `String` in one step.
///
/// The root package's one JSON reader: ``FlagStore`` reads the flags file with it
/// (`parseMembers(_:)`, which keeps duplicate keys for the store to report), `SessionTimeline`
/// reads sessions. Not API for apps (SPI `RibcageTools`): Ribcage's own tools (the
/// `ribcage inspect` server, the fuzz targets) check lines with it.
@_spi(RibcageTools) public struct JSONParser: Sendable {
  /// How deeply arrays and objects may nest: a scalar is at depth 0 and `[[]]` at depth 2.
  ///
  /// Deeper input is an error rather than a crash, and the limit also protects the caller:
  /// destroying, comparing or serializing a ``JSONValue`` recurses, so a value nested tens of
  /// thousands of levels would exhaust the call stack there. Keep the limit in the hundreds.
  public var maximumDepth: Int

  /// Creates a parser that accepts nesting up to `maximumDepth` levels.
  public init(maximumDepth: Int = 64) {
    self.maximumDepth = maximumDepth
  }

  /// Parses exactly one JSON value (surrounding whitespace allowed) from `bytes`, reading them in
  /// place when they are contiguous (`[UInt8]`, `ArraySlice`, `Data`, a native string's UTF-8).
  /// Inlinable so that the caller's collection type is known where its storage is asked for.
  @inlinable
  public func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
    let contiguousResult = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(JSONSyntaxError) in try parse(buffer) }
    }
    if let contiguousResult { return try contiguousResult.get() }
    let copy = Array(bytes)
    return try copy.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONSyntaxError) in try parse(buffer) }
    }.get()
  }

  /// Parses exactly one JSON value (surrounding whitespace allowed) from the UTF-8 of `text`.
  @inlinable
  public func parse(_ text: some StringProtocol) throws(JSONSyntaxError) -> JSONValue {
    try parse(text.utf8)
  }

  /// Parses exactly one JSON value (surrounding whitespace allowed) from `buffer`; the fastest
  /// entry point, e.g. for each line of a file read or mapped into memory once.
  public func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
    var scanner = JSONScanner(buffer)
    let value = try parseValue(&scanner, enclosingDepth: 0)
    scanner.skipWhitespace()
    guard scanner.isAtEnd else {
      throw scanner.error("trailing characters after the value")
    }
    return value
  }

  /// Parses the object that `buffer` holds (surrounding whitespace allowed) and returns its
  /// members in the order written, a key written twice twice, each with the offset of its
  /// value's first byte.
  ///
  /// For a reader that decides about duplicate keys itself instead of rejecting the text: the
  /// flags file reports each one and applies the last value. Everything else is checked as by
  /// `parse(_:)`, nested objects' duplicates included, and a text that is not an object is an
  /// error.
  package func parseMembers(
    _ buffer: UnsafeBufferPointer<UInt8>
  ) throws(JSONSyntaxError) -> [(key: String, value: JSONValue, offset: Int)] {
    var scanner = JSONScanner(buffer)
    scanner.skipWhitespace()
    guard scanner.currentByte == UInt8(ascii: "{") else {
      throw scanner.error("expected '{': the text must be an object")
    }
    try checkDepth(1, at: scanner.position)
    scanner.advance()
    scanner.skipWhitespace()
    var members: [(key: String, value: JSONValue, offset: Int)] = []
    if scanner.currentByte == UInt8(ascii: "}") {
      scanner.advance()
    } else {
      while true {
        let key = try scanner.readKey()
        scanner.skipWhitespace()
        let offset = scanner.position
        members.append((key.name, try parseValue(&scanner, enclosingDepth: 1), offset))
        scanner.skipWhitespace()
        if scanner.currentByte == UInt8(ascii: "}") {
          scanner.advance()
          break
        }
        guard scanner.currentByte == UInt8(ascii: ",") else {
          throw scanner.error("expected ',' or '}' after an object member")
        }
        scanner.advance()
        scanner.skipWhitespace()
      }
    }
    scanner.skipWhitespace()
    guard scanner.isAtEnd else {
      throw scanner.error("trailing characters after the object")
    }
    return members
  }

  /// Parses one value starting at the scanner's position (whitespace before it allowed) and
  /// leaves the scanner just after it. `enclosingDepth` is how many containers around the value
  /// are already open, so that ``maximumDepth`` counts from the text's outermost value.
  /// Always inlined, so that `parse(_:)` compiles to a single loop with the scanner held as its
  /// own local rather than reached through a pointer.
  @inline(__always)
  private func parseValue(
    _ scanner: inout JSONScanner, enclosingDepth: Int
  ) throws(JSONSyntaxError) -> JSONValue {
    var open = OpenContainers()
    nextValue: while true {
      var value: JSONValue
      scanner.skipWhitespace()
      switch scanner.currentByte {
      case UInt8(ascii: "["):
        try checkDepth(enclosingDepth + open.depth + 1, at: scanner.position)
        scanner.advance()
        scanner.skipWhitespace()
        if scanner.currentByte == UInt8(ascii: "]") {
          scanner.advance()
          value = .array([])
        } else {
          open.openArray()
          continue nextValue
        }
      case UInt8(ascii: "{"):
        try checkDepth(enclosingDepth + open.depth + 1, at: scanner.position)
        scanner.advance()
        scanner.skipWhitespace()
        if scanner.currentByte == UInt8(ascii: "}") {
          scanner.advance()
          value = .object([:])
        } else {
          open.openObject(firstKey: try scanner.readKey())
          continue nextValue
        }
      default:
        value = try scanner.readScalar()
      }

      // A value is complete: add it to the innermost open container, and close containers for
      // as long as their closing bracket follows.
      while let innermostIsObject = open.innermostIsObject {
        open.add(value)
        scanner.skipWhitespace()
        if innermostIsObject {
          switch scanner.currentByte {
          case UInt8(ascii: ","):
            scanner.advance()
            scanner.skipWhitespace()
            open.setKey(try scanner.readKey())
            continue nextValue
          case UInt8(ascii: "}"):
            scanner.advance()
            value = try open.closeObject()
          default:
            throw scanner.error("expected ',' or '}' after an object member")
          }
        } else {
          switch scanner.currentByte {
          case UInt8(ascii: ","):
            scanner.advance()
            continue nextValue
          case UInt8(ascii: "]"):
            scanner.advance()
            value = open.closeArray()
          default:
            throw scanner.error("expected ',' or ']' after an array element")
          }
        }
      }

      return value
    }
  }

  /// Rejects a container that would nest `depth` levels deep, before anything is built for it.
  private func checkDepth(_ depth: Int, at offset: Int) throws(JSONSyntaxError) {
    guard depth <= maximumDepth else {
      throw JSONSyntaxError(
        offset: offset, reason: "nesting deeper than \(max(maximumDepth, 0)) levels")
    }
  }
}

/// The arrays and objects whose closing bracket has not been read yet, innermost last: what the
/// parser keeps instead of a call stack.
///
/// The values read so far for all of them wait on two shared stacks, so that each array or
/// dictionary is built once, at its final size, when it closes; growing a dictionary member by
/// member would hash every key again at each resize.
private struct OpenContainers {
  private struct Container {
    let isObject: Bool
    /// Where the container's values start on `elements` or `members`.
    let firstIndex: Int
    /// For an object, the key of the member whose value is being read.
    var key: ObjectKey?
  }

  private struct Member {
    let key: ObjectKey
    let value: JSONValue
  }

  private var containers: [Container] = []
  private var elements: [JSONValue] = []
  private var members: [Member] = []

  var depth: Int { containers.count }

  /// Whether the innermost container is an object, or `nil` when none is open.
  var innermostIsObject: Bool? { containers.last?.isObject }

  mutating func openArray() {
    reserveOnFirstUse()
    containers.append(Container(isObject: false, firstIndex: elements.count, key: nil))
  }

  mutating func openObject(firstKey: ObjectKey) {
    reserveOnFirstUse()
    containers.append(Container(isObject: true, firstIndex: members.count, key: firstKey))
  }

  /// Makes room for a typical line at once, rather than growing each stack from one value by
  /// doubling; a text that is just a scalar allocates nothing.
  private mutating func reserveOnFirstUse() {
    guard containers.capacity == 0 else { return }
    containers.reserveCapacity(8)
    elements.reserveCapacity(16)
    members.reserveCapacity(16)
  }

  /// Sets the key of the next member of the innermost object.
  mutating func setKey(_ key: ObjectKey) {
    containers[containers.count - 1].key = key
  }

  /// Adds `value` to the innermost container, under its key for an object.
  mutating func add(_ value: JSONValue) {
    let innermost = containers[containers.count - 1]
    if let key = innermost.key {
      members.append(Member(key: key, value: value))
    } else {
      elements.append(value)
    }
  }

  mutating func closeArray() -> JSONValue {
    let firstIndex = containers.removeLast().firstIndex
    let array = Array(elements[firstIndex...])
    elements.removeSubrange(firstIndex...)
    return .array(array)
  }

  /// Builds the innermost object, rejecting a key that occurs twice at its second occurrence.
  mutating func closeObject() throws(JSONSyntaxError) -> JSONValue {
    let firstIndex = containers.removeLast().firstIndex
    var dictionary = [String: JSONValue](minimumCapacity: members.count - firstIndex)
    for member in members[firstIndex...]
    where dictionary.updateValue(member.value, forKey: member.key.name) != nil {
      let quotedKey = JSONValue.string(member.key.name).serialized()
      throw JSONSyntaxError(offset: member.key.offset, reason: "duplicate key \(quotedKey)")
    }
    members.removeSubrange(firstIndex...)
    return .object(dictionary)
  }
}

/// An object key and the offset of its opening quote, for reporting a duplicate.
private struct ObjectKey {
  let name: String
  let offset: Int
}

/// Reads the tokens of a JSON text: whitespace, strings, numbers and literals. Every read checks
/// its bounds first, so no input can make it step outside the buffer.
private struct JSONScanner {
  private let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  private(set) var position = 0
  /// Reused for strings with escapes, so that decoding them allocates only the result.
  private var decodedBytes: [UInt8] = []

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  var isAtEnd: Bool { position >= bytes.count }

  /// The byte at `position`, or 0 at the end; 0 matches no token, and ``error(_:)`` tells the
  /// end apart from a real NUL byte.
  var currentByte: UInt8 { position < bytes.count ? bytes[position] : 0 }

  mutating func advance() {
    position += 1
  }

  /// An error at the current position, saying so when the input ended too early (the usual
  /// symptom of a truncated file).
  func error(_ expectation: String) -> JSONSyntaxError {
    JSONSyntaxError(
      offset: position,
      reason: isAtEnd ? "unexpected end of input; \(expectation)" : expectation)
  }

  mutating func skipWhitespace() {
    var index = position
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default:
        position = index
        return
      }
    }
    position = index
  }

  /// Reads an object key and the colon after it.
  mutating func readKey() throws(JSONSyntaxError) -> ObjectKey {
    let offset = position
    guard currentByte == UInt8(ascii: "\"") else {
      throw error("expected a string as an object key")
    }
    let name = try readString()
    skipWhitespace()
    guard currentByte == UInt8(ascii: ":") else {
      throw error("expected ':' after an object key")
    }
    position += 1
    return ObjectKey(name: name, offset: offset)
  }

  /// Reads a value that is not an array or object.
  mutating func readScalar() throws(JSONSyntaxError) -> JSONValue {
    switch currentByte {
    case UInt8(ascii: "\""): return .string(try readString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
    case UInt8(ascii: "t"): return try readLiteral("true", as: .bool(true))
    case UInt8(ascii: "f"): return try readLiteral("false", as: .bool(false))
    case UInt8(ascii: "n"): return try readLiteral("null", as: .null)
    default: throw error("expected a value")
    }
  }

  private mutating func readLiteral(
    _ literal: StaticString, as value: JSONValue
  ) throws(JSONSyntaxError) -> JSONValue {
    let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    guard bytes.count - position >= expected.count,
      expected.indices.allSatisfy({ bytes[position + $0] == expected[$0] })
    else {
      throw JSONSyntaxError(offset: position, reason: "expected '\(literal)'")
    }
    position += expected.count
    return value
  }

  // MARK: Strings

  /// Reads a string starting at its opening quote. Runs of plain characters are only checked
  /// (UTF-8 validity, no control characters) and copied once; escapes go through a reused buffer.
  private mutating func readString() throws(JSONSyntaxError) -> String {
    let openingQuote = position
    position += 1
    var runStart = position
    var hasEscapes = false
    while true {
      skipPlainCharacters()
      guard position < bytes.count else { break }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let run = UnsafeBufferPointer(rebasing: bytes[runStart..<position])
        position += 1
        guard hasEscapes else { return String(decoding: run, as: UTF8.self) }
        decodedBytes.append(contentsOf: run)
        return String(decoding: decodedBytes, as: UTF8.self)
      } else if byte == UInt8(ascii: "\\") {
        if !hasEscapes {
          decodedBytes.removeAll(keepingCapacity: true)
          hasEscapes = true
        }
        decodedBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
        try readEscape(inStringAt: openingQuote)
        runStart = position
      } else if byte < 0x20 {
        throw JSONSyntaxError(
          offset: position,
          reason: "unescaped control character \(Self.hex(byte)) in a string")
      } else {
        try skipMultibyteCharacter()
      }
    }
    throw JSONSyntaxError(offset: openingQuote, reason: "unterminated string")
  }

  /// Steps over the bytes a string holds as they are (printable ASCII other than `"` and `\`),
  /// eight at a time while there are eight left: most of a log line is such text.
  private mutating func skipPlainCharacters() {
    var index = position
    let end = bytes.count
    if let start = UnsafeRawPointer(bytes.baseAddress) {
      while end - index >= 8 {
        let word = UInt64(
          littleEndian: start.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let stops = Self.markStops(in: word)
        if stops != 0 {
          position = index + stops.trailingZeroBitCount / 8
          return
        }
        index += 8
      }
    }
    while index < end, Self.isPlain(bytes[index]) { index += 1 }
    position = index
  }

  private static func isPlain(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
  }

  /// Sets the high bit of the first byte of `word` (in memory order) that is not plain: a
  /// control character, `"`, `\` or a byte of a multibyte character. Bytes after that one may
  /// be marked wrongly (a borrow carries into them), so only the lowest mark may be used.
  private static func markStops(in word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    func markZeros(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highBits }
    let controls = (word &- ones &* 0x20) & ~word & highBits
    let quotes = markZeros(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
    let backslashes = markZeros(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
    return controls | quotes | backslashes | (word & highBits)
  }

  /// Checks the UTF-8 sequence starting at `position` (a byte of 0x80 or more) and steps over
  /// it. Overlong forms, surrogates and code points beyond U+10FFFF are invalid (RFC 3629).
  private mutating func skipMultibyteCharacter() throws(JSONSyntaxError) {
    var secondByteRange: ClosedRange<UInt8> = 0x80...0xBF
    let length: Int
    switch bytes[position] {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondByteRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondByteRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondByteRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondByteRange = 0x80...0x8F
    default: throw JSONSyntaxError(offset: position, reason: "invalid UTF-8")
    }
    guard bytes.count - position >= length, secondByteRange.contains(bytes[position + 1]),
      (2..<length).allSatisfy({ (0x80...0xBF).contains(bytes[position + $0]) })
    else {
      throw JSONSyntaxError(offset: position, reason: "invalid UTF-8")
    }
    position += length
  }

  /// Decodes the escape at `position` (a backslash) into `decodedBytes` and steps over it.
  private mutating func readEscape(inStringAt openingQuote: Int) throws(JSONSyntaxError) {
    let backslash = position
    guard bytes.count - position >= 2 else {
      throw JSONSyntaxError(offset: openingQuote, reason: "unterminated string")
    }
    let letter = bytes[position + 1]
    position += 2
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decodedBytes.append(letter)
    case UInt8(ascii: "n"): decodedBytes.append(0x0A)
    case UInt8(ascii: "t"): decodedBytes.append(0x09)
    case UInt8(ascii: "r"): decodedBytes.append(0x0D)
    case UInt8(ascii: "b"): decodedBytes.append(0x08)
    case UInt8(ascii: "f"): decodedBytes.append(0x0C)
    case UInt8(ascii: "u"): try readUnicodeEscape(startingAt: backslash)
    case 0x21...0x7E:
      throw JSONSyntaxError(
        offset: backslash, reason: "invalid escape \\\(Character(Unicode.Scalar(letter)))")
    default:
      throw JSONSyntaxError(
        offset: backslash, reason: "invalid escape: byte \(Self.hex(letter)) after '\\'")
    }
  }

  /// Decodes the four hex digits after `\u` (`position` is at the first), and for a high
  /// surrogate the `\uXXXX` low surrogate that must follow, appending the character as UTF-8.
  private mutating func readUnicodeEscape(startingAt backslash: Int) throws(JSONSyntaxError) {
    let unit = try readHexQuad(escapeAt: backslash)
    var scalarValue = UInt32(unit)
    switch unit {
    case 0xD800...0xDBFF:
      let lowEscape = position
      guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"),
        bytes[position + 1] == UInt8(ascii: "u")
      else { throw Self.loneSurrogate(unit, at: backslash) }
      position += 2
      let low = try readHexQuad(escapeAt: lowEscape)
      guard (0xDC00...0xDFFF).contains(low) else { throw Self.loneSurrogate(unit, at: backslash) }
      scalarValue = 0x1_0000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
    case 0xDC00...0xDFFF:
      throw Self.loneSurrogate(unit, at: backslash)
    default:
      break
    }
    // Surrogates are handled above, so every remaining value is a valid scalar.
    guard let scalar = Unicode.Scalar(scalarValue) else {
      throw Self.loneSurrogate(unit, at: backslash)
    }
    decodedBytes.append(contentsOf: scalar.utf8)
  }

  private mutating func readHexQuad(escapeAt backslash: Int) throws(JSONSyntaxError) -> UInt16 {
    guard bytes.count - position >= 4 else {
      throw JSONSyntaxError(offset: backslash, reason: "expected 4 hex digits after \\u")
    }
    var unit: UInt16 = 0
    for byte in bytes[position..<position + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default:
        throw JSONSyntaxError(offset: backslash, reason: "expected 4 hex digits after \\u")
      }
      unit = unit << 4 | UInt16(digit)
    }
    position += 4
    return unit
  }

  private static func loneSurrogate(_ unit: UInt16, at offset: Int) -> JSONSyntaxError {
    let digits = String(unit, radix: 16, uppercase: true)
    return JSONSyntaxError(offset: offset, reason: "lone surrogate \\u\(digits)")
  }

  /// `0x0A` for 10: how bytes are named in error messages.
  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return byte < 0x10 ? "0x0\(digits)" : "0x\(digits)"
  }

  // MARK: Numbers

  /// Reads a number starting at its `-` or first digit. Whole numbers that fit are accumulated
  /// exactly as `Int64`; the rest, once the grammar is checked, go to `Double(String)`.
  private mutating func readNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = position
    let isNegative = currentByte == UInt8(ascii: "-")
    if isNegative { position += 1 }

    var magnitude: UInt64 = 0
    var overflowed = false
    switch currentByte {
    case UInt8(ascii: "0"):
      position += 1
      if Self.isDigit(currentByte) {
        throw JSONSyntaxError(offset: start, reason: "leading zeros are not allowed")
      }
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      while Self.isDigit(currentByte) {
        let (shifted, overflowedMultiplying) = magnitude.multipliedReportingOverflow(by: 10)
        let (sum, overflowedAdding) = shifted.addingReportingOverflow(
          UInt64(currentByte - UInt8(ascii: "0")))
        magnitude = sum
        overflowed = overflowed || overflowedMultiplying || overflowedAdding
        position += 1
      }
    default:
      throw error("expected a digit after '-'")
    }

    var isWholeNumber = true
    if currentByte == UInt8(ascii: ".") {
      isWholeNumber = false
      position += 1
      try skipDigits(orThrow: "expected a digit after the decimal point")
    }
    if currentByte == UInt8(ascii: "e") || currentByte == UInt8(ascii: "E") {
      isWholeNumber = false
      position += 1
      if currentByte == UInt8(ascii: "+") || currentByte == UInt8(ascii: "-") { position += 1 }
      try skipDigits(orThrow: "expected a digit in the exponent")
    }

    if isWholeNumber && !overflowed {
      let int64MinimumMagnitude = UInt64(Int64.max) + 1
      if !isNegative && magnitude <= UInt64(Int64.max) { return .integer(Int64(magnitude)) }
      if isNegative && magnitude < int64MinimumMagnitude { return .integer(-Int64(magnitude)) }
      if isNegative && magnitude == int64MinimumMagnitude { return .integer(.min) }
    }
    let literal = UnsafeBufferPointer(rebasing: bytes[start..<position])
    let text = String(decoding: literal, as: UTF8.self)
    guard let number = Double(text), number.isFinite else {
      throw JSONSyntaxError(offset: start, reason: "number out of range")
    }
    return .number(number)
  }

  /// Steps over one or more digits.
  private mutating func skipDigits(orThrow expectation: String) throws(JSONSyntaxError) {
    guard Self.isDigit(currentByte) else { throw error(expectation) }
    repeat { position += 1 } while Self.isDigit(currentByte)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
