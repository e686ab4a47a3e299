/// ANSI styles for text a person reads on a terminal, the way the Swift compiler colours its
/// diagnostics. Only ever applied when the stream is a terminal and `NO_COLOR` is not set (the
/// caller decides): escape codes in a file, a pipe or JSON would be noise or corruption.
public enum TerminalStyle: String, Sendable, CaseIterable {
  /// `path:line:col:` and other places: bold.
  case location = "1"
  /// `error:`: bold red.
  case error = "1;31"
  /// `warning:`: bold magenta.
  case warning = "1;35"
  /// `note:`: bold.
  case note = "1;39"

  /// `text` wrapped in this style's escape codes.
  public func apply(_ text: String) -> String { "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" }

  /// The style of a severity's label.
  public static func label(_ severity: Severity) -> TerminalStyle {
    switch severity {
    case .error: .error
    case .warning: .warning
    }
  }
}
