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
  /// Live lines for pages still being sent a file (the actor is re-entered at every send): sent
  /// after the file's part, which ends where the file ended when the page opened it.
  private var opening: [UUID: [String]] = [:]

  init(directory: String, tailBytes: Int = 32 << 20, log: @escaping @Sendable (String) -> Void) {
    self.directory = directory
    self.tailBytes = UInt64(max(0, tailBytes))
    self.log = log
  }

  // MARK: Sessions

  /// Adds a recorded file, read-only. The file is read in pieces (its header, then its lines
  /// counted), never whole.
  func addRecording(path: String) throws -> String {
    guard let file = FileHandle(forReadingAtPath: path) else { throw InspectError.cannotRead(path) }
    defer { try? file.close() }
    var lines = 0
    var bytes = 0
    var firstLine: Data?
    var pending = Data()
    while let piece = try file.read(upToCount: Self.pieceBytes), !piece.isEmpty {
      bytes += piece.count
      lines += piece.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
      if firstLine == nil {
        pending.append(piece)
        if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
          firstLine = pending[..<end]
          pending = Data()
        } else if pending.count > 1 << 20 {
          firstLine = pending  // no header is this long: fails the check below
        }
      }
    }
    let header = AppStreamValidator.object(
      Substring(String(decoding: firstLine ?? pending, as: UTF8.self)))
    guard header?["format"] as? String == "ribcage-session" else {
      throw InspectError.notASession(path)
    }
    let app = header?["app"] as? String ?? (path as NSString).lastPathComponent
    let instance = header?["instance"] as? String ?? path
    let id = "file-\(sessions.count + 1)"
    sessions[id] = Session(
      id: id, app: app, instance: instance, path: path, live: false, readOnly: true,
      lines: lines, bytes: bytes, remoteActions: [], connectedAt: Date())
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
    for (pageID, page) in pages where page.watching == id {
      // `at`: when the server forwarded them (ms since 1970), so the page can tell the app →
      // server part of a line's latency from the server → page part.
      let message = Self.message([
        "type": "lines", "session": id, "text": text,
        "at": (Date().timeIntervalSince1970 * 1000).rounded(),
      ])
      if opening[pageID] != nil {
        opening[pageID]?.append(message)  // after the file's part, in order
      } else {
        await page.send(message)
      }
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
    opening[page] = nil
  }

  /// A page opens a session: its file's header and what the file holds from the first keyframe
  /// of its last ``tailBytes`` on (everything, for a shorter file), then live lines.
  ///
  /// The file is read and sent in pieces of about 1 MB, split at line ends, so the server's
  /// memory does not grow with the session's size and the page parses as it receives.
  func open(_ id: String, for page: UUID) async throws(InspectError) {
    guard let session = sessions[id], pages[page] != nil else {
      throw .unknownSession(id)
    }
    pages[page]?.watching = id
    opening[page] = []
    let send = pages[page]!.send
    guard let file = FileHandle(forReadingAtPath: session.path) else {
      opening[page] = nil
      throw .cannotRead(session.path)
    }
    defer { try? file.close() }
    do {
      let size = try file.seekToEnd()
      try file.seek(toOffset: 0)
      let head = try file.read(upToCount: Self.pieceBytes) ?? Data()
      let headerEnd = head.firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? head.count
      var start = UInt64(headerEnd)
      var skipped: UInt64 = 0
      if size - start > tailBytes,
        let keyframe = try Self.firstKeyframe(in: file, from: size - tailBytes, size: size)
      {
        skipped = keyframe - start
        start = keyframe
      }
      await send(
        Self.message([
          "type": "lines", "session": id,
          "text": String(decoding: head.prefix(headerEnd), as: UTF8.self),
          "reset": true, "skippedBytes": skipped,
        ]))
      try file.seek(toOffset: start)
      var carry = Data()
      var left = size - start  // what was written when the page opened; the rest comes live
      while left > 0, let piece = try file.read(upToCount: min(Self.pieceBytes, Int(left))),
        !piece.isEmpty
      {
        left -= UInt64(piece.count)
        carry.append(piece)
        guard let lastNewline = carry.lastIndex(of: UInt8(ascii: "\n")) else { continue }
        let text = String(decoding: carry[carry.startIndex...lastNewline], as: UTF8.self)
        carry = Data(carry[(lastNewline + 1)...])
        await send(Self.message(["type": "lines", "session": id, "text": text]))
      }
      if !carry.isEmpty {
        await send(
          Self.message([
            "type": "lines", "session": id, "text": String(decoding: carry, as: UTF8.self),
          ]))
      }
    } catch {
      opening[page] = nil
      throw .cannotRead(session.path)
    }
    // The live lines that came meanwhile; more may come while these are sent.
    while let pending = opening[page], !pending.isEmpty {
      opening[page] = []
      for message in pending { await send(message) }
    }
    opening[page] = nil
  }

  /// How much a page opening a long session gets of its file (from a keyframe, so the page can
  /// rebuild every event it gets).
  private let tailBytes: UInt64

  private static let pieceBytes = 1 << 20

  /// The offset of the first keyframe line that starts at or after `offset`, if any. A line's
  /// type is in its first bytes (`{"seq":…,"t":…,"type":"keyframe"`): only those are looked at.
  static func firstKeyframe(in file: FileHandle, from offset: UInt64, size: UInt64) throws
    -> UInt64?
  {
    let marker = Array(#""type":"keyframe""#.utf8)
    let newline = UInt8(ascii: "\n")
    let prefixLength = 64
    try file.seek(toOffset: offset)
    var position = offset
    // The current line's start (nil: it began before `offset`), its first bytes, and whether
    // they have been looked at (then the rest of the line is skipped).
    var lineStart: UInt64? = offset == 0 ? 0 : nil
    var prefix: [UInt8] = []
    var judged = false
    while position < size, let piece = try file.read(upToCount: pieceBytes), !piece.isEmpty {
      let bytes = [UInt8](piece)
      var index = 0
      while index < bytes.count {
        if lineStart == nil || judged {
          guard let end = bytes[index...].firstIndex(of: newline) else { break }
          index = end + 1
          lineStart = position + UInt64(index)
          prefix.removeAll(keepingCapacity: true)
          judged = false
          continue
        }
        let take = min(prefixLength - prefix.count, bytes.count - index)
        let end = bytes[index..<(index + take)].firstIndex(of: newline)
        prefix += bytes[index..<(end ?? index + take)]
        index = end ?? index + take
        if end != nil || prefix.count >= prefixLength {
          if prefix.firstRange(of: marker) != nil { return lineStart }
          judged = true
        }
      }
      position += UInt64(bytes.count)
    }
    return nil
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
