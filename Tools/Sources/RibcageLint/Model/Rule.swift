/// A rule's identity and documentation: what `--rule`, the config file, suppressions and SARIF
/// refer to.
public struct Rule: Sendable, Equatable {
  public let id: String
  public let name: String
  /// One line.
  public let summary: String
  /// The paragraph `docs/rules/<id>.md` and SARIF's help text start with.
  public let rationale: String
  public let badExample: String
  public let goodExample: String
  public let defaultSeverity: Severity
  /// Whether the rule runs when no configuration names it. Off-by-default rules are conventions
  /// whose findings are not faults often enough on real code (docs/lint-evaluation.md); a team
  /// that follows the convention turns them on with a severity in `.ribcage.yml`.
  public var isOnByDefault = true

  /// Every rule, in the order the issue lists them. Each rule's own file (`Rules/`) declares it, and ``RuleRegistry`` lists it.
  public static let all: [Rule] = RuleRegistry.rules.map { $0.description }

  /// The rule with `id`.
  public static func named(_ id: String) -> Rule? { all.first { $0.id == id } }
}
