import Foundation

/// The server's state: the sessions (live apps and recorded files), the pages watching them,
/// and the files every session is written to. An actor: app connections, pages and the file
/// writes meet here one at a time, so a page that opens a session gets everything written so
/// far and then every line after it, nothing twice and nothing missed.
actor SessionHub {
  /// One session in the selector: an app instance (live or gone) or a recorded file.
  struct Session: Sendable {
    var id: String
    var app: String
    var instance: String
    var path: String
    var live: Bool
    var readOnly: Bool
    var lines: Int
    var bytes: Int
    var remoteActions: [String]
    var connectedAt: Date
    /// The last sequence number written: a reconnecting app resends what it keeps, and what
    /// the file has already is skipped.
    var lastSeq = 0
  }

  /// Writes one text message to a page or an app (its WebSocket's outbound side).
  typealias Send = @Sendable (String) async -> Void

  private let directory: String
  private let log: @Sendable (String) -> Void
  private var sessions: [String: Session] = [:]
  private var order: [String] = []
  private var files: [String: FileHandle] = [:]
  private var appSenders: [String: Send] = [:]
  private var connectionOwners: [String: UUID] = [:]
  private var pages: [UUID: (send: Send, watching: String?)] = [:]

  init(directory: String, log: @escaping @Sendable (String) -> Void) {
    self.directory = directory
    self.log = log
  }

  // MARK: Sessions

  /// Adds a recorded file, read-only.
  func addRecording(path: String) throws -> String {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let firstLine = text.prefix { $0 != "\n" }
    let header = AppStreamValidator.object(firstLine)
    guard header?["format"] as? String == "ribcage-session" else {
      throw InspectError.notASession(path)
    }
    let app = header?["app"] as? String ?? (path as NSString).lastPathComponent
    let instance = header?["instance"] as? String ?? path
    let id = "file-\(sessions.count + 1)"
    sessions[id] = Session(
      id: id, app: app, instance: instance, path: path, live: false, readOnly: true,
      lines: text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }, bytes: text.utf8.count,
      remoteActions: [], connectedAt: Date())
    order.append(id)
    return id
  }

  /// An app connected and said hello: its session (a new file, or the same one again when the
  /// same instance reconnects). Returns the session's id.
  func appConnected(
    _ hello: AppStreamValidator.Hello, connection: UUID, send: @escaping Send
  ) async throws -> String {
    let id = Self.sessionID(app: hello.app, instance: hello.instance)
    if var session = sessions[id] {
      session.live = true
      session.remoteActions = hello.remoteActions
      sessions[id] = session
    } else {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
      let stamp = Self.fileStamp.string(from: Date())
      let safeApp = String(
        hello.app.unicodeScalars.map {
          CharacterSet.alphanumerics.contains($0) ? Character($0) : "-"
        })
      let path = (directory as NSString).appendingPathComponent(
        "\(safeApp)-\(stamp)-\(id.suffix(8)).jsonl")
      guard FileManager.default.createFile(atPath: path, contents: nil),
        let handle = FileHandle(forWritingAtPath: path)
      else {
        throw InspectError.cannotWrite(path)
      }
      files[id] = handle
      sessions[id] = Session(
        id: id, app: hello.app, instance: hello.instance, path: path, live: true,
        readOnly: false, lines: 0, bytes: 0, remoteActions: hello.remoteActions,
        connectedAt: Date())
      order.append(id)
    }
    appSenders[id] = send
    connectionOwners[id] = connection
    log("\(hello.app) (\(hello.instance)) connected; session \(sessions[id]!.path)")
    await announceSessions()
    return id
  }

  /// Session lines from an app: written to its file, then to every page watching it. The
  /// header is written once per file (a reconnecting app starts its stream with it again).
  func append(_ id: String, header: Substring?, lines: [(text: Substring, seq: Int?)]) async {
    guard var session = sessions[id], let file = files[id] else { return }
    var text = ""
    if let header, session.lines == 0 {
      text += header
      text += "\n"
      session.lines += 1
    }
    var written = 0
    for line in lines {
      if let seq = line.seq {
        guard seq > session.lastSeq else { continue }
        session.lastSeq = seq
      } else if session.lines > 1 {
        continue  // a `dropped` line belongs right after the header only
      }
      text += line.text
      text += "\n"
      written += 1
    }
    session.lines += written
    session.bytes += text.utf8.count
    sessions[id] = session
    guard !text.isEmpty else { return }
    do {
      try file.write(contentsOf: Data(text.utf8))
    } catch {
      log("cannot write \(session.path): \(error)")
    }
    for (_, page) in pages where page.watching == id {
      // `at`: when the server forwarded them (ms since 1970), so the page can tell the app →
      // server part of a line's latency from the server → page part.
      await page.send(
        Self.message([
          "type": "lines", "session": id, "text": text,
          "at": (Date().timeIntervalSince1970 * 1000).rounded(),
        ]))
    }
  }

  /// The app's connection ended (it may come back: same instance, same session).
  func appDisconnected(_ id: String, connection: UUID, reason: String) async {
    guard connectionOwners[id] == connection else { return }
    appSenders[id] = nil
    connectionOwners[id] = nil
    sessions[id]?.live = false
    log("\(sessions[id]?.app ?? id) disconnected: \(reason)")
    await announceSessions()
  }

  /// A stable id for an app instance: letters and digits of the instance, or of the app.
  static func sessionID(app: String, instance: String) -> String {
    let usable = instance.unicodeScalars.filter {
      $0.isASCII && CharacterSet.alphanumerics.contains($0)
    }
    return "app-" + String(String.UnicodeScalarView(usable.prefix(36)))
  }

  // MARK: Pages

  func pageConnected(_ page: UUID, send: @escaping Send) async {
    pages[page] = (send, nil)
    await send(sessionsMessage())
  }

  func pageDisconnected(_ page: UUID) {
    pages[page] = nil
  }

  /// A page opens a session: everything so far (from its file), then live lines.
  func open(_ id: String, for page: UUID) async throws(InspectError) {
    guard let session = sessions[id], pages[page] != nil else {
      throw .unknownSession(id)
    }
    pages[page]?.watching = id
    let text: String
    do {
      text = try String(contentsOfFile: session.path, encoding: .utf8)
    } catch {
      throw .cannotRead(session.path)
    }
    let send = pages[page]!.send
    // In pieces of about 1 MB, split at line ends, so the page parses as it receives.
    var start = text.startIndex
    var first = true
    repeat {
      var end = text.utf8.index(start, offsetBy: 1 << 20, limitedBy: text.endIndex) ?? text.endIndex
      if end < text.endIndex, let newline = text[end...].firstIndex(of: "\n") {
        end = text.index(after: newline)
      }
      await send(
        Self.message([
          "type": "lines", "session": id, "text": String(text[start..<end]), "reset": first,
        ]))
      first = false
      start = end
    } while start < text.endIndex
  }

  /// Forwards a remote action to its app when the app allows that kind.
  func perform(_ action: PageAction, on id: String) async throws(InspectError) {
    guard let session = sessions[id] else { throw .unknownSession(id) }
    guard session.remoteActions.contains(action.kind) else {
      throw .actionRefused("\(session.app) does not allow \(action.kind) actions")
    }
    guard session.live, let send = appSenders[id] else {
      throw .actionRefused("\(session.app) is not connected")
    }
    let message = action.message
    log("page → \(session.app): \(message)")
    await send(message)
  }

  // MARK: Listing

  private func sessionsMessage() -> String {
    let list: [[String: Any]] = order.compactMap { sessions[$0] }.map {
      [
        "id": $0.id, "app": $0.app, "instance": $0.instance, "live": $0.live,
        "readOnly": $0.readOnly, "lines": $0.lines, "path": $0.path,
        "remoteActions": $0.remoteActions,
      ]
    }
    return Self.message(["type": "sessions", "sessions": list])
  }

  private func announceSessions() async {
    let message = sessionsMessage()
    for (_, page) in pages { await page.send(message) }
  }

  func snapshot() -> [Session] { order.compactMap { sessions[$0] } }

  func closeFiles() {
    for (_, file) in files { try? file.close() }
    files = [:]
  }

  static func message(_ object: [String: Any]) -> String {
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
      ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  private static let fileStamp: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return formatter
  }()
}

/// What the server refuses, with the reason it logs.
public enum InspectError: Error, Equatable, CustomStringConvertible {
  case notASession(String)
  case cannotWrite(String)
  case cannotRead(String)
  case unknownSession(String)
  case actionRefused(String)
  case invalidSetting(String)

  public var description: String {
    switch self {
    case .notASession(let path): "\(path) is not a ribcage-session file (no header)"
    case .cannotWrite(let path): "cannot write \(path)"
    case .cannotRead(let path): "cannot read \(path)"
    case .unknownSession(let id): "no session \(id)"
    case .actionRefused(let reason): "remote action refused: \(reason)"
    case .invalidSetting(let reason): reason
    }
  }
}
