import Foundation

/// The inspector's page: one HTML document with its style and script inline (no build step, no
/// CDN), served by the server or written with a session inside as a self-contained report.
///
/// Every document carries a strict Content-Security-Policy (in a `<meta>` element, and as a
/// header when served): only the document's own `<script>` and `<style>` run, named by a nonce
/// made for this document — no inline handlers, no `style` attributes, no other script — so
/// markup that a hostile session smuggled into the page would stay inert.
public enum PageDocument {
  public enum Mode: Sendable {
    /// Served by a running server: sessions come over the page's WebSocket.
    case live
    /// Served by `ribcage inspect FILE`: the same, read-only.
    case offline
    /// A file that opens with no server: the session is inside it.
    case report(session: String, title: String)
  }

  static func resource(_ name: String) -> String {
    guard let folder = PageResources.folder else {
      return name == "index.html" ? PageResources.missingNote : ""
    }
    let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }

  /// The document for `mode`, and the Content-Security-Policy it carries (a server sends it as a
  /// header too).
  public static func document(mode: Mode) -> (html: String, policy: String) {
    let nonce = InspectConfiguration.newToken()
    let policy = contentSecurityPolicy(nonce: nonce, connects: mode.connects)
    return (html(mode: mode, nonce: nonce, policy: policy), policy)
  }

  public static func html(mode: Mode) -> String {
    document(mode: mode).html
  }

  /// A report's document in two parts, for the session's lines to be written between them one
  /// by one (a long session is never held whole).
  static func reportParts(title: String) -> (before: String, after: String) {
    let nonce = InspectConfiguration.newToken()
    let policy = contentSecurityPolicy(nonce: nonce, connects: false)
    let values = placeholders(
      mode: .report(session: "", title: title), nonce: nonce, policy: policy)
    let template = resource("index.html")
    guard let range = template.range(of: sessionPlaceholder) else {
      return (filled(template, with: values), "")
    }
    return (
      filled(String(template[..<range.lowerBound]), with: values),
      filled(String(template[range.upperBound...]), with: values)
    )
  }

  /// Nothing but the document's own script and style (by `nonce`), images from data URLs, and
  /// for a served page WebSockets to its own server.
  static func contentSecurityPolicy(nonce: String, connects: Bool) -> String {
    "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; "
      + "img-src data:; connect-src \(connects ? "'self'" : "'none'"); base-uri 'none'; "
      + "form-action 'none'; frame-ancestors 'none'"
  }

  private static func html(mode: Mode, nonce: String, policy: String) -> String {
    filled(resource("index.html"), with: placeholders(mode: mode, nonce: nonce, policy: policy))
  }

  private static let sessionPlaceholder = "<!--SESSION-->"

  /// What each placeholder of `index.html` stands for.
  private static func placeholders(mode: Mode, nonce: String, policy: String) -> [String: String] {
    var values = [
      "__POLICY__": htmlEscaped(policy), "__NONCE__": nonce,
      "/*STYLE*/": resource("inspector.css"), "__MODE__": "live",
      "__TITLE__": htmlEscaped("Ribcage inspector"),
      // The session model first: the page's script reads it.
      "/*SCRIPT*/": (resource("session-model.js") + "\n" + resource("inspector.js"))
        .replacingOccurrences(of: "</script", with: "<\\/script"),
      sessionPlaceholder: "",
    ]
    switch mode {
    case .live: break
    case .offline: values["__MODE__"] = "offline"
    case .report(let session, let name):
      values["__MODE__"] = "report"
      values["__TITLE__"] = htmlEscaped("Ribcage session — \(name)")
      values[sessionPlaceholder] = scriptSafe(session)
    }
    return values
  }

  /// `template` with every placeholder replaced in one pass: what is put in (a title from a file
  /// name, a session) is never searched for placeholders, whatever it contains.
  static func filled(_ template: String, with values: [String: String]) -> String {
    var result = ""
    var rest = template[...]
    while true {
      var earliest: (range: Range<String.Index>, key: String)?
      for key in values.keys {
        if let range = rest.range(of: key),
          earliest == nil || range.lowerBound < earliest!.range.lowerBound
        {
          earliest = (range, key)
        }
      }
      guard let (range, key) = earliest else { break }
      result += rest[..<range.lowerBound]
      result += values[key]!
      rest = rest[range.upperBound...]
    }
    return result + rest
  }

  /// A session's JSON lines made safe inside a `<script>` element: `</` and `<!--` occur only
  /// inside JSON strings, where `<\/` and `<\u0021--` mean the same.
  static func scriptSafe(_ text: String) -> String {
    text.replacingOccurrences(of: "</", with: "<\\/").replacingOccurrences(
      of: "<!--", with: "<\\u0021--")
  }

  static func htmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}

extension PageDocument.Mode {
  /// Whether the page talks to a server (a report opens from a file and connects nowhere).
  var connects: Bool {
    if case .report = self { return false }
    return true
  }
}
