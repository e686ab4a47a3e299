import RibcageToolInfo

/// SARIF 2.1.0 (OASIS): one run, the rules as the tool's `reportingDescriptor`s with their help
/// text, one `result` per finding with a physical location relative to `%SRCROOT%`, and
/// fingerprints so code-scanning services track findings across commits. Rule ids are the
/// rules' stable ids and paths are relative to the working directory, so alerts deduplicate
/// from run to run; past `options.resultLimit` results (GitHub takes 25,000 a run) the rest are
/// left out, errors kept first, and a notification says how many.
enum SARIFReport {
  static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

  static func render(
    _ report: LintReport, rules: [(rule: Rule, severity: Severity)],
    options: SARIFOptions = SARIFOptions()
  ) -> String {
    let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.rule.id, $0) })
    let kept = options.kept(report.findings)
    let helpURI = { (rule: Rule) in
      options.rulesURL.map { ",\n          \"helpUri\": \(JSONText.quote("\($0)/\(rule.id).md"))" }
        ?? ""
    }
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
                }\(helpURI(rule)),
                "defaultConfiguration": {"level": "\(severity.rawValue)"}
              }
      """
    }
    let results = kept.map { finding in
      """
              {
                "ruleId": \(JSONText.quote(finding.rule)),
                "ruleIndex": \(index[finding.rule] ?? 0),
                "level": "\(finding.severity.rawValue)",
                "message": {"text": \(JSONText.quote(finding.message))},
                "locations": [{
                  "physicalLocation": {
                    "artifactLocation": \(artifactLocation(finding.path)),
                    "region": {"startLine": \(finding.line), "startColumn": \(finding.column)}
                  }
                }],
                "partialFingerprints": {"ribcageFingerprint/v1": \(JSONText.quote(finding.fingerprint))}
              }
      """
    }
    var notifications = report.notes.map { note in
      """
              {
                "level": "\(note.kind == .skipped ? "warning" : "note")",
                "message": {"text": \(JSONText.quote("\(note.path): \(note.reason)"))},
                "locations": [{"physicalLocation": {"artifactLocation": \(artifactLocation(note.path))}}]
              }
      """
    }
    if kept.count < report.findings.count {
      let message =
        "\(report.findings.count - kept.count) of \(report.findings.count) results left out: "
        + "this report keeps \(options.resultLimit) (GitHub code scanning takes at most 25,000 a "
        + "run), errors first; `ribcage lint` prints them all"
      notifications.append(
        """
                {
                  "level": "warning",
                  "message": {"text": \(JSONText.quote(message))}
                }
        """)
    }
    let informationURI =
      options.rulesURL.map { "\n          \"informationUri\": \(JSONText.quote($0))," } ?? ""
    return """
      {
        "$schema": "\(schema)",
        "version": "2.1.0",
        "runs": [
          {
            "tool": {
              "driver": {
                "name": "ribcage-lint",\(informationURI)
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

  /// Where a file is: relative to `%SRCROOT%` (the folder `ribcage lint` ran in, which code
  /// scanning maps to the checkout) or, outside it, a `file://` URI.
  static func artifactLocation(_ path: String) -> String {
    path.hasPrefix("/")
      ? "{\"uri\": \(JSONText.quote("file://" + uri(path)))}"
      : "{\"uri\": \(JSONText.quote(uri(path))), \"uriBaseId\": \"%SRCROOT%\"}"
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
