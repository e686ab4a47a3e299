import Foundation
import HummingbirdWebSocket
@_spi(RibcageTools) import Ribcage
@_spi(RibcageTools) import RibcageInspector

/// Checks what one app connection sends before the server keeps it: a hello, then session
/// lines — complete JSON objects (strict JSON, nested at most 64 deep, each at most
/// ``maximumLine`` bytes), the first one the `ribcage-session` header, every other one an event
/// whose fields have the types of the format (``SessionLineSchema``, the table the timeline
/// loader uses too). Anything else is refused with the reason (and the connection closed): a
/// broken or hostile client can neither crash the server nor write into a session file what a
/// page or a loader would choke on.
struct AppStreamValidator {
  /// One checked line: its text, its sequence number (none for a `dropped` marker) and whether
  /// it is a keyframe (where a session that lost lines to a full disk starts again).
  struct Line {
    var text: Substring
    var seq: Int?
    var isKeyframe = false
  }

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
  /// The longest line kept (a keyframe of a large tree is one line).
  var maximumLine = 8 << 20
  private let parser = JSONParser(maximumDepth: 64)

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
    header: Substring?, lines: [Line]
  ) {
    guard hello != nil else { throw Rejection("session lines before the hello") }
    guard text.hasSuffix("\n") else { throw Rejection("a message that does not end a line") }
    var header: Substring?
    var lines: [Line] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast().enumerated()
    {
      guard line.utf8.count <= maximumLine else {
        throw Rejection(
          "line \(index + 1) of a message has \(line.utf8.count) bytes (the limit is \(maximumLine))"
        )
      }
      let parsed: JSONValue
      do {
        parsed = try parser.parse(line.utf8)
      } catch {
        throw Rejection("line \(index + 1) of a message is not JSON (\(error.description))")
      }
      guard case .object(let object) = parsed else {
        throw Rejection("line \(index + 1) of a message is not a JSON object")
      }
      if !sawHeader {
        guard index == 0, object["format"]?.stringValue == SessionFormat.name else {
          throw Rejection("the session does not start with a ribcage-session header")
        }
        guard object["version"] == .integer(Int64(SessionFormat.version)) else {
          throw Rejection(
            "unsupported session version \(object["version"]?.serialized().prefix(20) ?? "none")")
        }
        sawHeader = true
        header = line
        continue
      }
      do {
        try SessionLineSchema.check(object, line: index + 1)
      } catch {
        throw Rejection("\(error.description) (counting the lines of one message)")
      }
      lines.append(
        Line(
          text: line, seq: object["seq"]?.int64Value.map { Int($0) },
          isKeyframe: object["type"]?.stringValue == "keyframe"))
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

  /// An app's name or instance: 1 to 200 characters, none of them a control character.
  static func isName(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 200
      && text.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control }
  }

  /// A small JSON object (a hello, a page's request, a file's header), or nil.
  static func object(_ text: some StringProtocol) -> [String: Any]? {
    guard text.first == "{", text.utf8.count <= 1 << 20,
      (try? JSONParser(maximumDepth: 16).parse(text.utf8)) != nil
    else { return nil }
    return (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
      as? [String: Any]
  }
}
