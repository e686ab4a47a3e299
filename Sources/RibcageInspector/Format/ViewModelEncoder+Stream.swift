extension ViewModelEncoder {

  /// The text being written and the stack of levels still open in it, shared by every encoder
  /// and container of an `encode(_:into:)` call, and kept (with its buffer and cached
  /// containers) for the encoder's next call.
  ///
  /// A class holding its buffer as a raw pointer: every piece of text goes through it, and an
  /// `Array` would cost a uniqueness check per piece. Its state lives in stored properties read
  /// and written without dynamic exclusivity checks, since nothing holds an access to them across
  /// a call out to the value being encoded.
  final class Stream {
    // The stream's extensions, in files of their own, name the encoder's types as the class does.
    typealias LevelID = ViewModelEncoder.LevelID
    typealias Level = ViewModelEncoder.Level
    typealias Shape = ViewModelEncoder.Shape
    typealias Place = ViewModelEncoder.Place
    typealias Cursor = ViewModelEncoder.Cursor
    typealias CachedContainer = ViewModelEncoder.CachedContainer
    typealias NonFiniteNumber = ViewModelEncoder.NonFiniteNumber
    typealias PathKey = ViewModelEncoder.PathKey
    typealias ValueEncoder = ViewModelEncoder.ValueEncoder
    typealias ObjectContainer = ViewModelEncoder.ObjectContainer
    typealias ArrayContainer = ViewModelEncoder.ArrayContainer

    /// The text written (`JSONBytes`, shared with the session line writer).
    @exclusivity(unchecked) var text = JSONBytes(capacity: 1_024)
    /// The innermost open level, kept out of `below` so writing to it is a field access.
    @exclusivity(unchecked) var top = Level(serial: Stream.idle, shape: .pending)
    /// The open levels around `top`, outermost first: `below[depth]` is the level at `depth`.
    @exclusivity(unchecked) var below: [Level] = []
    @exclusivity(unchecked) private var nextSerial = 1
    /// A problem found where nothing can throw (asking for a container), or one that must not
    /// be swallowed by a value's own `try?`: thrown by the next write and at the end.
    @exclusivity(unchecked) var failure: ViewModelEncodingError?
    /// The stack address below which nesting stops: ``stackBudget`` under where the call began.
    @exclusivity(unchecked) private var stackLimit: UInt = 0
    /// Where an error the value threw itself was first seen, for the error reported at the end.
    @exclusivity(unchecked) var foreignError: (description: String, path: String)?

    /// Keyed containers made before, to hand out again: making one (a box, and run-time lookups
    /// of the generic types involved) costs more than a small struct's members. One entry per
    /// key type and depth, in a table indexed by both; a clash replaces the entry.
    @exclusivity(unchecked) var containers: [CachedContainer?] =
      Array(repeating: nil, count: Stream.cachedContainerCount)
    static let cachedContainerCount = 64

    /// What the buffer returns to after a call that needed more, so one huge value does not
    /// hold its memory for the rest of the session.
    private static let retainedCapacity = 1 << 16

    /// The serial of `top` between calls, matching no encoder or container (not even a dead
    /// one, whose serial is 0).
    private static let idle = -1

    init() {}

    deinit {
      text.deallocate()
    }

    /// Bytes written so far.
    var count: Int {
      @inline(__always) get { text.count }
      @inline(__always) set { text.count = newValue }
    }

    var base: UnsafeMutablePointer<UInt8> {
      @inline(__always) get { text.base }
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
      text.removeAll(retaining: Self.retainedCapacity)
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

    func isLive(_ level: LevelID) -> Bool {
      if level.depth == below.count { return level.serial == top.serial }
      return level.depth < below.count && below[level.depth].serial == level.serial
    }

    /// Makes `level` the innermost open level again, closing the levels opened inside it: a
    /// container writing again means the nested containers it handed out are done.
    @inline(__always)
    func reach(_ level: LevelID) throws {
      if level.serial != top.serial { try reachSlowly(level) }
    }

    private func reachSlowly(_ level: LevelID) throws {
      if let failure { throw failure }
      guard isLive(level) else { throw fail(Self.finishedContainer) }
      while below.count > level.depth { closeTop() }
    }

    /// `reach` for the calls that cannot throw: false (the failure recorded) if it is finished.
    func reachOrFail(_ level: LevelID) -> Bool {
      if level.serial == top.serial { return true }
      guard failure == nil else { return false }
      guard isLive(level) else {
        _ = fail(Self.finishedContainer)
        return false
      }
      while below.count > level.depth { closeTop() }
      return true
    }

    static let finishedContainer =
      "an encoder or container was used after the value it belongs to was finished, or after "
      + "the container around it wrote again (ViewModelEncoder writes in one pass)"

    /// Whether another level may open: not past ``maximumDepth``, nor with the stack run down
    /// by more than ``stackBudget`` since the call began.
    var canNest: Bool {
      below.count < maximumDepth && Self.stackAddress() > stackLimit
    }

    static let tooDeep =
      "values nest deeper than \(maximumDepth) levels or \(stackBudget / 1_024) KB of stack; is "
      + "there a cycle?"

    /// An address in the caller's stack frame (stacks grow down on every platform Swift runs on).
    @inline(never)
    private static func stackAddress() -> UInt {
      var marker: UInt8 = 0
      return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    func push(_ shape: Shape, name: String?, index: Int) -> LevelID {
      below.append(top)
      top = Level(serial: nextSerial, shape: shape, name: name, index: index)
      nextSerial += 1
      return LevelID(serial: top.serial, depth: below.count)
    }

    func closeTop() {
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
    func fail(_ reason: String, path: String = "") -> ViewModelEncodingError {
      if let failure { return failure }
      let error = ViewModelEncodingError(codingPath: path, reason: reason)
      failure = error
      return error
    }

    /// Writes what goes before a value at `place` in the innermost level: a comma and a key, or,
    /// for a single value, nothing but the check that it is the first.
    @inline(__always)
    func enter(_ place: Place) throws {
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
    func separate() {
      if top.count != 0 { append(byte: UInt8(ascii: ",")) }
      top.count &+= 1
    }

  }
}
