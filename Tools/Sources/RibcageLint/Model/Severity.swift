/// How serious a finding is. `error` findings make `ribcage lint` exit 1.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
  case warning
  case error

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs == .warning && rhs == .error }
}
