/// What a SARIF report links to and how many results it may hold (`--rules-url`,
/// `--sarif-limit`, for `lint` and `graph` alike).
public struct SARIFOptions: Sendable, Equatable {
  /// GitHub code scanning's limit: it rejects a run with more results than this.
  public static let codeScanningResultLimit = 25_000

  /// The base URL of the rules' documentation (`<url>/<rule-id>.md` is each rule's help link),
  /// e.g. the `docs/rules` folder of the Ribcage version a team uses. `nil` (the default) links
  /// nothing: SARIF's help links must be absolute URLs, and no published copy of the docs is
  /// assumed; each rule's help text then names its page in the repository, `docs/rules/<id>.md`.
  public var rulesURL: String?
  /// The most results the report holds; the rest are left out (errors are kept first) and a
  /// notification says how many.
  public var resultLimit: Int

  public init(rulesURL: String? = nil, resultLimit: Int = Self.codeScanningResultLimit) {
    self.rulesURL = rulesURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    self.resultLimit = max(0, resultLimit)
  }

  /// Whether `url` can be a SARIF help link: an absolute URI, a scheme (`https:`) first.
  public static func isAbsoluteURL(_ url: String) -> Bool {
    guard let colon = url.firstIndex(of: ":"), colon != url.startIndex,
      url[url.index(after: colon)...].contains(where: { !$0.isWhitespace }),
      !url.contains(where: { $0.isWhitespace })
    else { return false }
    let scheme = url[..<colon]
    guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
    return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  /// The items a report with these options holds: all of them up to the limit; past it, the
  /// errors first, then the rest, each in their report order.
  func kept<Item>(_ items: [Item], isError: (Item) -> Bool) -> [Item] {
    guard items.count > resultLimit else { return items }
    let errors = items.filter(isError)
    let others = items.filter { !isError($0) }
    return Array((errors + others).prefix(resultLimit))
  }
}
