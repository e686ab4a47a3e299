/// A lint report as JSON (version 1): files read, findings and notes, one record per line.
enum LintJSON {
  static func render(_ report: LintReport) -> String {
    let findings: [JSONValue] = report.findings.map { finding in
      [
        "rule": .string(finding.rule), "severity": .string(finding.severity.rawValue),
        "path": .string(finding.path), "line": .integer(finding.line),
        "column": .integer(finding.column), "message": .string(finding.message),
        "fingerprint": .string(finding.fingerprint),
      ]
    }
    let document: JSONValue = [
      "version": 1,
      "files": [
        "discovered": .integer(report.discoveredFileCount),
        "analyzed": .integer(report.analyzedFileCount), "lines": .integer(report.lineCount),
      ],
      "baselineHidden": .integer(report.baselineHiddenCount),
      "configurations": .array(report.configurationFiles.map(JSONValue.string)),
      "findings": .array(findings),
      "notes": .array(report.notes.map(\.json)),
    ]
    return JSONWriter.render(document, layout: .records)
  }
}

extension FileNote {
  /// `{"path": …, "kind": …, "reason": …}`.
  var json: JSONValue {
    ["path": .string(path), "kind": .string(kind.rawValue), "reason": .string(reason)]
  }
}
