import HTTPTypes

/// Who may talk to the server: the token on every request, and for browsers, the page's own
/// origin only (a page elsewhere cannot open a WebSocket to the inspector and read the app's
/// state, even if the token leaked into it).
struct AccessCheck: Sendable {
  enum Refusal: Error, Equatable, CustomStringConvertible {
    case missingToken
    case wrongToken
    case foreignOrigin(String)

    var description: String {
      switch self {
      case .missingToken: "no token"
      case .wrongToken: "a wrong token"
      case .foreignOrigin(let origin): "a WebSocket from another origin (\(origin))"
      }
    }

    var status: HTTPResponse.Status {
      switch self {
      case .missingToken, .wrongToken: .unauthorized
      case .foreignOrigin: .forbidden
      }
    }
  }

  let token: String

  /// The request target's path without its query, and the query's items.
  static func split(_ target: String) -> (path: Substring, query: [Substring: Substring]) {
    guard let mark = target.firstIndex(of: "?") else { return (target[...], [:]) }
    var items: [Substring: Substring] = [:]
    for item in target[target.index(after: mark)...].split(separator: "&") {
      let pair = item.split(separator: "=", maxSplits: 1)
      items[pair[0]] = pair.count == 2 ? pair[1] : ""
    }
    return (target[..<mark], items)
  }

  /// Checks the token (query `token=` or `Authorization: Bearer`) and, when the request comes
  /// from a browser (it has an `Origin`), that the origin is the server's own.
  func check(_ request: HTTPRequest, webSocket: Bool) throws(Refusal) {
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
    let authority = request.authority ?? ""
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
