extension ViewModelEncoder {
  /// Writes elements of an array.
  struct ArrayContainer: UnkeyedEncodingContainer {
    let stream: Stream
    let level: LevelID

    var codingPath: [any CodingKey] { stream.codingPath(to: level) }
    var count: Int { stream.count(in: level) }

    @inline(__always)
    private func put<T: Encodable>(_ value: T) throws {
      try stream.encode(value, at: .element, in: level)
    }

    mutating func encodeNil() throws { try stream.encodeNull(at: .element, in: level) }
    mutating func encode(_ value: Bool) throws { try put(value) }
    mutating func encode(_ value: String) throws { try put(value) }
    mutating func encode(_ value: Double) throws { try put(value) }
    mutating func encode(_ value: Float) throws { try put(value) }
    mutating func encode(_ value: Int) throws { try put(value) }
    mutating func encode(_ value: Int8) throws { try put(value) }
    mutating func encode(_ value: Int16) throws { try put(value) }
    mutating func encode(_ value: Int32) throws { try put(value) }
    mutating func encode(_ value: Int64) throws { try put(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try put(value) }
    mutating func encode(_ value: UInt) throws { try put(value) }
    mutating func encode(_ value: UInt8) throws { try put(value) }
    mutating func encode(_ value: UInt16) throws { try put(value) }
    mutating func encode(_ value: UInt32) throws { try put(value) }
    mutating func encode(_ value: UInt64) throws { try put(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try put(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try put(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
      let nested = stream.openNested(.object, at: .element, in: level)
      return KeyedEncodingContainer(ObjectContainer<NestedKey>(stream: stream, level: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      ArrayContainer(stream: stream, level: stream.openNested(.array, at: .element, in: level))
    }

    mutating func superEncoder() -> any Encoder {
      ValueEncoder(stream: stream, slot: stream.openNested(.pending, at: .element, in: level))
    }
  }
}
