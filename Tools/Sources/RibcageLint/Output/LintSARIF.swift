/// A lint report as SARIF (``SARIFLog``): the rules run, with their rationale and examples as
/// help, and one result per finding, fingerprinted.
enum LintSARIF {
  static func render(_ report: LintReport, options: SARIFOptions = SARIFOptions()) -> String {
    let rules = report.rules.map { rule, severity in
      SARIFRule(
        id: rule.id, name: rule.name, summary: rule.summary, rationale: rule.rationale,
        help: (helpText(rule), helpMarkdown(rule)), level: severity)
    }
    let results = report.findings.map { finding in
      SARIFResult(
        ruleID: finding.rule, level: finding.severity, message: finding.message,
        path: finding.path, line: finding.line, column: finding.column,
        fingerprint: finding.fingerprint)
    }
    return SARIFLog(
      command: "lint", rules: rules, results: results, notes: report.notes, options: options
    ).render()
  }

  static func helpText(_ rule: Rule) -> String {
    "\(rule.rationale)\n\nBad:\n    \(rule.badExample)\n\nGood:\n    \(rule.goodExample)"
  }

  static func helpMarkdown(_ rule: Rule) -> String {
    "\(rule.rationale)\n\nBad:\n\n```swift\n\(rule.badExample)\n```\n\nGood:\n\n```swift\n\(rule.goodExample)\n```"
  }
}
