import Ribcage

/// One recorded event of a session, as loaded by ``SessionTimeline``: its sequence number, time,
/// kind, the RIB it concerns, and every field as written (see `docs/inspect.md` for each kind's
/// fields).
public struct SessionEvent: Sendable, Equatable {
  /// The kinds of event of format version 1.
  public enum Kind: String, Sendable, CaseIterable {
    /// The whole tree, flags and running workflows at a segment's start.
    case keyframe
    /// A RIB was attached to its parent.
    case attach
    /// A RIB was detached from its parent.
    case detach
    /// A RIB's interactor became active.
    case activate
    /// A RIB's interactor resigned active.
    case deactivate
    /// A RIB was loaded (its router's `didLoad` ran).
    case load
    /// How long a lifecycle hook (`didBecomeActive`, `willResignActive`, `didLoad`) took.
    case hook
    /// A render loop rendered a view model.
    case render
    /// A workflow started, stepped, or ended.
    case workflow
    /// A deep link or push payload was handled, or refused with its error.
    case link
    /// A feature flag's effective value changed.
    case flag
    /// The flag store's "core only" switch changed.
    case coreOnly
    /// A plugin was attached, detached or switched off automatically.
    case plugin
    /// The leak detector reported objects alive after their detach.
    case leak
    /// A tree diagnostic (a misuse the tree refused) was reported.
    case diagnostic
    /// A mark the app recorded.
    case mark
  }

  /// The event's sequence number (increasing through the session).
  public let seq: Int64
  /// Nanoseconds since the recording started.
  public let nanoseconds: Int64
  /// What happened.
  public let kind: Kind
  /// The session id of the RIB it concerns, if any.
  public let rib: Int64?
  /// The RIB's path in the tree when it happened (`Root/LoggedIn/Request`), if any.
  public let path: String?
  /// Every field of the line.
  public let fields: [String: JSONValue]
  /// The line it was read from (1-based), for error messages and tools.
  public let line: Int

  /// A field's text, if it is a string.
  public func string(_ field: String) -> String? { fields[field]?.stringValue }

  /// A one-line description, e.g. `#12 activate Root/LoggedIn`.
  public var summary: String {
    var text = "#\(seq) \(kind.rawValue)"
    if let path { text += " \(path)" }
    switch kind {
    case .hook:
      text += " \(string("hook") ?? "?") \(fields["ns"]?.int64Value ?? 0) ns"
    case .render: text += " \(string("viewModelType") ?? "?")"
    case .workflow:
      text +=
        " \(string("kind") ?? "?") #\(fields["run"]?.int64Value ?? 0) \(string("phase") ?? "?")"
    case .link:
      text +=
        " \(string("input") ?? "?")"
        + (fields["handled"]?.boolValue == true ? " handled" : " rejected")
    case .flag:
      text +=
        " \(string("key") ?? "?") → \(fields["to"]?.serialized() ?? "?") (\(string("source") ?? "?"))"
    case .coreOnly: text += fields["on"]?.boolValue == true ? " on" : " off"
    case .plugin: text += " \(string("plugin") ?? "?") \(string("event") ?? "?")"
    case .leak: text += " \(string("subtree") ?? "?")"
    case .diagnostic: text += " \(string("kind") ?? "?"): \(string("message") ?? "")"
    case .mark: text += " \(string("text") ?? "")"
    case .keyframe, .attach, .detach, .activate, .deactivate, .load: break
    }
    return text
  }
}

/// Reads the fields of one line, failing with the line and field at fault.
struct FieldReader {
  let object: [String: JSONValue]
  let line: Int

  func value(_ field: String) throws(SessionFileError) -> JSONValue {
    guard let value = object[field] else { throw .missingField(line: line, field: prefix + field) }
    return value
  }

  func integer(_ field: String) throws(SessionFileError) -> Int64 {
    let found = try value(field)
    guard case .integer(let number) = found else {
      throw .wrongType(
        line: line, field: prefix + field, expected: "an integer", found: found.typeName)
    }
    return number
  }

  func optionalInteger(_ field: String) throws(SessionFileError) -> Int64? {
    guard let found = object[field], found != .null else { return nil }
    return try integer(field)
  }

  func string(_ field: String) throws(SessionFileError) -> String {
    let found = try value(field)
    guard case .string(let text) = found else {
      throw .wrongType(
        line: line, field: prefix + field, expected: "a string", found: found.typeName)
    }
    return text
  }

  func optionalString(_ field: String) throws(SessionFileError) -> String? {
    guard let found = object[field], found != .null else { return nil }
    return try string(field)
  }

  func bool(_ field: String) throws(SessionFileError) -> Bool {
    let found = try value(field)
    guard case .bool(let flag) = found else {
      throw .wrongType(
        line: line, field: prefix + field, expected: "a boolean", found: found.typeName)
    }
    return flag
  }

  func optionalBool(_ field: String) throws(SessionFileError) -> Bool? {
    guard let found = object[field], found != .null else { return nil }
    return try bool(field)
  }

  func array(_ field: String) throws(SessionFileError) -> [JSONValue] {
    let found = try value(field)
    guard case .array(let items) = found else {
      throw .wrongType(
        line: line, field: prefix + field, expected: "an array", found: found.typeName)
    }
    return items
  }

  /// The objects of an array field, each read with its own reader (`field[index].key` in errors).
  func objects(_ field: String) throws(SessionFileError) -> [FieldReader] {
    var readers: [FieldReader] = []
    for (index, item) in try array(field).enumerated() {
      guard case .object(let members) = item else {
        throw .wrongType(
          line: line, field: "\(field)[\(index)]", expected: "an object", found: item.typeName)
      }
      readers.append(FieldReader(object: members, line: line, prefix: "\(field)[\(index)]."))
    }
    return readers
  }

  var prefix = ""

  init(object: [String: JSONValue], line: Int, prefix: String = "") {
    self.object = object
    self.line = line
    self.prefix = prefix
  }
}
