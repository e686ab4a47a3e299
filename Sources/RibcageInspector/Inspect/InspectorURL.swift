import Foundation

/// Where an app's inspector connection goes: the one URL `ribcage inspect` prints
/// (`http://127.0.0.1:7420/?token=…`), or the same with `ws://`. The app connects to its
/// `/app` endpoint with the same token.
public struct InspectorURL: Sendable, Equatable, CustomStringConvertible {
  /// The server's host name or address.
  public let host: String
  /// The server's port.
  public let port: UInt16
  /// The token the server printed.
  public let token: String

  /// Reads `text`; a URL that is not `http://` or `ws://` with a host, a port and a `token`
  /// is an ``InspectorError/invalidURL(_:reason:)``. (`https`/`wss` need TLS, which this
  /// client does not speak: the inspector runs on the developer's machine.)
  public init(_ text: String) throws(InspectorError) {
    func invalid(_ reason: String) -> InspectorError { .invalidURL(text, reason: reason) }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let schemeEnd = trimmed.range(of: "://") else { throw invalid("no scheme") }
    let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
    guard scheme == "http" || scheme == "ws" else {
      throw invalid("the scheme must be http or ws (the inspector runs on this machine)")
    }
    // URL syntax is read per Unicode scalar, as the server and a browser read it: a scalar that
    // joins the one after it (U+070F) makes one Character of `\u{70F}?`.
    let rest = trimmed[schemeEnd.upperBound...].unicodeScalars
    let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
    let authority = rest[..<authorityEnd]
    var hostPart = authority
    var portText: Substring.UnicodeScalarView?
    if authority.first == "[" {
      guard let close = authority.firstIndex(of: "]") else { throw invalid("unclosed [") }
      hostPart = authority[authority.index(after: authority.startIndex)..<close]
      let after = authority[authority.index(after: close)...]
      if after.first == ":" { portText = after.dropFirst() }
    } else if let colon = authority.lastIndex(of: ":") {
      hostPart = authority[..<colon]
      portText = authority[authority.index(after: colon)...]
    }
    guard !hostPart.isEmpty else { throw invalid("no host") }
    // The host is written into the request's Host line, where a line break would add a header.
    guard hostPart.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
      throw invalid("the host has characters a URL cannot carry")
    }
    guard let portText, let port = UInt16(String(portText)), port > 0 else {
      throw invalid("no port (ribcage inspect prints the whole URL)")
    }
    var token: String?
    if let query = rest.firstIndex(of: "?") {
      for item in rest[rest.index(after: query)...].split(separator: "&") {
        let pair = item.split(separator: "=", maxSplits: 1)
        if pair.count == 2, String(pair[0]) == "token" { token = String(pair[1]) }
      }
    }
    guard let token, !token.isEmpty else { throw invalid("no token") }
    guard token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "#") }) else {
      throw invalid("the token has characters a URL cannot carry")
    }
    self.host = String(hostPart)
    self.port = port
    self.token = token
  }

  /// The request target of the app endpoint.
  var appTarget: String { "/app?token=\(token)" }

  public var description: String { "ws://\(host):\(port)/app" }
}
