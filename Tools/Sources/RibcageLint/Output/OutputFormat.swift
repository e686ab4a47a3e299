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
    case .json: LintJSON.render(report)
    case .sarif: LintSARIF.render(report, options: sarif)
    }
  }
}
