/// What a SARIF report links to and how many results it may hold.
public struct SARIFOptions: Sendable, Equatable {
  /// GitHub code scanning's limit: it rejects a run with more results than this.
  public static let codeScanningResultLimit = 25_000

  /// The base URL of the rules' documentation (`<url>/<rule-id>.md` is each rule's help link),
  /// e.g. the `docs/rules` folder of the Ribcage version a team uses. `nil` leaves the links
  /// out: the rules' help text is in the report either way.
  public var rulesURL: String?
  /// The most results the report holds; the rest are left out (errors are kept first) and a
  /// notification says how many.
  public var resultLimit: Int

  public init(rulesURL: String? = nil, resultLimit: Int = Self.codeScanningResultLimit) {
    self.rulesURL = rulesURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    self.resultLimit = max(0, resultLimit)
  }

  /// The findings a report with these options holds: all of them up to the limit; past it, the
  /// errors first, then the warnings, each in their report order.
  func kept(_ findings: [Finding]) -> [Finding] {
    guard findings.count > resultLimit else { return findings }
    let errors = findings.filter { $0.severity == .error }
    let warnings = findings.filter { $0.severity != .error }
    return Array((errors + warnings).prefix(resultLimit))
  }
}
