/// A JSON value whose objects keep their keys in the order written, so every report has a fixed
/// key order: what ``JSONWriter`` writes for lint's and graph's JSON, their SARIF and the
/// baseline file. Literals make a document read like its output:
/// `["rule": .string(id), "line": .integer(line)]`.
indirect enum JSONValue: Sendable {
  case string(String)
  case integer(Int)
  case bool(Bool)
  case null
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  /// The text, or `null` when there is none.
  init(_ text: String?) {
    self = text.map(JSONValue.string) ?? .null
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  init(stringLiteral value: String) { self = .string(value) }
  init(integerLiteral value: Int) { self = .integer(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(elements.map { (key: $0.0, value: $0.1) })
  }
}
