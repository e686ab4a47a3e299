extension ViewModelEncoder.Stream {
  // MARK: Containers

  /// Turns the value place `slot` into an object or array, for an encoder asked for a
  /// container. Asked again (a subclass and its superclass sharing an encoder), the same
  /// object or array continues, as with `JSONEncoder`.
  func open(_ shape: Shape, at slot: LevelID) -> LevelID {
    guard reachOrFail(slot) else { return .dead }
    if top.shape == .pending {
      append(byte: shape == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
      top.shape = shape
    } else if top.shape != shape {
      let asked = shape == .object ? "a keyed container" : "an unkeyed container"
      let found =
        switch top.shape {
        case .object: "a keyed container"
        case .array: "an unkeyed container"
        default: "a single value"
        }
      _ = fail("\(asked) was asked for where \(found) was encoded", path: path(to: slot.depth))
      return .dead
    }
    return slot
  }

  /// Opens an object or array (or, `.pending`, a place for a super encoder's value) at `place`
  /// in `level`. It stays open until `level` writes again or is itself finished.
  func openNested(_ shape: Shape, at place: Place, in level: LevelID) -> LevelID {
    guard reachOrFail(level) else { return .dead }
    guard canNest else {
      _ = fail(Self.tooDeep, path: path(to: level.depth, then: place))
      return .dead
    }
    let nested: LevelID
    switch place {
    case .member(let name):
      appendKey(name)
      nested = push(shape, name: name, index: -1)
    case .element, .slot:
      separate()
      nested = push(shape, name: nil, index: top.count &- 1)
    }
    if shape == .object { append(byte: UInt8(ascii: "{")) }
    if shape == .array { append(byte: UInt8(ascii: "[")) }
    return nested
  }

  /// Members or elements `level` has written.
  func count(in level: LevelID) -> Int {
    guard isLive(level) else { return 0 }
    return level.depth == below.count ? top.count : below[level.depth].count
  }

  /// The keyed container for the value place `slot`, which it turns into an object.
  func keyedContainer<Key: CodingKey>(
    _ type: Key.Type, at slot: LevelID
  ) -> KeyedEncodingContainer<Key> {
    let level = open(.object, at: slot)
    guard level.serial != LevelID.dead.serial else {
      return KeyedEncodingContainer(ObjectContainer<Key>(stream: self, level: level))
    }
    let keyType = ObjectIdentifier(Key.self)
    let hash = UInt(bitPattern: keyType) &>> 4 &+ UInt(level.depth) &* 0x9E37
    let index = Int(hash % UInt(Self.cachedContainerCount))
    if let cached = containers[index], cached.keyType == keyType, cached.depth == level.depth {
      cached.cursor.level = level
      // The key type matched: the entry is a `KeyedContainerEntry<Key>`.
      return unsafeDowncast(cached, to: ViewModelEncoder.KeyedContainerEntry<Key>.self).container
    }
    let cursor = Cursor(level)
    let container = KeyedEncodingContainer(ObjectContainer<Key>(stream: self, cursor: cursor))
    containers[index] = ViewModelEncoder.KeyedContainerEntry(
      container, keyType: keyType, depth: level.depth, cursor: cursor)
    return container
  }

  func forgetContainers() {
    for index in containers.indices { containers[index] = nil }
  }

}
