/// Where a flag value came from. Higher sources win: see ``FlagStore``.
public enum FlagSource: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
  /// The flag's own default — or a remote default: a value applied with
  /// `FlagStore.apply(_:from: .defaults)`, which beats the default in code and loses to every
  /// other source.
  case defaults = 0
  /// A local file shipped with or written by the app.
  case localFile = 1
  /// Values pushed at runtime: a config fetch, a push notification.
  case runtime = 2
  /// Switched off automatically because its plugin failed.
  case autoDisabled = 3
  /// Set by a test (or a debug menu); beats everything.
  case override = 4

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String {
    switch self {
    case .defaults: "defaults"
    case .localFile: "local file"
    case .runtime: "runtime"
    case .autoDisabled: "auto-disabled"
    case .override: "override"
    }
  }
}
