/// One URL or push payload a ``DeepLinkRouter`` looked up, delivered by
/// ``DeepLinkRouter/events``: the pattern that handled it, or the typed error that rejected it.
///
/// ```swift
/// let log = links.events.observe { event in print(event) }
/// // deep link rides://trip/42: handled by rides://trip/{id}
/// ```
public struct DeepLinkEvent: Sendable, Equatable, CustomStringConvertible {
  /// The URL, or the push payload as `push key=value,...`.
  public let input: String
  /// The pattern (or `push <type>`) that decided, if one did.
  public let pattern: String?
  /// Why no link came of it; `nil` when it was handled.
  public let error: DeepLinkError?

  /// Creates an event.
  public init(input: String, pattern: String?, error: DeepLinkError?) {
    self.input = input
    self.pattern = pattern
    self.error = error
  }

  /// Whether a link came of it.
  public var isHandled: Bool { error == nil }

  public var description: String {
    if let error { return "deep link \(input): rejected: \(error)" }
    return "deep link \(input): handled by \(pattern ?? "?")"
  }
}
