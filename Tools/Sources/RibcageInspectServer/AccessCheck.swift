import HTTPTypes

/// Who may talk to the server: requests addressed to the server by one of its own names (the
/// `Host` header: a loopback name or the configured `--host`, so a DNS-rebinding page is refused
/// before anything else), the token on every request, and for browsers, the page's own origin
/// only (a page elsewhere cannot open a WebSocket to the inspector and read the app's state, even
/// if the token leaked into it).
struct AccessCheck: Sendable {
  enum Refusal: Error, Equatable, CustomStringConvertible {
    case foreignHost(String)
    case missingToken
    case wrongToken
    case foreignOrigin(String)

    var description: String {
      switch self {
      case .foreignHost(let host):
        "a request for another host (\(LogText.escaped(host.prefix(100))))"
      case .missingToken: "no token"
      case .wrongToken: "a wrong token"
      case .foreignOrigin(let origin):
        "a WebSocket from another origin (\(LogText.escaped(origin.prefix(100))))"
      }
    }

    var status: HTTPResponse.Status {
      switch self {
      case .missingToken, .wrongToken: .unauthorized
      case .foreignHost, .foreignOrigin: .forbidden
      }
    }
  }

  let token: String
  /// The host names a request may address the server by (lowercased, IPv6 in brackets).
  let hostNames: Set<String>

  init(token: String, host: String = "127.0.0.1") {
    self.token = token
    var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
    let configured = host.lowercased()
    // A wildcard address is reached by a loopback name; any other by its own name too.
    if configured != "0.0.0.0" && configured != "::" {
      names.insert(configured.contains(":") ? "[\(configured)]" : configured)
    }
    hostNames = names
  }

  /// Whether `authority` (`name` or `name:port`) names this server.
  func isOwnHost(_ authority: String) -> Bool {
    let lowered = authority.lowercased()
    var name = Substring(lowered)
    if lowered.hasPrefix("[") {
      guard let close = lowered.firstIndex(of: "]") else { return false }
      name = lowered[...close]
      let rest = lowered[lowered.index(after: close)...]
      guard rest.isEmpty || (rest.first == ":" && Self.isPort(rest.dropFirst())) else {
        return false
      }
    } else if let colon = lowered.firstIndex(of: ":") {
      name = lowered[..<colon]
      guard Self.isPort(lowered[lowered.index(after: colon)...]) else { return false }
    }
    return hostNames.contains(String(name))
  }

  private static func isPort(_ text: Substring) -> Bool {
    !text.isEmpty && text.count <= 5 && text.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// The request target's path without its query, and the query's items (the first of a name
  /// repeated; a piece with no `=` has an empty value; empty pieces and names are ignored). Any
  /// text is split without trapping: this runs before the token is checked. URL syntax is read
  /// per Unicode scalar, as a browser reads it: a mark that joins the next scalar into one
  /// Character (U+070F before `&`) does not hide a separator.
  static func split(_ target: String) -> (path: Substring, query: [Substring: Substring]) {
    let scalars = target.unicodeScalars
    guard let mark = scalars.firstIndex(of: "?") else { return (target[...], [:]) }
    var items: [Substring: Substring] = [:]
    for item in scalars[scalars.index(after: mark)...].split(separator: "&") {
      let name = Substring(item.prefix { $0 != "=" })
      guard !name.isEmpty, items[name] == nil else { continue }
      items[name] = Substring(item.dropFirst(name.unicodeScalars.count + 1))
    }
    return (Substring(scalars[..<mark]), items)
  }

  /// Checks that the request addresses this server by one of its names, the token (query
  /// `token=` or `Authorization: Bearer`) and, when the request comes from a browser (it has an
  /// `Origin`), that the origin is the server's own.
  func check(_ request: HTTPRequest, webSocket: Bool) throws(Refusal) {
    let authority = request.authority ?? ""
    guard isOwnHost(authority) else { throw .foreignHost(authority) }
    let (_, query) = Self.split(request.path ?? "")
    var presented = query["token"].map(String.init)
    if presented == nil, let bearer = request.headerFields[.authorization],
      bearer.hasPrefix("Bearer ")
    {
      presented = String(bearer.dropFirst(7))
    }
    guard let presented, !presented.isEmpty else { throw .missingToken }
    guard Self.constantTimeEqual(presented, token) else { throw .wrongToken }
    guard webSocket else { return }
    // Browsers always send the page's origin (`http://host:port`, or `null`); only the page
    // this server serves may connect. Non-browser clients send none, or a `ws://` one.
    for origin in request.headerFields[values: .origin] {
      let nonBrowser = origin.hasPrefix("ws://") || origin.hasPrefix("wss://")
      guard nonBrowser || origin == "http://\(authority)" else { throw .foreignOrigin(origin) }
    }
  }

  /// The refusal for `request`, or `nil` when it may go on.
  func refusal(for request: HTTPRequest, webSocket: Bool) -> Refusal? {
    do {
      try check(request, webSocket: webSocket)
      return nil
    } catch {
      return error
    }
  }

  /// Compares without stopping at the first difference, so timing tells nothing of the token.
  static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    var difference = UInt8(x.count == y.count ? 0 : 1)
    for index in 0..<max(x.count, y.count) {
      difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
    }
    return difference == 0
  }
}
