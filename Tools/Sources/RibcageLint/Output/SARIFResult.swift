/// A result as SARIF lists it: a lint finding or a graph problem, at a place in a file.
struct SARIFResult {
  var ruleID: String
  var level: Severity
  var message: String
  /// The file, `nil` for a result about the whole run (`--root` naming no RIB).
  var path: String?
  var line: Int
  var column: Int
  /// What code scanning tracks the result by across commits, when the tool has one.
  var fingerprint: String?

  func json(ruleIndex: Int) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("ruleId", .string(ruleID)), ("ruleIndex", .integer(ruleIndex)),
      ("level", .string(level.rawValue)), ("message", ["text": .string(message)]),
    ]
    if let path {
      let region: JSONValue = [
        "startLine": .integer(max(line, 1)), "startColumn": .integer(max(column, 1)),
      ]
      members.append(
        (
          "locations",
          [
            [
              "physicalLocation": [
                "artifactLocation": SARIFLocation.artifact(path), "region": region,
              ]
            ]
          ]
        ))
    }
    if let fingerprint {
      members.append(("partialFingerprints", ["ribcageFingerprint/v1": .string(fingerprint)]))
    }
    return .object(members)
  }
}
