import Foundation
import HummingbirdWebSocket

/// Checks what one app connection sends before the server keeps it: a hello, then session
/// lines — complete JSON objects, the first one the `ribcage-session` header. Anything else is
/// refused with the reason (and the connection closed): a broken or hostile client can neither
/// crash the server nor write garbage into a session file.
struct AppStreamValidator {
  struct Hello: Equatable {
    var app: String
    var instance: String
    var remoteActions: [String]
  }

  struct Rejection: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  static let knownActions: Set<String> = ["flag", "link", "sweep"]

  private(set) var hello: Hello?
  private var sawHeader = false

  /// Reads the first message of a connection.
  mutating func acceptHello(_ text: String) throws(Rejection) -> Hello {
    guard let object = Self.object(text), object["hello"] as? String == "ribcage-inspect" else {
      throw Rejection("the first message is not a ribcage-inspect hello")
    }
    guard let version = object["version"] as? Int, version == 1 else {
      throw Rejection("unsupported protocol version \(object["version"] ?? "none") (supported: 1)")
    }
    guard let app = object["app"] as? String, Self.isName(app),
      let instance = object["instance"] as? String, Self.isName(instance)
    else {
      throw Rejection("the hello needs an app and an instance (1 to 200 printable characters)")
    }
    let actions = (object["remoteActions"] as? [Any] ?? []).compactMap { $0 as? String }
      .filter(Self.knownActions.contains)
    let hello = Hello(app: app, instance: instance, remoteActions: actions)
    self.hello = hello
    return hello
  }

  /// Checks a message of session lines; returns them split, with a header line first when the
  /// message starts the connection's stream.
  mutating func acceptLines(_ text: String) throws(Rejection) -> (
    header: Substring?, lines: [(text: Substring, seq: Int?)]
  ) {
    guard hello != nil else { throw Rejection("session lines before the hello") }
    guard text.hasSuffix("\n") else { throw Rejection("a message that does not end a line") }
    var header: Substring?
    var lines: [(text: Substring, seq: Int?)] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast().enumerated()
    {
      guard let object = Self.object(line) else {
        throw Rejection("line \(index + 1) of a message is not a JSON object")
      }
      if !sawHeader {
        guard index == 0, object["format"] as? String == "ribcage-session" else {
          throw Rejection("the session does not start with a ribcage-session header")
        }
        guard object["version"] as? Int == 1 else {
          throw Rejection("unsupported session version \(object["version"] ?? "none")")
        }
        sawHeader = true
        header = line
        continue
      }
      guard let type = object["type"] as? String else {
        throw Rejection("line \(index + 1) of a message has no type")
      }
      let seq = object["seq"] as? Int
      guard seq != nil || type == "dropped" else {
        throw Rejection("line \(index + 1) of a message has no seq")
      }
      lines.append((line, seq))
    }
    return (header, lines)
  }

  /// The text of a WebSocket message, if it is text within `limit` bytes. A message in one frame
  /// is not held to `maxSize` by the WebSocket layer (only fragmented ones are): checked here.
  static func text(of message: WebSocketMessage, limit: Int) throws(Rejection) -> String {
    guard case .text(let text) = message else { throw Rejection("a binary message") }
    guard text.utf8.count <= limit else {
      throw Rejection("a message of \(text.utf8.count) bytes (the limit is \(limit))")
    }
    return text
  }

  static func isName(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 200
      && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
  }

  static func object(_ text: some StringProtocol) -> [String: Any]? {
    guard text.first == "{" else { return nil }
    return (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
      as? [String: Any]
  }
}
