/// Turns URLs and push payloads into typed links — or into a typed error, with nothing changed.
///
/// An app registers URL patterns and push payload types, each with a function that builds its
/// link value from the matched parameters; whoever serves the link (a workflow over the RIB tree)
/// acts only on a complete, typed link.
///
/// ```swift
/// enum RidesLink: Equatable { case trip(id: Int), promo(code: String, source: String?) }
///
/// let links = DeepLinkRouter<RidesLink>()
/// try links.register("rides://trip/{id}") { .trip(id: try $0.int("id")) }
/// try links.register("https://rides.example.com/promo/{code}?source={source?}") {
///   .promo(code: try $0.string("code"), source: $0.optionalString("source"))
/// }
/// links.registerPush("trip_update") { .trip(id: try $0.int("trip")) }
///
/// links.link(for: "RIDES://trip/42/")                      // .success(.trip(id: 42))
/// links.link(for: "rides://trip/forty-two")                // .failure(.wrongType(...))
/// links.link(forPush: ["type": .string("trip_update"), "trip": .int(42)])
/// ```
///
/// When several patterns have the shape of a URL, the most specific decides, whatever the
/// registration order: comparing path segments left to right, at the first position where one
/// pattern has a literal and the other a parameter, the literal wins — so `rides://trip/new` is
/// reachable next to `rides://trip/{id}`, and `rides://trip/42` still goes to `{id}`. Patterns
/// equally specific are tried in registration order. The one that decides reports its own errors
/// (a missing query parameter, the make closure's errors); no other pattern is tried after it.
@MainActor
public final class DeepLinkRouter<Link> {
  /// Builds a link from a match.
  ///
  /// It may throw the ``DeepLinkError``s of ``DeepLinkMatch``'s accessors, or any error of its
  /// own, which is reported as ``DeepLinkError/rejected(input:reason:)``.
  public typealias Make = @MainActor (DeepLinkMatch) throws -> Link

  /// Sorted most specific first (`DeepLinkPattern.outranks(_:)`), equally specific ones in
  /// registration order: the first whose shape matches is the one that decides.
  private var patterns: [(pattern: DeepLinkPattern, make: Make)] = []
  private var pushTypes: [String: Make] = [:]
  /// The payload key that names a push payload's type.
  public let pushTypeKey: String
  private let eventRelay = EventRelay<DeepLinkEvent>()

  /// Every URL and payload looked up, with the pattern that handled it or the error, as it
  /// happens (for a session recorder or analytics).
  public var events: EventStream<DeepLinkEvent> { eventRelay.stream }

  /// Creates a router; push payloads name their type under `pushTypeKey`.
  public init(pushTypeKey: String = "type") {
    self.pushTypeKey = pushTypeKey
  }

  /// Registers a URL pattern; an invalid pattern is an error naming it.
  ///
  /// The pattern goes after every pattern at least as specific and before the first it outranks:
  /// matching stays one pass that stops at the first match, and a literal route registered after
  /// a parameter route is still reachable.
  public func register(_ template: String, make: @escaping Make) throws(DeepLinkPatternError) {
    let pattern = try DeepLinkPattern(template)
    let position = patterns.firstIndex { pattern.outranks($0.pattern) } ?? patterns.endIndex
    patterns.insert((pattern, make), at: position)
  }

  /// Registers the push payloads whose type is `type`.
  public func registerPush(_ type: String, make: @escaping Make) {
    pushTypes[type] = make
  }

  /// The link `url` stands for, or why it does not stand for one.
  public func link(for url: String) -> Result<Link, DeepLinkError> {
    var decided: String?
    let result = resolve(url, decided: &decided)
    if eventRelay.hasSubscribers { announce(input: url, pattern: decided, result) }
    return result
  }

  /// The link a push payload stands for, or why it does not stand for one.
  public func link(forPush payload: [String: ScalarValue]) -> Result<Link, DeepLinkError> {
    let result = resolve(push: payload)
    if eventRelay.hasSubscribers {
      var pattern: String?
      if case .string(let type)? = payload[pushTypeKey], pushTypes[type] != nil {
        pattern = "push \(type)"
      }
      announce(input: Self.describe(payload), pattern: pattern, result)
    }
    return result
  }

  private func announce(input: String, pattern: String?, _ result: Result<Link, DeepLinkError>) {
    switch result {
    case .success: eventRelay.send(DeepLinkEvent(input: input, pattern: pattern, error: nil))
    case .failure(let error):
      eventRelay.send(DeepLinkEvent(input: input, pattern: pattern, error: error))
    }
  }

  /// Resolves `url`, setting `decided` to the pattern that decided (for events).
  private func resolve(_ url: String, decided: inout String?) -> Result<
    Link, DeepLinkError
  > {
    let parsed: ParsedURL
    do {
      parsed = try ParsedURL(url)
    } catch {
      return .failure(.malformed(input: url, reason: error.reason))
    }
    for (pattern, make) in patterns {
      let parameters: [String: ScalarValue]
      do {
        guard let matched = try pattern.match(parsed) else { continue }
        parameters = matched
      } catch {
        decided = pattern.template
        return .failure(error)
      }
      decided = pattern.template
      return Self.build(
        make, DeepLinkMatch(pattern: pattern.template, parameters: parameters), input: url)
    }
    return .failure(.unhandled(input: url))
  }

  private func resolve(push payload: [String: ScalarValue]) -> Result<Link, DeepLinkError> {
    guard case .string(let type)? = payload[pushTypeKey] else {
      return .failure(
        .malformed(
          input: Self.describe(payload), reason: "no string \"\(pushTypeKey)\" naming its type"))
    }
    guard let make = pushTypes[type] else {
      return .failure(.unhandled(input: Self.describe(payload)))
    }
    return Self.build(
      make, DeepLinkMatch(pattern: "push \(type)", parameters: payload),
      input: "push \(type)")
  }

  private static func build(_ make: Make, _ match: DeepLinkMatch, input: String) -> Result<
    Link, DeepLinkError
  > {
    do {
      return .success(try make(match))
    } catch let error as DeepLinkError {
      return .failure(error)
    } catch {
      return .failure(.rejected(input: input, reason: "\(error)"))
    }
  }

  /// A payload as text for error messages, keys sorted.
  static func describe(_ payload: [String: ScalarValue]) -> String {
    var parts: [String] = []
    for key in payload.keys.sorted() { parts.append("\(key)=\(payload[key]!)") }
    return "push " + parts.joined(separator: ",")
  }
}
