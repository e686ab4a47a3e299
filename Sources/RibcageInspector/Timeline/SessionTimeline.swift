import Foundation
@_spi(RibcageTools) import Ribcage

/// A loaded `ribcage-session`: its header, its events, and any moment of it rebuilt — the tree,
/// every RIB's latest view model, the flags — with what each event changed.
///
/// ```swift
/// let timeline = try SessionTimeline(contentsOfFile: "/tmp/session.jsonl")
/// let moment = timeline.moment(at: 120)
/// print(moment.treeText)
/// print(moment.rib(at: "Root/LoggedIn/Request")?.viewModel?.serialized() ?? "-")
/// ```
///
/// Loading reads and checks every line once (a typed ``SessionFileError`` names the line and the
/// field of the first problem; a last line torn by a crash is left out with a warning) and keeps a
/// checkpoint of the state at every keyframe and every ``checkpointInterval`` events, so a moment
/// is rebuilt from the nearest checkpoint, never by replaying from the start.
public struct SessionTimeline: Sendable {
  /// Limits on what the loader accepts.
  public struct Limits: Sendable {
    /// The largest file (default 1 GiB).
    public var maximumBytes: Int
    /// The longest line (default 64 MiB).
    public var maximumLineBytes: Int
    /// The deepest JSON nesting (default 128).
    public var maximumDepth: Int

    /// Creates limits.
    public init(
      maximumBytes: Int = 1 << 30, maximumLineBytes: Int = 64 << 20, maximumDepth: Int = 128
    ) {
      self.maximumBytes = maximumBytes
      self.maximumLineBytes = maximumLineBytes
      self.maximumDepth = maximumDepth
    }
  }

  /// The header: app, instance, start, version.
  public let header: SessionHeader
  /// Every event, in order.
  public let events: [SessionEvent]
  /// What the loader accepted with a caveat (a torn last line, unknown event types).
  public let warnings: [SessionFileWarning]
  /// Events the recorder's budget dropped before the first one here.
  public let droppedEventCount: Int64
  /// At most this many events are replayed to rebuild a moment.
  public static let checkpointInterval = 256

  /// States after the events at these indices, ascending.
  private let checkpoints: [(index: Int, state: TimelineState)]

  /// Loads the session file at `path`.
  public init(contentsOfFile path: String, limits: Limits = Limits()) throws(SessionFileError) {
    let data: Data
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      if let size = attributes[.size] as? Int, size > limits.maximumBytes {
        throw SessionFileError.tooLarge(bytes: size, limit: limits.maximumBytes)
      }
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch let error as SessionFileError {
      throw error
    } catch {
      throw .unreadable(path: path, reason: error.localizedDescription)
    }
    try self.init(bytes: [UInt8](data), limits: limits)
  }

  /// Loads what `recorder` holds now.
  @MainActor
  public init(_ recorder: SessionRecorder) throws(SessionFileError) {
    try self.init(bytes: recorder.sessionBytes())
  }

  /// Loads a session from its bytes.
  public init(bytes: [UInt8], limits: Limits = Limits()) throws(SessionFileError) {
    guard bytes.count <= limits.maximumBytes else {
      throw .tooLarge(bytes: bytes.count, limit: limits.maximumBytes)
    }
    var loader = SessionLoader(limits: limits)
    try loader.load(bytes)
    guard let header = loader.header else { throw .empty }
    self.header = header
    events = loader.events
    warnings = loader.warnings
    droppedEventCount = loader.dropped
    checkpoints = loader.checkpoints
  }

  /// The position of the event with sequence number `seq`, or of the last one before it.
  public func index(ofSequence seq: Int64) -> Int? {
    var low = 0
    var high = events.count
    while low < high {
      let middle = (low + high) / 2
      if events[middle].seq <= seq { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? nil : low - 1
  }

  /// The positions of the app's marks and their texts.
  public var marks: [(index: Int, text: String)] {
    events.indices.compactMap { index in
      events[index].kind == .mark ? (index, events[index].string("text") ?? "") : nil
    }
  }

  /// The session right after the event at `index` (a position in ``events``), with what that
  /// event changed.
  public func moment(at index: Int) -> TimelineMoment {
    precondition(events.indices.contains(index), "no event at index \(index)")
    var state = TimelineState()
    var position = 0
    // The last checkpoint strictly before the event: the event itself is applied with changes.
    var low = 0
    var high = checkpoints.count
    while low < high {
      let middle = (low + high) / 2
      if checkpoints[middle].index < index { low = middle + 1 } else { high = middle }
    }
    if low > 0 {
      state = checkpoints[low - 1].state
      position = checkpoints[low - 1].index + 1
    }
    var ignored: [TimelineChange]? = nil
    while position < index {
      // Loading checked every event: applying again cannot fail.
      try? TimelineReplay.apply(events[position], to: &state, changes: &ignored)
      position += 1
    }
    var changes: [TimelineChange]? = []
    try? TimelineReplay.apply(events[index], to: &state, changes: &changes)
    return TimelineMoment(
      index: index, event: events[index], ribs: state.preorder(), flags: state.flags,
      isCoreOnly: state.isCoreOnly, workflows: state.workflows, changes: changes ?? [])
  }
}

/// A session's first line.
public struct SessionHeader: Sendable, Equatable {
  /// The format version.
  public var version: Int
  /// The app's name.
  public var app: String
  /// The recording's id.
  public var instance: String
  /// When recording started, ISO 8601.
  public var start: String
  /// Every field of the header.
  public var fields: [String: JSONValue]
}

/// Reads a session line by line, checking each and building the checkpoints.
struct SessionLoader {
  let limits: SessionTimeline.Limits
  var header: SessionHeader?
  var events: [SessionEvent] = []
  var warnings: [SessionFileWarning] = []
  var dropped: Int64 = 0
  var checkpoints: [(index: Int, state: TimelineState)] = []
  private var state = TimelineState()
  private var lastSeq: Int64?
  private var sinceCheckpoint = 0

  init(limits: SessionTimeline.Limits) {
    self.limits = limits
  }

  mutating func load(_ bytes: [UInt8]) throws(SessionFileError) {
    let parser = JSONParser(maximumDepth: limits.maximumDepth)
    var lineNumber = 0
    var start = 0
    let newline = UInt8(ascii: "\n")
    while start < bytes.count {
      lineNumber += 1
      var end = start
      while end < bytes.count, bytes[end] != newline { end += 1 }
      let isLast = end >= bytes.count
      let length = end - start
      if length > limits.maximumLineBytes {
        throw .lineTooLong(line: lineNumber, bytes: length, limit: limits.maximumLineBytes)
      }
      defer { start = end + 1 }
      if bytes[start..<end].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      let value: JSONValue
      do {
        value = try parser.parse(bytes[start..<end])
      } catch {
        // A flight recorder must survive the crash it recorded: a last line with no newline
        // that does not parse was being written when the app stopped.
        if isLast, header != nil {
          warnings.append(.tornLastLine(line: lineNumber))
          break
        }
        if header == nil { throw .notASession(reason: "not JSON (\(error.description))") }
        throw .invalidJSON(line: lineNumber, reason: error.description)
      }
      guard case .object(let object) = value else {
        if header == nil { throw .notASession(reason: "not a JSON object") }
        throw .wrongType(
          line: lineNumber, field: "(line)", expected: "an object", found: value.typeName)
      }
      let reader = FieldReader(object: object, line: lineNumber)
      if header == nil {
        header = try Self.readHeader(reader)
      } else {
        try read(reader)
      }
    }
    if header == nil { throw .empty }
  }

  private static func readHeader(_ reader: FieldReader) throws(SessionFileError) -> SessionHeader {
    guard reader.object["format"]?.stringValue == SessionFormat.name else {
      throw .notASession(reason: "its \"format\" is not \"\(SessionFormat.name)\"")
    }
    let version = try reader.integer("version")
    guard version >= 1 else {
      throw .invalidValue(line: 1, field: "version", reason: "must be 1 or more, not \(version)")
    }
    guard version <= Int64(SessionFormat.version) else {
      throw .unsupportedVersion(found: Int(clamping: version), supported: SessionFormat.version)
    }
    try SessionLineSchema.checkHeader(reader.object)
    return SessionHeader(
      version: Int(version), app: try reader.string("app"), instance: try reader.string("instance"),
      start: try reader.string("start"), fields: reader.object)
  }

  private mutating func read(_ reader: FieldReader) throws(SessionFileError) {
    try SessionLineSchema.check(reader.object, line: reader.line)
    let type = try reader.string("type")
    if type == "dropped" {
      dropped += try reader.integer("count")
      return
    }
    let seq = try reader.integer("seq")
    if let lastSeq, seq <= lastSeq {
      throw .sequenceOutOfOrder(line: reader.line, seq: seq, previous: lastSeq)
    }
    let time = try reader.integer("t")
    guard let kind = SessionEvent.Kind(rawValue: type) else {
      warnings.append(.unknownEventType(line: reader.line, type: type))
      lastSeq = seq
      return
    }
    let event = SessionEvent(
      seq: seq, nanoseconds: time, kind: kind, rib: try reader.optionalInteger("rib"),
      path: try reader.optionalString("path"), fields: reader.object, line: reader.line)
    var noChanges: [TimelineChange]? = nil
    try TimelineReplay.apply(event, to: &state, changes: &noChanges)
    lastSeq = seq
    events.append(event)
    sinceCheckpoint += 1
    if kind == .keyframe || sinceCheckpoint >= SessionTimeline.checkpointInterval {
      checkpoints.append((events.count - 1, state))
      sinceCheckpoint = 0
    }
  }
}
