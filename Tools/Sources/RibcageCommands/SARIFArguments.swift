import ArgumentParser
import RibcageLint

/// `--rules-url` and `--sarif-limit`: what `lint`'s and `graph`'s SARIF links to and holds.
struct SARIFArguments: ParsableArguments {
  @Option(
    help: """
      SARIF: the base URL of the rules' docs, an absolute URL (each rule links to \
      <url>/<rule-id>.md), e.g. https://github.com/<owner>/Ribcage/blob/<version>/docs/rules \
      (default: no links; each rule's help names its page, docs/rules/<rule-id>.md).
      """)
  var rulesURL: String?

  @Option(help: "SARIF: the most results to report, errors first (GitHub takes 25,000 a run).")
  var sarifLimit = SARIFOptions.codeScanningResultLimit

  /// The options, or a usage error (exit 2) for a limit below one or a link that is no URL.
  func options() throws -> SARIFOptions {
    if sarifLimit < 1 { throw ToolFailure("--sarif-limit must be at least 1, not \(sarifLimit)") }
    if let rulesURL, !SARIFOptions.isAbsoluteURL(rulesURL) {
      throw ToolFailure(
        "--rules-url must be an absolute URL (https://…/docs/rules), not '\(rulesURL)'")
    }
    return SARIFOptions(rulesURL: rulesURL, resultLimit: sarifLimit)
  }
}
