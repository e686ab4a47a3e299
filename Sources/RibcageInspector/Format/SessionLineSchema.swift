import Ribcage

/// The fields each line of a `ribcage-session` file may carry and their JSON types: one table
/// that the timeline loader, `ribcage inspect`'s server and its `--html` report all check lines
/// against, so a line one of them keeps is a line the others keep too, and nothing downstream
/// ever meets an id that is not a number or a name that is not text.
///
/// The table is `docs/session-format.json` in Swift (the format's one definition, which the page's
/// reader follows too): `SessionFormatSchemaTests` checks that they say the same, and that what
/// the recorder writes fits them.
///
/// Only types are checked here, not how lines relate (a detached RIB, a sequence number going
/// back): that is the timeline's replay.
public enum SessionLineSchema {
  /// A field's JSON type.
  enum FieldType: Sendable {
    /// An integer a browser reads exactly: 0 through 2^53 − 1.
    case id
    /// An integer a browser reads exactly, negative or not: −(2^53 − 1) through 2^53 − 1.
    case integer
    /// A JSON scalar: a string, number, boolean or null (a flag's value).
    case scalar
    case string
    case bool
    /// An array of objects, each checked against the fields given.
    case objects([Field])
    /// An object checked against the fields given.
    case object([Field])
    /// Any JSON value (a view model, a flag's value).
    case any
  }

  struct Field: Sendable {
    let name: String
    let type: FieldType
    var required = false
    var nullable = false
  }

  /// The largest integer a browser's JavaScript reads exactly.
  public static let largestID: Int64 = (1 << 53) - 1

  /// Checks the header's fields (line 1); throws the first that is missing or of the wrong type.
  public static func checkHeader(_ object: [String: JSONValue]) throws(SessionFileError) {
    try check(object, against: header, line: 1, prefix: "")
  }

  /// Checks one event line's fields (`dropped` markers included); throws the first field that
  /// is missing or of the wrong type, naming `line`.
  public static func check(_ object: [String: JSONValue], line: Int) throws(SessionFileError) {
    guard case .string(let type)? = object["type"] else {
      throw object["type"] == nil
        ? .missingField(line: line, field: "type")
        : .wrongType(
          line: line, field: "type", expected: "a string", found: object["type"]!.typeName)
    }
    if type == "dropped" {
      try check(object, against: droppedAfterType, line: line, prefix: "")
      return
    }
    try check(object, against: commonAfterType, line: line, prefix: "")
    guard let kind = SessionEvent.Kind(rawValue: type) else { return }  // a newer writer's kind
    try check(object, against: fields(of: kind), line: line, prefix: "")
  }

  private static func check(
    _ object: [String: JSONValue], against fields: [Field], line: Int, prefix: String
  ) throws(SessionFileError) {
    for field in fields {
      guard let value = object[field.name] else {
        if field.required { throw .missingField(line: line, field: prefix + field.name) }
        continue
      }
      if value == .null {
        guard field.nullable || !field.required else {
          throw .wrongType(
            line: line, field: prefix + field.name, expected: expectation(field.type),
            found: "null")
        }
        continue
      }
      try check(value, as: field.type, line: line, field: prefix + field.name)
    }
  }

  private static func check(_ value: JSONValue, as type: FieldType, line: Int, field: String)
    throws(SessionFileError)
  {
    let fits: Bool
    switch (type, value) {
    case (.any, _): fits = true
    case (.id, .integer(let number)):
      guard (0...largestID).contains(number) else {
        throw .invalidValue(line: line, field: field, reason: "\(number) is not 0 to 2^53 - 1")
      }
      fits = true
    case (.integer, .integer(let number)):
      guard (-largestID...largestID).contains(number) else {
        throw .invalidValue(
          line: line, field: field, reason: "\(number) is not -(2^53 - 1) to 2^53 - 1")
      }
      fits = true
    case (.string, .string), (.bool, .bool): fits = true
    case (.scalar, .string), (.scalar, .integer), (.scalar, .number), (.scalar, .bool):
      fits = true
    case (.object(let fields), .object(let members)):
      try check(members, against: fields, line: line, prefix: field + ".")
      fits = true
    case (.objects(let fields), .array(let items)):
      for (index, item) in items.enumerated() {
        guard case .object(let members) = item else {
          throw .wrongType(
            line: line, field: "\(field)[\(index)]", expected: "an object", found: item.typeName)
        }
        try check(members, against: fields, line: line, prefix: "\(field)[\(index)].")
      }
      fits = true
    default: fits = false
    }
    guard fits else {
      throw .wrongType(line: line, field: field, expected: expectation(type), found: value.typeName)
    }
  }

  private static func expectation(_ type: FieldType) -> String {
    switch type {
    case .id: "an integer from 0 to 2^53 - 1"
    case .integer: "an integer from -(2^53 - 1) to 2^53 - 1"
    case .scalar: "a string, number, boolean or null"
    case .string: "a string"
    case .bool: "a boolean"
    case .objects: "an array of objects"
    case .object: "an object"
    case .any: "a value"
    }
  }

  // MARK: The table

  private static func required(_ name: String, _ type: FieldType, nullable: Bool = false) -> Field {
    Field(name: name, type: type, required: true, nullable: nullable)
  }

  private static func optional(_ name: String, _ type: FieldType) -> Field {
    Field(name: name, type: type, nullable: true)
  }

  static let header = [
    required("format", .string), required("version", .integer), required("app", .string),
    required("instance", .string), required("start", .string), optional("clock", .string),
    optional("byteBudget", .id), optional("keyframeInterval", .id),
  ]

  static let dropped = [
    required("type", .string), required("count", .id), optional("throughSeq", .id),
  ]

  static let common = [
    required("seq", .id), required("t", .integer), required("type", .string),
    optional("rib", .id), optional("path", .string),
  ]

  /// `common` and `dropped` without `type`, which `check` reads first: each line is checked
  /// once for it, not twice.
  private static let commonAfterType = common.filter { $0.name != "type" }
  private static let droppedAfterType = dropped.filter { $0.name != "type" }

  private static let keyframeRIB = [
    required("rib", .id), required("parent", .id, nullable: true), required("name", .string),
    optional("router", .string), required("active", .bool), optional("loaded", .bool),
    optional("view", .bool), optional("viewModelType", .string), optional("viewModel", .any),
  ]

  static func fields(of kind: SessionEvent.Kind) -> [Field] {
    switch kind {
    case .keyframe:
      [
        required("ribs", .objects(keyframeRIB)),
        optional(
          "flags",
          .objects([
            required("key", .string), required("value", .scalar, nullable: true),
            required("source", .string),
          ])
        ),
        optional("coreOnly", .bool),
        optional("workflows", .objects([required("run", .id), required("kind", .string)])),
      ]
    case .attach:
      [
        required("rib", .id), required("parent", .id, nullable: true), required("name", .string),
        optional("router", .string), optional("view", .bool), optional("active", .bool),
        optional("loaded", .bool),
      ]
    case .detach: [required("rib", .id), optional("parent", .id)]
    case .activate, .deactivate, .load: [required("rib", .id)]
    case .hook: [required("rib", .id), required("hook", .string), required("ns", .integer)]
    case .render:
      [
        optional("rib", .id), required("viewModelType", .string), optional("viewModel", .any),
        optional("viewModelOmitted", .string),
      ]
    case .workflow:
      [
        required("run", .id), required("kind", .string), required("phase", .string),
        optional("trigger", .string), optional("step", .id), optional("item", .string),
        optional("error", .string),
      ]
    case .link:
      [
        required("input", .string), required("handled", .bool), optional("pattern", .string),
        optional("error", .object([optional("case", .string), optional("message", .string)])),
      ]
    case .flag:
      [
        required("key", .string), optional("from", .scalar),
        required("to", .scalar, nullable: true), required("source", .string),
      ]
    case .coreOnly: [required("on", .bool)]
    case .plugin:
      [
        required("point", .string), required("plugin", .string), required("event", .string),
        required("flag", .string), optional("reason", .string), optional("pluginRib", .id),
      ]
    case .leak:
      [
        required("subtree", .string),
        required(
          "objects",
          .objects([
            optional("role", .string), optional("typeName", .string), optional("path", .string),
          ])),
      ]
    case .diagnostic:
      [required("kind", .string), required("severity", .string), required("message", .string)]
    case .mark: [required("text", .string)]
    }
  }
}
