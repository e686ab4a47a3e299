import HTTPTypes

/// Entry points for the fuzzing package (`Fuzzing/ToolsTargets`, see docs/fuzzing.md): they
/// reach the server's parsers of what comes in from a socket or a file without making their
/// types API. Not for other code; the SPI name says so.
@_spi(RibcageFuzzing)
public enum InspectFuzzing {
  /// The request target's path and query items, as the server splits them before any check.
  public static func split(_ target: String) -> (path: Substring, query: [Substring: Substring]) {
    AccessCheck.split(target)
  }

  /// Why a server with `token`, listening on `host`, refuses a GET request for `target` that
  /// addresses it as `authority` with `headers` (header names that are not HTTP tokens are left
  /// out, as the HTTP layer would refuse them), or `nil` when it lets the request in.
  public static func refusal(
    token: String, host: String, authority: String, target: String,
    headers: [(name: String, value: String)], webSocket: Bool
  ) -> String? {
    var fields = HTTPFields()
    for (name, value) in headers {
      guard let name = HTTPField.Name(name) else { continue }
      fields.append(HTTPField(name: name, value: value))
    }
    let request = HTTPRequest(
      method: .get, scheme: nil, authority: authority, path: target, headerFields: fields)
    return AccessCheck(token: token, host: host).refusal(for: request, webSocket: webSocket)?
      .description
  }

  /// An app connection's messages through the stream validator: for each, the number of event
  /// lines it kept and whether it carried the header, or the rejection that ends the connection
  /// (nothing after it is read, as the server closes the connection).
  public static func appStream(_ messages: [String], maximumLine: Int) -> [String] {
    var validator = AppStreamValidator()
    validator.maximumLine = maximumLine
    var verdicts: [String] = []
    for (index, message) in messages.enumerated() {
      do {
        if index == 0 {
          let hello = try validator.acceptHello(message)
          verdicts.append("hello \(hello.app) \(hello.instance) \(hello.remoteActions)")
        } else {
          let (header, lines) = try validator.acceptLines(message)
          verdicts.append("lines \(header != nil) \(lines.map { $0.seq ?? -1 })")
        }
      } catch {
        verdicts.append("rejected: \(error)")
        break
      }
    }
    return verdicts
  }

  /// A page's request as the server reads it: the message the app would receive for an
  /// `action` request, or why it is refused.
  public static func pageRequest(_ text: String) -> Result<String, any Error> {
    guard let request = AppStreamValidator.object(text), request["type"] as? String == "action",
      let action = request["action"]
    else {
      return .failure(AppStreamValidator.Rejection("not an action request"))
    }
    do {
      return .success(try PageAction.decode(action).message)
    } catch {
      return .failure(error)
    }
  }

  /// A recorded session file's lines through the filter the server applies to files it opens:
  /// the verdict for each line.
  public static func sessionFileLines(_ bytes: [UInt8]) -> [String] {
    var filter = SessionLineFilter()
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    return lines.enumerated().map { index, line in
      "\(filter.check(line, number: index + 1, isLast: index == lines.count - 1))"
    }
  }
}
