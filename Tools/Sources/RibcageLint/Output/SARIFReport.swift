import RibcageToolInfo

/// SARIF 2.1.0 (OASIS): one run, the rules as the tool's `reportingDescriptor`s with their help
/// text, one `result` per finding with a physical location relative to `%SRCROOT%`, and
/// fingerprints so code-scanning services track findings across commits.
enum SARIFReport {
  static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
  static let informationURI = "https://github.com/ribcage/ribcage/blob/main/docs/rules"

  static func render(_ report: LintReport, rules: [(rule: Rule, severity: Severity)]) -> String {
    let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.rule.id, $0) })
    let descriptors = rules.map { rule, severity in
      """
              {
                "id": \(JSONText.quote(rule.id)),
                "name": \(JSONText.quote(rule.name)),
                "shortDescription": {"text": \(JSONText.quote(rule.summary))},
                "fullDescription": {"text": \(JSONText.quote(rule.rationale))},
                "help": {
                  "text": \(JSONText.quote(helpText(rule))),
                  "markdown": \(JSONText.quote(helpMarkdown(rule)))
                },
                "helpUri": \(JSONText.quote("\(informationURI)/\(rule.id).md")),
                "defaultConfiguration": {"level": "\(severity.rawValue)"}
              }
      """
    }
    let results = report.findings.map { finding in
      """
              {
                "ruleId": \(JSONText.quote(finding.rule)),
                "ruleIndex": \(index[finding.rule] ?? 0),
                "level": "\(finding.severity.rawValue)",
                "message": {"text": \(JSONText.quote(finding.message))},
                "locations": [{
                  "physicalLocation": {
                    "artifactLocation": {"uri": \(JSONText.quote(uri(finding.path))), "uriBaseId": "%SRCROOT%"},
                    "region": {"startLine": \(finding.line), "startColumn": \(finding.column)}
                  }
                }],
                "partialFingerprints": {"ribcageFingerprint/v1": \(JSONText.quote(finding.fingerprint))}
              }
      """
    }
    let notifications = report.notes.map { note in
      """
              {
                "level": "\(note.kind == .skipped ? "warning" : "note")",
                "message": {"text": \(JSONText.quote("\(note.path): \(note.reason)"))},
                "locations": [{"physicalLocation": {"artifactLocation": {"uri": \(JSONText.quote(uri(note.path))), "uriBaseId": "%SRCROOT%"}}}]
              }
      """
    }
    return """
      {
        "$schema": "\(schema)",
        "version": "2.1.0",
        "runs": [
          {
            "tool": {
              "driver": {
                "name": "ribcage-lint",
                "informationUri": "\(informationURI)",
                "semanticVersion": \(JSONText.quote(ToolVersion.current)),
                "rules": [
      \(descriptors.joined(separator: ",\n"))
                ]
              }
            },
            "invocations": [
              {
                "executionSuccessful": true,
                "toolExecutionNotifications": [
      \(notifications.joined(separator: ",\n"))
                ]
              }
            ],
            "results": [
      \(results.joined(separator: ",\n"))
            ]
          }
        ]
      }
      """
  }

  static func helpText(_ rule: Rule) -> String {
    "\(rule.rationale)\n\nBad:\n    \(rule.badExample)\n\nGood:\n    \(rule.goodExample)"
  }

  static func helpMarkdown(_ rule: Rule) -> String {
    "\(rule.rationale)\n\nBad:\n\n```swift\n\(rule.badExample)\n```\n\nGood:\n\n```swift\n\(rule.goodExample)\n```"
  }

  /// A relative URI reference: path segments percent-encoded where needed.
  static func uri(_ path: String) -> String {
    var result = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "+"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return result
  }
}
