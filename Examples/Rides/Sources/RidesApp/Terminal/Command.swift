/// One typed line: a verb and its arguments, e.g. `pickup airport` or `open rides://trip/42`.
public struct Command: Sendable, Equatable {
  /// The first word, lowercased.
  public let verb: String
  /// The words after the verb.
  public let arguments: [String]
  /// Everything after the verb, as typed (for `note ...` and `push {...}`).
  public let text: String

  /// Splits `line` into a command; `nil` for a blank line or a `#` comment.
  public init?(_ line: String) {
    let trimmed = line.trimmingSpaces()
    guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
    let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    verb = words[0].lowercased()
    arguments = Array(words.dropFirst())
    text = String(trimmed.dropFirst(words[0].count)).trimmingSpaces()
  }

  /// The only argument, or a usage error naming what was expected.
  public func single(_ what: String) throws(CommandError) -> String {
    guard arguments.count == 1 else { throw .usage("\(verb) <\(what)>") }
    return arguments[0]
  }
}

/// Why a command was not carried out. Nothing changed.
public enum CommandError: Error, Equatable, CustomStringConvertible {
  /// No screen offers the verb now.
  case unknown(String, available: [String])
  /// The arguments do not fit; the associated value is the usage.
  case usage(String)
  /// The app refused (bad place, unknown coupon, ...): the message says why.
  case rejected(String)

  public var description: String {
    switch self {
    case .unknown(let verb, let available):
      "unknown command '\(verb)'; available now: \(available.joined(separator: ", "))"
    case .usage(let usage): "usage: \(usage)"
    case .rejected(let reason): reason
    }
  }

  /// Wraps an app error's message.
  static func rejecting(_ error: any Error) -> CommandError {
    .rejected(String(describing: error))
  }
}

extension StringProtocol {
  func trimmingSpaces() -> String {
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }
}
