extension ViewModelEncoder {
  /// The encoder a value encodes itself to: the place for one value, in the stream.
  struct ValueEncoder: Encoder {
    let stream: Stream
    let slot: LevelID

    var codingPath: [any CodingKey] { stream.codingPath(to: slot) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      stream.keyedContainer(Key.self, at: slot)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      ArrayContainer(stream: stream, level: stream.open(.array, at: slot))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      ValueContainer(stream: stream, slot: slot)
    }
  }

  /// Writes the one value of a value place.
  struct ValueContainer: SingleValueEncodingContainer {
    let stream: Stream
    let slot: LevelID

    var codingPath: [any CodingKey] { stream.codingPath(to: slot) }

    @inline(__always)
    private func put<T: Encodable>(_ value: T) throws {
      try stream.encode(value, at: .slot, in: slot)
    }

    mutating func encodeNil() throws { try stream.encodeNull(at: .slot, in: slot) }
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
  }
}
