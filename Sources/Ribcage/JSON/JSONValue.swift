/// A parsed JSON value, kept close to the text it came from: a number written as a whole number
/// stays an exact `Int64` instead of passing through `Double`, so identifiers, counters and
/// timestamps survive a round trip unchanged.
///
/// ```swift
/// let line = try JSONParser().parse(#"{"event":"attached","depth":3}"#)  // SPI RibcageTools
/// line["event"]?.stringValue  // "attached"
/// line["depth"]?.int64Value   // 3
/// line.serialized()           // {"depth":3,"event":"attached"}
/// ```
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number literal with no fraction and no exponent that fits `Int64`.
  case integer(Int64)
  /// Every other number. Parsing only ever produces finite values.
  case number(Double)
  /// A string, with its escapes decoded.
  case string(String)
  /// An array, in order.
  case array([JSONValue])
  /// An object. The parser rejects duplicate keys rather than silently keeping one of them.
  case object([String: JSONValue])
}

// MARK: - Reading values

extension JSONValue {
  /// The member named `key`, or `nil` when there is none or this is not an object; this lets a
  /// lookup chain through optional chaining: `line["node"]?["name"]?.stringValue`.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }

  /// The string, when this is a string.
  public var stringValue: String? {
    guard case .string(let string) = self else { return nil }
    return string
  }

  /// The number as an exact `Int64`: an integer, or a number that happens to be integral and in
  /// range (`2.0` or `1e3`, which a producer may well have written for a count).
  public var int64Value: Int64? {
    switch self {
    case .integer(let integer): integer
    case .number(let number): Int64(exactly: number)
    default: nil
    }
  }

  /// The number as a `Double`, for integers too (which may round beyond 2^53), since a reader
  /// asking for a double wants any number.
  public var doubleValue: Double? {
    switch self {
    case .integer(let integer): Double(integer)
    case .number(let number): number
    default: nil
    }
  }

  /// The boolean, when this is `true` or `false`.
  public var boolValue: Bool? {
    guard case .bool(let bool) = self else { return nil }
    return bool
  }

  /// The elements, when this is an array.
  public var arrayValue: [JSONValue]? {
    guard case .array(let elements) = self else { return nil }
    return elements
  }

  /// The members, when this is an object.
  public var objectValue: [String: JSONValue]? {
    guard case .object(let members) = self else { return nil }
    return members
  }

  /// What kind of value this is, in words fit for an error message ("expected a string, found
  /// an integer").
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .integer: "integer"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}

// MARK: - Writing values

extension JSONValue {
  /// The value as compact JSON with object keys sorted, so that equal values always produce the
  /// same text (stable snapshots, meaningful diffs).
  public func serialized() -> String {
    var bytes: [UInt8] = []
    serialize(into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the value as compact UTF-8 JSON with object keys sorted, so that many values can be
  /// written into one buffer without building a `String` for each.
  ///
  /// Strings are escaped as RFC 8259 requires and no more: `"`, `\` and the control characters
  /// below U+0020; everything else, non-ASCII included, is written as UTF-8. A non-finite
  /// `number`, which parsing never produces but code can construct, is written as `null`, the
  /// way JavaScript does, so that the output is always valid JSON.
  public func serialize(into bytes: inout [UInt8]) {
    switch self {
    case .null:
      bytes.append(contentsOf: "null".utf8)
    case .bool(let bool):
      bytes.append(contentsOf: (bool ? "true" : "false").utf8)
    case .integer(let integer):
      bytes.append(contentsOf: String(integer).utf8)
    case .number(let number):
      bytes.append(contentsOf: (number.isFinite ? number.description : "null").utf8)
    case .string(let string):
      Self.serialize(string, into: &bytes)
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        element.serialize(into: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        Self.serialize(member.key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        member.value.serialize(into: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `string` quoted, escaped as every JSON writer of the package does (`JSONText`).
  private static func serialize(_ string: String, into bytes: inout [UInt8]) {
    JSONText.appendQuoted(string, to: &bytes)
  }
}
