/// Writes a ``JSONValue`` as text: the one JSON writer of the tools, strings escaped one way
/// (``JSONText``).
enum JSONWriter {
  enum Layout {
    /// Every non-empty array and object over several lines, indented by two spaces: SARIF,
    /// read by machines and now and then by a person debugging an upload.
    case indented
    /// One record per line: the document's keys one per line, each non-empty list of objects
    /// one object per line, everything else on its key's line — lint's and graph's JSON and the
    /// baseline file, which people read, diff and `grep`.
    case records
  }

  static func render(_ value: JSONValue, layout: Layout) -> String {
    var text = ""
    switch layout {
    case .indented: writeIndented(value, depth: 0, into: &text)
    case .records: writeRecords(value, into: &text)
    }
    return text
  }

  private static func writeRecords(_ value: JSONValue, into text: inout String) {
    guard case .object(let members) = value, !members.isEmpty else {
      return writeInline(value, into: &text)
    }
    text += "{\n"
    for (offset, member) in members.enumerated() {
      text += "  " + JSONText.quote(member.key) + ": "
      if case .array(let items) = member.value, !items.isEmpty, items.allSatisfy(\.isObject) {
        text += "[\n"
        for (index, item) in items.enumerated() {
          text += "    "
          writeInline(item, into: &text)
          text += index == items.count - 1 ? "\n" : ",\n"
        }
        text += "  ]"
      } else {
        writeInline(member.value, into: &text)
      }
      text += offset == members.count - 1 ? "\n" : ",\n"
    }
    text += "}"
  }

  private static func writeInline(_ value: JSONValue, into text: inout String) {
    switch value {
    case .array(let items):
      text += "["
      for (index, item) in items.enumerated() {
        if index > 0 { text += ", " }
        writeInline(item, into: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { text += ", " }
        text += JSONText.quote(member.key) + ": "
        writeInline(member.value, into: &text)
      }
      text += "}"
    case .string(let string): text += JSONText.quote(string)
    case .integer(let number): text += String(number)
    case .bool(let flag): text += flag ? "true" : "false"
    case .null: text += "null"
    }
  }

  private static func writeIndented(_ value: JSONValue, depth: Int, into text: inout String) {
    let inner = String(repeating: "  ", count: depth + 1)
    let outer = String(repeating: "  ", count: depth)
    switch value {
    case .array(let items) where !items.isEmpty:
      text += "[\n"
      for (index, item) in items.enumerated() {
        text += inner
        writeIndented(item, depth: depth + 1, into: &text)
        text += index == items.count - 1 ? "\n" : ",\n"
      }
      text += outer + "]"
    case .object(let members) where !members.isEmpty:
      text += "{\n"
      for (index, member) in members.enumerated() {
        text += inner + JSONText.quote(member.key) + ": "
        writeIndented(member.value, depth: depth + 1, into: &text)
        text += index == members.count - 1 ? "\n" : ",\n"
      }
      text += outer + "}"
    default: writeInline(value, into: &text)
    }
  }
}

extension JSONValue {
  fileprivate var isObject: Bool {
    if case .object = self { return true }
    return false
  }
}
