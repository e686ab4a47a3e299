/// Lint findings in the compiler's form, `path:line:col: warning: message [rule-id]`.
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
