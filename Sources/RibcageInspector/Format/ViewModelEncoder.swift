/// Encodes `Encodable` values straight to compact JSON bytes, in one pass, for the session
/// recorder: it encodes every rendered view model on the main thread, and Foundation's
/// `JSONEncoder` (a tree of boxed values, then a serializing walk over it) costs 5–20 µs for a
/// small struct on Linux. This encoder writes each piece of text as `encode(to:)` hands it over,
/// into one buffer it keeps between calls, with no intermediate values.
///
/// ```swift
/// var encoder = ViewModelEncoder()
/// var json: [UInt8] = []
/// try encoder.encode(viewModel, into: &json)  // {"title":"Ride","rows":[{"name":"X"}]}
/// ```
///
/// The text matches `JSONEncoder` with its default strategies, except where noted:
/// - Keys come out in the order they are encoded, not sorted. A key encoded twice in one object
///   is written twice (`JSONEncoder` keeps the last; most parsers, Foundation's included, keep
///   the last too, but ``JSONParser`` rejects duplicates). `/` is not escaped.
/// - Nothing here knows Foundation, so `Date`, `Data`, `URL` and `Decimal` encode through their
///   own conformances: a `Date` is its `timeIntervalSinceReferenceDate` (the same as
///   `JSONEncoder`'s default `.deferredToDate`), but `Data` is an array of byte values rather
///   than base64, a `URL` an object (`{"relative":"https://…"}`) rather than a string, and a
///   `Decimal` an object of its parts rather than a number.
/// - A value that encodes nothing is `{}`, at the top level too (where `JSONEncoder` throws).
/// - Being one pass, a nested container (or `superEncoder`) is finished as soon as its parent
///   container writes again. Writing to it after that throws instead of reaching back into text
///   already written. Synthesized conformances never do this; hand-written ones rarely do.
/// - Containers asked for in a way `JSONEncoder` traps on (a keyed container where an array was
///   already encoded, a second value through a single value container) throw instead.
/// - Values nested more than ``maximumDepth`` deep, or deep enough to take ``stackBudget`` of
///   stack, throw: a class graph with a cycle would otherwise recurse until the stack overflows.
/// - `codingPath` holds stand-in keys with the real keys' string values (array elements:
///   their index), since only those are kept.
/// - The keyed container a value asks its encoder for is made once per key type and depth, and
///   handed out again to the next value of that type there (making one costs more than all the
///   members a small struct writes). So a keyed container kept past its value's `encode(to:)`,
///   and used once another value of the same type is being encoded at the same depth, writes
///   into that value, where otherwise it throws. Nested containers are made fresh each time.
///
/// Not `Sendable`: an encoder belongs to the thread that records. A copy of an encoder is
/// independent (it gets its own buffer the first time it encodes).
struct ViewModelEncoder {
  /// How deep values and containers may nest. JSON text nested this deep is no view model: it is
  /// almost certainly a cycle, which is reported rather than recursed on.
  static let maximumDepth = 512

  /// How much stack nested values may take before encoding stops as if they nested too deep.
  /// A depth alone does not keep the stack from overflowing: a level takes about 0.9 KB of stack
  /// in an optimized build but about 3 KB unoptimized, and a secondary thread (Swift
  /// concurrency's among them, on Apple platforms) has only 512 KB.
  static let stackBudget = 256 * 1_024

  private var owner = Owner()

  init() {}

  /// Appends the JSON of `value` to `bytes`.
  ///
  /// Typed throws: the `Encoder` protocols underneath throw untyped errors, and those are caught
  /// here, so callers see one error type. An error thrown by `value`'s own `encode(to:)` is
  /// wrapped, its description as the ``ViewModelEncodingError/reason``.
  ///
  /// - Throws: ``ViewModelEncodingError`` for values JSON cannot hold (a non-finite number), for
  ///   nesting beyond ``maximumDepth`` or ``stackBudget``, for containers used out of order,
  ///   and for errors the value throws itself. `bytes` is then left as it was.
  mutating func encode(
    _ value: some Encodable, into bytes: inout [UInt8]
  ) throws(ViewModelEncodingError) {
    // A copy of this encoder shares the stream until one of them encodes: they must not write
    // into each other's text. (Containers hold the stream, never the owner.)
    if !isKnownUniquelyReferenced(&owner) { owner = Owner() }
    let stream = owner.stream
    let root = stream.begin()
    defer { stream.end() }
    do {
      try value.encode(to: ValueEncoder(stream: stream, slot: root))
      try stream.finishRoot()
    } catch {
      throw stream.encodingError(for: error)
    }
    stream.copy(into: &bytes)
  }
}

/// Why a value could not be encoded, and where.
struct ViewModelEncodingError: Error, Sendable, CustomStringConvertible {
  /// Where in the value the problem is, as `rows[2].price`; empty for the value itself.
  var codingPath: String
  /// What the problem is.
  var reason: String

  var description: String {
    codingPath.isEmpty ? reason : "\(reason) (at \(codingPath))"
  }
}

// MARK: - The stream

extension ViewModelEncoder {
  /// Owns an encoder's stream for as long as some copy of the encoder exists. The stream's
  /// cached containers hold the stream, so this is what lets them go.
  fileprivate final class Owner {
    let stream = Stream()

    deinit {
      stream.forgetContainers()
    }
  }

  /// Identifies an open level of the text being written: its position in the stack of open
  /// levels, and a serial number so that an encoder or container kept past its level's end (a
  /// new level may reuse the position) is recognized as finished rather than writing in the
  /// wrong place.
  fileprivate struct LevelID {
    var serial: Int
    var depth: Int

    /// What an encoder or container gets when it could not be opened: it matches no level, so
    /// everything written through it throws (the stream's failure, recorded when it was made).
    static let dead = LevelID(serial: 0, depth: .max)
  }

  /// What an open level has become so far, which decides what closes it.
  fileprivate enum Shape {
    /// A place for one value, which has not asked for a container yet: `{}` if it never does
    /// (what `JSONEncoder` writes for a value that encodes nothing).
    case pending
    case object
    case array
    /// A place that holds a single value already written.
    case filled
  }

  /// An object, array or value place still open in the text.
  fileprivate struct Level {
    var serial: Int
    var shape: Shape
    /// Members or elements written so far: a comma goes before the next one.
    var count = 0
    /// The key this level sits under in its parent, for coding paths.
    var name: String?
    /// The index this level sits at in its parent array, or -1.
    var index = -1
  }

  /// Where the next value goes in the level that writes it.
  fileprivate enum Place {
    /// A member of an object, under this key.
    case member(String)
    /// The next element of an array.
    case element
    /// The level's one value (a single value container).
    case slot
  }

  /// Where a keyed container that is handed out again finds the level it writes to: the
  /// container itself sits in the box `KeyedEncodingContainer` made for it, beyond reach.
  fileprivate final class Cursor {
    @exclusivity(unchecked) var level: LevelID

    init(_ level: LevelID) {
      self.level = level
    }
  }

  /// A cached keyed container, without its key type (which a table of them cannot name).
  fileprivate class CachedContainer {
    let keyType: ObjectIdentifier
    let depth: Int
    let cursor: Cursor

    init(keyType: ObjectIdentifier, depth: Int, cursor: Cursor) {
      self.keyType = keyType
      self.depth = depth
      self.cursor = cursor
    }
  }

  fileprivate final class KeyedContainerEntry<Key: CodingKey>: CachedContainer {
    let container: KeyedEncodingContainer<Key>

    init(
      _ container: KeyedEncodingContainer<Key>, keyType: ObjectIdentifier, depth: Int,
      cursor: Cursor
    ) {
      self.container = container
      super.init(keyType: keyType, depth: depth, cursor: cursor)
    }
  }

  /// Thrown by the number writers, which do not know where the number goes; the caller turns it
  /// into a ``ViewModelEncodingError`` with the path.
  fileprivate struct NonFiniteNumber: Error {
    var reason: String
  }

  /// The text being written and the stack of levels still open in it, shared by every encoder
  /// and container of an `encode(_:into:)` call, and kept (with its buffer and cached
  /// containers) for the encoder's next call.
  ///
  /// A class holding its buffer as a raw pointer: every piece of text goes through it, and an
  /// `Array` would cost a uniqueness check per piece. Its state lives in stored properties read
  /// and written without dynamic exclusivity checks, since nothing holds an access to them across
  /// a call out to the value being encoded.
  fileprivate final class Stream {
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var count = 0
    /// The innermost open level, kept out of `below` so writing to it is a field access.
    @exclusivity(unchecked) private var top = Level(serial: Stream.idle, shape: .pending)
    /// The open levels around `top`, outermost first: `below[depth]` is the level at `depth`.
    @exclusivity(unchecked) private var below: [Level] = []
    @exclusivity(unchecked) private var nextSerial = 1
    /// A problem found where nothing can throw (asking for a container), or one that must not
    /// be swallowed by a value's own `try?`: thrown by the next write and at the end.
    @exclusivity(unchecked) private var failure: ViewModelEncodingError?
    /// The stack address below which nesting stops: ``stackBudget`` under where the call began.
    @exclusivity(unchecked) private var stackLimit: UInt = 0
    /// Where an error the value threw itself was first seen, for the error reported at the end.
    @exclusivity(unchecked) private var foreignError: (description: String, path: String)?

    /// Keyed containers made before, to hand out again: making one (a box, and run-time lookups
    /// of the generic types involved) costs more than a small struct's members. One entry per
    /// key type and depth, in a table indexed by both; a clash replaces the entry.
    @exclusivity(unchecked) private var containers: [CachedContainer?] =
      Array(repeating: nil, count: Stream.cachedContainerCount)
    private static let cachedContainerCount = 64

    /// What the buffer returns to after a call that needed more, so one huge value does not
    /// hold its memory for the rest of the session.
    private static let retainedCapacity = 1 << 16

    /// The serial of `top` between calls, matching no encoder or container (not even a dead
    /// one, whose serial is 0).
    private static let idle = -1

    init() {
      capacity = 1_024
      base = .allocate(capacity: capacity)
    }

    deinit {
      base.deallocate()
    }

    // MARK: Calls

    /// Starts a call: an empty text, and the place for the top-level value.
    func begin() -> LevelID {
      let start = Self.stackAddress()
      stackLimit = start > UInt(stackBudget) ? start &- UInt(stackBudget) : 0
      count = 0
      failure = nil
      foreignError = nil
      top = Level(serial: nextSerial, shape: .pending)
      nextSerial += 1
      return LevelID(serial: top.serial, depth: 0)
    }

    /// Ends a call, dropping the keys it kept and memory beyond what the next call needs.
    func end() {
      if !below.isEmpty { below.removeAll(keepingCapacity: true) }
      top = Level(serial: Self.idle, shape: .pending)
      count = 0
      if capacity > Self.retainedCapacity {
        base.deallocate()
        capacity = Self.retainedCapacity
        base = .allocate(capacity: capacity)
      }
    }

    /// Closes every level, once the top-level value has encoded itself.
    func finishRoot() throws {
      if let failure { throw failure }
      while !below.isEmpty { closeTop() }
      writeCloser(of: top.shape)
      top.shape = .filled
    }

    func copy(into bytes: inout [UInt8]) {
      bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }

    /// The error to report for `error`, thrown out of the top-level value.
    func encodingError(for error: any Error) -> ViewModelEncodingError {
      if let failure { return failure }
      if let error = error as? ViewModelEncodingError { return error }
      let description = String(describing: error)
      let path = foreignError?.description == description ? foreignError?.path ?? "" : ""
      return ViewModelEncodingError(codingPath: path, reason: description)
    }

    // MARK: Levels

    private func isLive(_ level: LevelID) -> Bool {
      if level.depth == below.count { return level.serial == top.serial }
      return level.depth < below.count && below[level.depth].serial == level.serial
    }

    /// Makes `level` the innermost open level again, closing the levels opened inside it: a
    /// container writing again means the nested containers it handed out are done.
    @inline(__always)
    private func reach(_ level: LevelID) throws {
      if level.serial != top.serial { try reachSlowly(level) }
    }

    private func reachSlowly(_ level: LevelID) throws {
      if let failure { throw failure }
      guard isLive(level) else { throw fail(Self.finishedContainer) }
      while below.count > level.depth { closeTop() }
    }

    /// `reach` for the calls that cannot throw: false (the failure recorded) if it is finished.
    private func reachOrFail(_ level: LevelID) -> Bool {
      if level.serial == top.serial { return true }
      guard failure == nil else { return false }
      guard isLive(level) else {
        _ = fail(Self.finishedContainer)
        return false
      }
      while below.count > level.depth { closeTop() }
      return true
    }

    private static let finishedContainer =
      "an encoder or container was used after the value it belongs to was finished, or after "
      + "the container around it wrote again (ViewModelEncoder writes in one pass)"

    /// Whether another level may open: not past ``maximumDepth``, nor with the stack run down
    /// by more than ``stackBudget`` since the call began.
    private var canNest: Bool {
      below.count < maximumDepth && Self.stackAddress() > stackLimit
    }

    private static let tooDeep =
      "values nest deeper than \(maximumDepth) levels or \(stackBudget / 1_024) KB of stack; is "
      + "there a cycle?"

    /// An address in the caller's stack frame (stacks grow down on every platform Swift runs on).
    @inline(never)
    private static func stackAddress() -> UInt {
      var marker: UInt8 = 0
      return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    private func push(_ shape: Shape, name: String?, index: Int) -> LevelID {
      below.append(top)
      top = Level(serial: nextSerial, shape: shape, name: name, index: index)
      nextSerial += 1
      return LevelID(serial: top.serial, depth: below.count)
    }

    private func closeTop() {
      writeCloser(of: top.shape)
      top = below.removeLast()
    }

    private func writeCloser(of shape: Shape) {
      switch shape {
      case .pending: appendLiteral("{}")
      case .object: append(byte: UInt8(ascii: "}"))
      case .array: append(byte: UInt8(ascii: "]"))
      case .filled: break
      }
    }

    /// Records `reason` as the call's failure (the first one stays) and returns it to throw.
    private func fail(_ reason: String, path: String = "") -> ViewModelEncodingError {
      if let failure { return failure }
      let error = ViewModelEncodingError(codingPath: path, reason: reason)
      failure = error
      return error
    }

    /// Writes what goes before a value at `place` in the innermost level: a comma and a key, or,
    /// for a single value, nothing but the check that it is the first.
    @inline(__always)
    private func enter(_ place: Place) throws {
      switch place {
      case .member(let name):
        appendKey(name)
      case .element:
        separate()
      case .slot:
        guard top.shape == .pending else {
          throw fail(
            "a second value was encoded where one value was already encoded",
            path: path(to: below.count, then: nil))
        }
        top.shape = .filled
      }
    }

    @inline(__always)
    private func separate() {
      if top.count != 0 { append(byte: UInt8(ascii: ",")) }
      top.count &+= 1
    }

    // MARK: Values

    /// Writes `value` at `place` in `level`: directly when it is a number, string or boolean,
    /// else by letting it encode itself into a new level. If it throws, the text and `level`
    /// are put back as they were, so a value whose own code catches the error (`try?`) still
    /// produces valid JSON, without the member that failed.
    @inline(__always)
    func encode<T: Encodable>(_ value: T, at place: Place, in level: LevelID) throws {
      try reach(level)
      let mark = count
      let levelCount = top.count
      try enter(place)
      do {
        if try appendScalar(value) { return }
        try encodeNested(value, at: place, in: level)
      } catch let number as NonFiniteNumber {
        restore(level, count: mark, levelCount: levelCount, place: place)
        throw ViewModelEncodingError(
          codingPath: path(to: level.depth, then: place), reason: number.reason)
      } catch {
        restore(level, count: mark, levelCount: levelCount, place: place)
        noteForeignError(error, at: level, then: place)
        throw error
      }
    }

    func encodeNull(at place: Place, in level: LevelID) throws {
      try reach(level)
      try enter(place)
      appendLiteral("null")
    }

    private func encodeNested<T: Encodable>(
      _ value: T, at place: Place, in level: LevelID
    ) throws {
      guard canNest else {
        throw fail(Self.tooDeep, path: path(to: level.depth, then: place))
      }
      let slot =
        switch place {
        case .member(let name): push(.pending, name: name, index: -1)
        case .element: push(.pending, name: nil, index: top.count &- 1)
        case .slot: push(.pending, name: nil, index: -1)
        }
      try value.encode(to: ValueEncoder(stream: self, slot: slot))
      if let failure { throw failure }
      if slot.serial != top.serial {
        guard isLive(slot) else { throw fail(Self.finishedContainer) }
        while below.count > slot.depth { closeTop() }
      }
      closeTop()
    }

    /// Undoes a value that threw: its text, the levels it opened, its place in `level`.
    private func restore(_ level: LevelID, count mark: Int, levelCount: Int, place: Place) {
      guard isLive(level) else { return }
      while below.count > level.depth { top = below.removeLast() }
      count = mark
      top.count = levelCount
      if case .slot = place { top.shape = .pending }
    }

    private func noteForeignError(_ error: any Error, at level: LevelID, then place: Place) {
      guard !(error is ViewModelEncodingError) else { return }
      // Each level the error passes out of calls this; the innermost one, first, knows where it
      // happened. A different description means a new error, after the value caught an old one.
      let description = String(describing: error)
      guard foreignError?.description != description else { return }
      foreignError = (description, path(to: level.depth, then: place))
    }

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
        return unsafeDowncast(cached, to: KeyedContainerEntry<Key>.self).container
      }
      let cursor = Cursor(level)
      let container = KeyedEncodingContainer(ObjectContainer<Key>(stream: self, cursor: cursor))
      containers[index] = KeyedContainerEntry(
        container, keyType: keyType, depth: level.depth, cursor: cursor)
      return container
    }

    func forgetContainers() {
      for index in containers.indices { containers[index] = nil }
    }

    // MARK: Coding paths

    private func level(at depth: Int) -> Level {
      depth == below.count ? top : below[depth]
    }

    func codingPath(to level: LevelID) -> [any CodingKey] {
      guard isLive(level), level.depth > 0 else { return [] }
      var path: [any CodingKey] = []
      for depth in 1...level.depth {
        let component = self.level(at: depth)
        if let name = component.name {
          path.append(PathKey(stringValue: name))
        } else if component.index >= 0 {
          path.append(PathKey(intValue: component.index))
        }
      }
      return path
    }

    /// The path to the level at `depth`, then to `place` in it, as `rows[2].price`.
    private func path(to depth: Int, then place: Place? = nil) -> String {
      var components: [(name: String?, index: Int)] = []
      if depth > 0, depth <= below.count {
        for depth in 1...depth {
          let component = level(at: depth)
          if component.name != nil || component.index >= 0 {
            components.append((component.name, component.index))
          }
        }
      }
      switch place {
      case .member(let name): components.append((name, -1))
      case .element: if depth == below.count { components.append((nil, top.count)) }
      case .slot, nil: break
      }
      // A cycle's path has hundreds of components: its ends say enough.
      if components.count > 24 {
        components = components.prefix(8) + [("…", -1)] + components.suffix(12)
      }
      var path = ""
      for (name, index) in components {
        if let name {
          if !path.isEmpty { path += "." }
          path += name
        } else {
          path += "[\(index)]"
        }
      }
      return path
    }

    // MARK: Text

    @inline(__always)
    private func reserve(_ extra: Int) {
      if count &+ extra > capacity { grow(to: count + extra) }
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
    private func append(byte: UInt8) {
      reserve(1)
      base[count] = byte
      count &+= 1
    }

    @inline(__always)
    private func append(_ start: UnsafePointer<UInt8>, _ length: Int) {
      reserve(length)
      (base + count).update(from: start, count: length)
      count &+= length
    }

    @inline(__always)
    private func appendLiteral(_ literal: StaticString) {
      append(literal.utf8Start, literal.utf8CodeUnitCount)
    }

    /// Writes `value` if it is one of the types JSON writes as a scalar, and says whether it
    /// was. Comparing type identities is a pointer comparison each when `T` is only known at run
    /// time (an array's elements), and folds away entirely where it is known.
    @inline(__always)
    private func appendScalar<T>(_ value: T) throws -> Bool {
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
    private func appendKey(_ name: String) {
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
      let plain = Self.copyPlain(utf8, to: base + (count &+ 1))
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
        guard Self.needsEscape(byte) else { continue }
        append(utf8.baseAddress! + runStart, index &- runStart)
        appendEscape(for: byte)
        runStart = index &+ 1
      }
      append(utf8.baseAddress! + runStart, length &- runStart)
      append(byte: UInt8(ascii: "\""))
      if colon { append(byte: UInt8(ascii: ":")) }
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
      byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Copies the bytes of `utf8` to `destination` up to the first one that needs escaping, and
    /// returns how many it copied. Eight bytes at a time, the last word overlapping the one
    /// before, and a short string as two overlapping halves: a per-byte loop, or a scan and a
    /// `memmove` call, made strings the largest part of an encode.
    @inline(__always)
    private static func copyPlain(
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
          if needsEscape(word) { return copyPlainBytes(utf8, to: destination, from: index) }
          target.storeBytes(of: word, toByteOffset: index, as: UInt64.self)
          index &+= 8
        }
        if index < length {
          let word = source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
          if needsEscape(word) { return copyPlainBytes(utf8, to: destination, from: index) }
          target.storeBytes(of: word, toByteOffset: length &- 8, as: UInt64.self)
        }
        return length
      }
      if length >= 4 {
        let head = source.loadUnaligned(as: UInt32.self)
        let tail = source.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
        if needsEscape(UInt64(head) | UInt64(tail) &<< 32) {
          return copyPlainBytes(utf8, to: destination, from: 0)
        }
        target.storeBytes(of: head, as: UInt32.self)
        target.storeBytes(of: tail, toByteOffset: length &- 4, as: UInt32.self)
        return length
      }
      return copyPlainBytes(utf8, to: destination, from: 0)
    }

    private static func copyPlainBytes(
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

    /// Whether any of the eight bytes in `word` needs escaping. `(x - 0x01…) & ~x & 0x80…` is
    /// nonzero exactly when some byte of `x` is zero (a borrow can only set bits above a byte
    /// that really is zero); applied to `word - 0x20…` it finds bytes below 0x20, and to `word`
    /// with quotes or backslashes turned to zero, those.
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highBits: UInt64 = 0x8080_8080_8080_8080
      let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
      let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
      let control = (word &- ones &* 0x20) & ~word
      let quote = (quotes &- ones) & ~quotes
      let backslash = (backslashes &- ones) & ~backslashes
      return (control | quote | backslash) & highBits != 0
    }

    private func appendEscape(for byte: UInt8) {
      reserve(6)
      base[count] = UInt8(ascii: "\\")
      let short: UInt8? =
        switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case 0x0A: UInt8(ascii: "n")
        case 0x0D: UInt8(ascii: "r")
        case 0x09: UInt8(ascii: "t")
        case 0x08: UInt8(ascii: "b")
        case 0x0C: UInt8(ascii: "f")
        default: nil
        }
      if let short {
        base[count &+ 1] = short
        count &+= 2
      } else {
        let hex: StaticString = "0123456789abcdef"
        base[count &+ 1] = UInt8(ascii: "u")
        base[count &+ 2] = UInt8(ascii: "0")
        base[count &+ 3] = UInt8(ascii: "0")
        base[count &+ 4] = hex.utf8Start[Int(byte >> 4)]
        base[count &+ 5] = hex.utf8Start[Int(byte & 0xF)]
        count &+= 6
      }
    }

    private func appendInteger<Integer: FixedWidthInteger>(_ value: Integer) {
      if Integer.isSigned && value < 0 { append(byte: UInt8(ascii: "-")) }
      appendDecimal(UInt64(truncatingIfNeeded: value.magnitude))
    }

    private func appendDecimal(_ value: UInt64) {
      if value < 10 {
        append(byte: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
        return
      }
      var digits = 2
      var limit: UInt64 = 100
      while digits < 20, value >= limit {
        digits &+= 1
        limit &*= 10
      }
      reserve(digits)
      // Two digits per division, from the right.
      let pairs = Self.digitPairs.utf8Start
      var remaining = value
      var position = count &+ digits
      while remaining >= 100 {
        let pair = Int(truncatingIfNeeded: remaining % 100) &* 2
        remaining /= 100
        position &-= 2
        base[position] = pairs[pair]
        base[position &+ 1] = pairs[pair &+ 1]
      }
      if remaining >= 10 {
        let pair = Int(truncatingIfNeeded: remaining) &* 2
        base[position &- 2] = pairs[pair]
        base[position &- 1] = pairs[pair &+ 1]
      } else {
        base[position &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
      }
      count &+= digits
    }

    /// "00" "01" ... "99": two digits per table read. Computed, so reading it is a constant,
    /// not a lazily initialised global.
    // swift-format-ignore
    private static var digitPairs: StaticString { "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899" }

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
}

// MARK: - Encoder and containers

extension ViewModelEncoder {
  /// A key in a coding path: a stand-in with the string value (or index) of the real key.
  fileprivate struct PathKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
      self.stringValue = stringValue
    }

    init(intValue: Int) {
      stringValue = "Index \(intValue)"
      self.intValue = intValue
    }
  }

  /// The encoder a value encodes itself to: the place for one value, in the stream.
  fileprivate struct ValueEncoder: Encoder {
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

  /// Writes members of an object. `encodeIfPresent` keeps its default (nothing for `nil`), so
  /// a synthesized conformance omits `nil` optionals, as with `JSONEncoder`.
  fileprivate struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
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

  /// Writes elements of an array.
  fileprivate struct ArrayContainer: UnkeyedEncodingContainer {
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

  /// Writes the one value of a value place.
  fileprivate struct ValueContainer: SingleValueEncodingContainer {
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
