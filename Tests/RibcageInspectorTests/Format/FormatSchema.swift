import Foundation
@_spi(RibcageTools) import Ribcage

@_spi(RibcageTools) @testable import RibcageInspector

/// `docs/session-format.json`, the format's one definition, as the tests read it.
struct FormatSchema {
  /// One field: its type name, whether it must be there, whether a required field may be null,
  /// the object it holds (`of`), and the values a writer writes.
  struct Field: Equatable {
    var type: String
    var required = false
    var nullable = false
    var of: String?
    var values: [String]?
  }

  typealias Fields = [String: Field]

  let header: Fields
  let dropped: Fields
  let common: Fields
  let events: [String: Fields]
  let objects: [String: Fields]

  /// The repository's root folder: this file is in Tests/RibcageInspectorTests/Format.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The golden sessions both readers are checked on.
  static let goldens = root.appendingPathComponent("Tests/Golden/sessions")

  static func load() throws -> FormatSchema {
    let bytes = try [UInt8](
      Data(contentsOf: root.appendingPathComponent("docs/session-format.json")))
    let json = try JSONParser(maximumDepth: 16).parse(bytes)
    func fields(_ value: JSONValue?) -> Fields {
      var result: Fields = [:]
      for (name, field) in value?.objectValue ?? [:] {
        result[name] = Field(
          type: field["type"]?.stringValue ?? "?", required: field["required"]?.boolValue ?? false,
          nullable: field["nullable"]?.boolValue ?? false, of: field["of"]?.stringValue,
          values: field["values"]?.arrayValue?.compactMap(\.stringValue))
      }
      return result
    }
    return FormatSchema(
      header: fields(json["header"]), dropped: fields(json["dropped"]),
      common: fields(json["common"]),
      events: (json["events"]?.objectValue ?? [:]).mapValues { fields($0) },
      objects: (json["objects"]?.objectValue ?? [:]).mapValues { fields($0) })
  }

  /// Why `object` does not fit `fields` (the first problem, naming the field), or nil. Fields
  /// the schema does not list are problems too: a writer must not write what readers do not know.
  func problem(in object: [String: JSONValue], against fields: Fields, prefix: String = "")
    -> String?
  {
    for name in object.keys.sorted() where fields[name] == nil {
      return "\(prefix)\(name) is not in the schema"
    }
    for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
      guard let value = object[name], value != .null else {
        if field.required && !(object[name] == .null && field.nullable) {
          return "\(prefix)\(name) is missing"
        }
        continue
      }
      if let problem = problem(in: value, as: field, at: prefix + name) { return problem }
    }
    return nil
  }

  private func problem(in value: JSONValue, as field: Field, at path: String) -> String? {
    let fits: Bool
    switch (field.type, value) {
    case ("id", .integer(let number)): fits = (0...SessionLineSchema.largestID).contains(number)
    case ("integer", .integer(let number)): fits = abs(number) <= SessionLineSchema.largestID
    case ("string", .string(let text)): fits = field.values?.contains(text) ?? true
    case ("bool", .bool), ("json", _): fits = true
    case ("scalar", .string), ("scalar", .integer), ("scalar", .number), ("scalar", .bool):
      fits = true
    case ("object", .object(let members)):
      return problem(in: members, against: objects[field.of ?? ""] ?? [:], prefix: path + ".")
    case ("array", .array(let items)):
      for (index, item) in items.enumerated() {
        guard case .object(let members) = item else { return "\(path)[\(index)] is no object" }
        let found = problem(
          in: members, against: objects[field.of ?? ""] ?? [:], prefix: "\(path)[\(index)].")
        if let found { return found }
      }
      return nil
    default: fits = false
    }
    return fits ? nil : "\(path) is \(value.serialized()), not a \(field.type) of the schema"
  }
}

extension SessionFileError {
  /// The line and field the error names, if it names one.
  var lineAndField: (line: Int, field: String)? {
    switch self {
    case .missingField(let line, let field), .wrongType(let line, let field, _, _),
      .invalidValue(let line, let field, _), .inconsistent(let line, let field, _):
      (line, field)
    default: nil
    }
  }
}
