extension ViewModelEncoder {
  /// Writes members of an object. `encodeIfPresent` keeps its default (nothing for `nil`), so
  /// a synthesized conformance omits `nil` optionals, as with `JSONEncoder`.
  struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let stream: Stream
    /// The level a nested container writes to.
    private let fixedLevel: LevelID
    /// Where a value's own container, which is handed out again, finds its level.
    private let cursor: Cursor?

    init(stream: Stream, level: LevelID) {
      self.stream = stream
      fixedLevel = level
      cursor = nil
    }

    init(stream: Stream, cursor: Cursor) {
      self.stream = stream
      fixedLevel = .dead
      self.cursor = cursor
    }

    private var level: LevelID { cursor?.level ?? fixedLevel }

    var codingPath: [any CodingKey] { stream.codingPath(to: level) }

    /// Every `encode` overload comes here, specialized, so the scalar ones write directly.
    @inline(__always)
    private func put<T: Encodable>(_ value: T, _ key: Key) throws {
      try stream.encode(value, at: .member(key.stringValue), in: level)
    }

    mutating func encodeNil(forKey key: Key) throws {
      try stream.encodeNull(at: .member(key.stringValue), in: level)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try put(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try put(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      let nested = stream.openNested(.object, at: .member(key.stringValue), in: level)
      return KeyedEncodingContainer(ObjectContainer<NestedKey>(stream: stream, level: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      let nested = stream.openNested(.array, at: .member(key.stringValue), in: level)
      return ArrayContainer(stream: stream, level: nested)
    }

    mutating func superEncoder() -> any Encoder {
      let nested = stream.openNested(.pending, at: .member("super"), in: level)
      return ValueEncoder(stream: stream, slot: nested)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      let nested = stream.openNested(.pending, at: .member(key.stringValue), in: level)
      return ValueEncoder(stream: stream, slot: nested)
    }
  }
}
