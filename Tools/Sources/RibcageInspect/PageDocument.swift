import Foundation

/// The inspector's page: one HTML document with its style and script inline (no build step, no
/// CDN), served by the server or written with a session inside as a self-contained report.
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
    guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Page"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else {
      return ""
    }
    return text
  }

  public static func html(mode: Mode) -> String {
    var page = resource("index.html")
    let modeName: String
    var embedded = ""
    var title = "Ribcage inspector"
    switch mode {
    case .live: modeName = "live"
    case .offline: modeName = "offline"
    case .report(let session, let name):
      modeName = "report"
      embedded = scriptSafe(session)
      title = "Ribcage session — \(name)"
    }
    page = page.replacingOccurrences(of: "/*STYLE*/", with: resource("inspector.css"))
    page = page.replacingOccurrences(of: "__MODE__", with: modeName)
    page = page.replacingOccurrences(of: "__TITLE__", with: htmlEscaped(title))
    // The script and the session go in last: their text is never searched for placeholders.
    let script = resource("inspector.js")
    page = page.replacingOccurrences(
      of: "/*SCRIPT*/", with: script.replacingOccurrences(of: "</script", with: "<\\/script"))
    return page.replacingOccurrences(of: "<!--SESSION-->", with: embedded)
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
