/// A URL pattern such as `rides://trip/{id}` or
/// `https://rides.example.com/promo/{code}?source={source?}`.
///
/// Scheme, host and port must be equal (scheme and host ignoring ASCII case); path segments must
/// be equal, scalar for scalar, or, for `{name}`, non-empty; query parameters named in the
/// pattern are captured — required unless written `{name?}`, and an error when repeated — and
/// other query items are ignored. Normalisation rules are those of the URL parser
/// (percent-decoding, one trailing slash ignored, fragment ignored).
///
/// When several patterns match a URL, the most specific wins (see ``DeepLinkRouter``): a literal
/// segment outranks a parameter, so `rides://trip/new` is reachable next to `rides://trip/{id}`.
public struct DeepLinkPattern: Sendable, Hashable, CustomStringConvertible {
  enum Segment: Sendable, Hashable {
    case literal(String)
    case parameter(String)

    var isLiteral: Bool {
      if case .literal = self { return true }
      return false
    }
  }

  struct QueryParameter: Sendable, Hashable {
    let item: String
    let parameter: String
    let isOptional: Bool
  }

  /// The pattern as written.
  public let template: String
  let scheme: String
  let host: String
  let port: Int?
  let path: [Segment]
  let query: [QueryParameter]

  /// Parses `template`; a malformed template is a `DeepLinkPatternError` naming it.
  public init(_ template: String) throws(DeepLinkPatternError) {
    self.template = template
    // Braces are read after percent-decoding: `%7Ba%7D` would be a parameter nobody wrote.
    let lowercased = template.lowercased()
    if Self.hasScalars(lowercased, "%7b") || Self.hasScalars(lowercased, "%7d") {
      throw DeepLinkPatternError(
        pattern: template, reason: "an encoded brace (%7B, %7D) reads as a parameter's")
    }
    // Names are read after percent-decoding too: `{%41}` would name a parameter `A` that the
    // template, printed, does not show.
    if Self.hasEncodedName(template) {
      throw DeepLinkPatternError(
        pattern: template, reason: "a parameter name cannot be percent-encoded")
    }
    // `{name~optional~}` would be read as `{name?}`.
    if Self.hasScalars(template, Self.optionalMark + "}") {
      throw DeepLinkPatternError(pattern: template, reason: "invalid parameter name")
    }
    let url: ParsedURL
    do {
      // `{name?}` would otherwise start a query at its `?`: mark optional parameters first.
      url = try ParsedURL(
        String(
          template.unicodeScalars.replacing(
            "?}".unicodeScalars, with: (Self.optionalMark + "}").unicodeScalars)))
    } catch {
      throw DeepLinkPatternError(pattern: template, reason: error.reason)
    }
    scheme = url.scheme
    host = url.host
    port = url.port
    var names: Set<String> = []
    func parameterName(_ text: String) throws(DeepLinkPatternError) -> (String, Bool)? {
      let scalars = text.unicodeScalars
      guard scalars.first == "{", scalars.last == "}", scalars.count > 2 else {
        if Self.hasBrace(text) {
          throw DeepLinkPatternError(
            pattern: template, reason: "a parameter must be a whole segment or value: \(text)")
        }
        return nil
      }
      var nameScalars = scalars.dropFirst().dropLast()
      let mark = Self.optionalMark.unicodeScalars
      let isOptional = nameScalars.reversed().starts(with: mark.reversed())
      if isOptional { nameScalars = nameScalars.dropLast(mark.count) }
      let name = String(String.UnicodeScalarView(nameScalars))
      guard let first = name.first, first.isLetter || first == "_",
        name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), Self.holdsNoSyntax(name)
      else {
        throw DeepLinkPatternError(pattern: template, reason: "invalid parameter name \(text)")
      }
      guard names.insert(name).inserted else {
        throw DeepLinkPatternError(pattern: template, reason: "parameter \(name) appears twice")
      }
      return (name, isOptional)
    }
    var path: [Segment] = []
    for segment in url.path {
      if let (name, isOptional) = try parameterName(segment) {
        guard !isOptional else {
          throw DeepLinkPatternError(
            pattern: template, reason: "path parameters cannot be optional: \(segment)")
        }
        path.append(.parameter(name))
      } else {
        path.append(.literal(segment))
      }
    }
    self.path = path
    var query: [QueryParameter] = []
    for (item, value) in url.query {
      if Self.hasBrace(item) {
        throw DeepLinkPatternError(
          pattern: template, reason: "a parameter must be a whole segment or value: \(item)")
      }
      guard let (name, isOptional) = try parameterName(value) else {
        throw DeepLinkPatternError(
          pattern: template, reason: "query item \(item) must capture a parameter")
      }
      // A URL repeating a captured item is an error: a pattern naming it twice never matches.
      guard !query.contains(where: { $0.item == item }) else {
        throw DeepLinkPatternError(pattern: template, reason: "query item \(item) appears twice")
      }
      query.append(QueryParameter(item: item, parameter: name, isOptional: isOptional))
    }
    self.query = query
  }

  public var description: String { template }

  /// Whether `a` and `b` are the same scalars: how a URL's parts compare. Swift's `==` compares
  /// canonical equivalents equal (the Kelvin sign U+212A and `K`), so a URL that a server, a
  /// browser or an allow-list reads as another path would reach a pattern's literal.
  static func isSame(_ a: String, _ b: String) -> Bool {
    a.utf8.elementsEqual(b.utf8)
  }

  /// Whether `text` holds `syntax`, read per Unicode scalar: a scalar joined with the one before
  /// or after it makes one Character, which a Character search would not match.
  static func hasScalars(_ text: String, _ syntax: String) -> Bool {
    text.unicodeScalars.contains(syntax.unicodeScalars)
  }

  /// Whether every ASCII scalar of a parameter's `name` is a letter, a digit or `_`. URL syntax
  /// is ASCII, and a letter that joins the scalar after it (U+0D4E) makes one Character of
  /// `a\u{D4E}=` that reads as a letter.
  static func holdsNoSyntax(_ name: String) -> Bool {
    name.unicodeScalars.allSatisfy { scalar in
      !scalar.isASCII || scalar == "_" || scalar.properties.isAlphabetic
        || ("0"..."9").contains(scalar)
    }
  }

  /// Whether `text` holds a brace. URL syntax is read per Unicode scalar: a combining mark after
  /// a brace makes one Character of the two, which a Character comparison would not see.
  static func hasBrace(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 == "{" || $0 == "}" }
  }

  /// Whether a `%` appears between a `{` and the `}` that closes it.
  static func hasEncodedName(_ template: String) -> Bool {
    var insideBraces = false
    for character in template.unicodeScalars {
      switch character {
      case "{": insideBraces = true
      case "}": insideBraces = false
      case "%" where insideBraces: return true
      default: break
      }
    }
    return false
  }

  /// Whether this pattern wins over `other` when a URL matches both: at the first path segment
  /// where one has a literal and the other a parameter, the literal wins — so `trip/new` beats
  /// `trip/{id}` whatever the registration order. Two patterns a URL can match have as many
  /// segments and equal literals where both have one, so only that position decides; patterns
  /// no URL can match together are ordered by segment count, only to make this a total order (a
  /// router keeps its patterns sorted by it).
  func outranks(_ other: DeepLinkPattern) -> Bool {
    for (mine, theirs) in zip(path, other.path) where mine.isLiteral != theirs.isLiteral {
      return mine.isLiteral
    }
    return path.count > other.path.count
  }

  /// Stands for the `?` of `{name?}` while the template is split like a URL.
  private static let optionalMark = "~optional~"

  /// The parameters of `url` if it has this pattern's shape, `nil` if it does not; throws when
  /// the shape matches but a query parameter is missing or repeated.
  func match(_ url: ParsedURL) throws(DeepLinkError) -> [String: ScalarValue]? {
    guard Self.isSame(url.scheme, scheme), Self.isSame(url.host, host), url.port == port,
      url.path.count == path.count
    else { return nil }
    var parameters: [String: ScalarValue] = [:]
    for (segment, value) in zip(path, url.path) {
      switch segment {
      case .literal(let literal):
        guard Self.isSame(literal, value) else { return nil }
      case .parameter(let name):
        guard !value.isEmpty else { return nil }
        parameters[name] = .string(value)
      }
    }
    for parameter in query {
      var found: String?
      for item in url.query where Self.isSame(item.name, parameter.item) {
        guard found == nil else { throw .duplicateQueryItem(name: parameter.item) }
        found = item.value
      }
      if let found, !found.isEmpty {
        parameters[parameter.parameter] = .string(found)
      } else if !parameter.isOptional {
        throw .missingParameter(name: parameter.parameter, pattern: template)
      }
    }
    return parameters
  }
}
