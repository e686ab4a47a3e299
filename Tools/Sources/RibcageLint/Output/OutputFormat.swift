/// How `ribcage lint` prints its report.
public enum OutputFormat: String, Sendable, CaseIterable {
  /// `path:line:col: warning: message [rule-id]`, the compiler's form (Xcode and editors read it).
  case text
  /// One JSON document: findings, notes and counts.
  case json
  /// SARIF 2.1.0, for code scanning (GitHub, GitLab, Azure DevOps).
  case sarif

  /// The report in this format; `colored` styles text for a terminal (machine formats never
  /// are: they are parsed, not read); `sarif` sets SARIF's links and result limit.
  public func render(
    _ report: LintReport, colored: Bool = false, sarif: SARIFOptions = SARIFOptions()
  ) -> String {
    switch self {
    case .text: TextReport.render(report, colored: colored)
    case .json: JSONReport.render(report)
    case .sarif: SARIFReport.render(report, rules: report.rules, options: sarif)
    }
  }
}

enum TextReport {
  static func render(_ report: LintReport, colored: Bool) -> String {
    report.findings.map { finding in
      line(
        location: "\(finding.path):\(finding.line):\(finding.column):",
        severity: finding.severity, message: finding.message, tag: finding.rule, colored: colored)
    }.joined(separator: "\n")
  }

  /// `location severity: message [tag]`, the compiler's form, styled for a terminal when
  /// `colored` (lint findings and graph problems alike).
  static func line(
    location: String, severity: Severity, message: String, tag: String, colored: Bool
  ) -> String {
    let label = "\(severity.rawValue):"
    let rest = "\(message) [\(tag)]"
    guard colored else { return "\(location) \(label) \(rest)" }
    return TerminalStyle.location.apply(location) + " "
      + TerminalStyle.label(severity).apply(label) + " " + rest
  }
}

enum JSONReport {
  static func render(_ report: LintReport) -> String {
    let findings = report.findings.map { finding in
      "    {\"rule\": \(JSONText.quote(finding.rule)), \"severity\": \"\(finding.severity.rawValue)\", "
        + "\"path\": \(JSONText.quote(finding.path)), \"line\": \(finding.line), "
        + "\"column\": \(finding.column), \"message\": \(JSONText.quote(finding.message)), "
        + "\"fingerprint\": \(JSONText.quote(finding.fingerprint))}"
    }
    let notes = report.notes.map { note in
      "    {\"path\": \(JSONText.quote(note.path)), \"kind\": \"\(note.kind.rawValue)\", "
        + "\"reason\": \(JSONText.quote(note.reason))}"
    }
    return """
      {
        "version": 1,
        "files": {"discovered": \(report.discoveredFileCount), "analyzed": \(report.analyzedFileCount), "lines": \(report.lineCount)},
        "baselineHidden": \(report.baselineHiddenCount),
        "configurations": [\(report.configurationFiles.map(JSONText.quote).joined(separator: ", "))],
        "findings": [
      \(findings.joined(separator: ",\n"))
        ],
        "notes": [
      \(notes.joined(separator: ",\n"))
        ]
      }
      """
      .replacingOccurrences(of: "[\n\n", with: "[\n")
  }
}
