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
    /// Why the file misses lines (a write failed), if it does.
    var broken: String?
  }

  /// An app instance as it says hello: the whole name and instance, so two instances never
  /// share a session however alike their ids look.
  struct AppKey: Hashable {
    var app: String
    var instance: String
  }

  /// Writes one text message to a page or an app (its WebSocket's outbound side).
  typealias Send = @Sendable (String) async -> Void

  private let directory: String
  private let log: @Sendable (String) -> Void
  private let limits: InspectLimits
  private let write: SessionFile.Write
  private var sessions: [String: Session] = [:]
  private var order: [String] = []
  private var ids: [AppKey: String] = [:]
  private var files: [String: SessionFile] = [:]
  /// Each live session's header line, as its app first sent it.
  private var headers: [String: String] = [:]
  /// Sessions that lost lines to a failed write: nothing is written until the next keyframe.
  private var waitingForKeyframe: Set<String> = []
  private var appSenders: [String: Send] = [:]
  private var connectionOwners: [String: UUID] = [:]
  private var pages: [UUID: (outbox: PageOutbox, watching: String?)] = [:]
  /// Live lines for pages still being sent a file (the actor is re-entered at every send): sent
  /// after the file's part, which ends where the file ended when the page opened it.
  private var opening: [UUID: [String]] = [:]
  private var openingBytes: [UUID: Int] = [:]
  /// Each page's latest `open`: an older one still sending its file stops.
  private var openings: [UUID: Int] = [:]
  private var openCount = 0

  init(
    directory: String, tailBytes: Int = 32 << 20, limits: InspectLimits = InspectLimits(),
    write: @escaping SessionFile.Write = SessionFile.systemWrite,
    log: @escaping @Sendable (String) -> Void
  ) {
    self.directory = directory
    self.tailBytes = UInt64(max(0, tailBytes))
    self.limits = limits
    self.write = write
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
  /// same instance reconnects; refused while that instance is connected). Returns the session's
  /// id.
  func appConnected(
    _ hello: AppStreamValidator.Hello, connection: UUID, send: @escaping Send
  ) async throws(InspectError) -> String {
    let key = AppKey(app: hello.app, instance: hello.instance)
    let name = "\(LogText.escaped(hello.app)) (\(LogText.escaped(hello.instance.prefix(40))))"
    if let id = ids[key], var session = sessions[id] {
      // The connection that has the session keeps it: another one naming the same instance (a
      // second process, or one that copied the name from the list) cannot silence it. A dead
      // connection is found by the WebSocket's ping within a minute; its app then gets back in.
      guard connectionOwners[id] == nil else {
        throw .alreadyConnected("\(hello.app) (\(hello.instance.prefix(40))) is connected already")
      }
      do {
        try files[id]?.reopen()
      } catch {
        throw .cannotWrite("\(session.path): \(error.description)")
      }
      session.live = true
      session.remoteActions = hello.remoteActions
      sessions[id] = session
      register(id, connection: connection, send: send)
      log("\(name) reconnected; session \(LogText.escaped(session.path))")
      await announceSessions()
      return id
    }
    guard appSenders.count < limits.apps else {
      throw .tooMany("\(limits.apps) apps are connected already")
    }
    let id = "app-\(ids.count + 1)"
    let stem = "\(Self.fileNamePart(hello.app))-\(Self.fileStamp.string(from: Date()))"
    let file: SessionFile
    do {
      file = try SessionFile.create(in: directory, stem: stem, write: write)
    } catch {
      throw .cannotWrite(error.description)
    }
    ids[key] = id
    files[id] = file
    sessions[id] = Session(
      id: id, app: hello.app, instance: hello.instance, path: file.path, live: true,
      readOnly: false, lines: 0, bytes: 0, remoteActions: hello.remoteActions,
      connectedAt: Date())
    order.append(id)
    register(id, connection: connection, send: send)
    log("\(name) connected; session \(LogText.escaped(file.path))")
    await announceSessions()
    return id
  }

  private func register(_ id: String, connection: UUID, send: @escaping Send) {
    appSenders[id] = send
    connectionOwners[id] = connection
  }

  /// An app's name made a file-name part: ASCII letters and digits (others become `-`), at most
  /// 48 of them, so that any name makes a valid file name on every file system.
  static func fileNamePart(_ app: String) -> String {
    let part = String(
      app.unicodeScalars.prefix(48).map {
        $0.isASCII && CharacterSet.alphanumerics.contains($0) ? Character($0) : "-"
      })
    return part.isEmpty ? "app" : part
  }

  /// Session lines from an app's connection: written to its file, then to every page watching
  /// it. Lines from a connection that no longer owns the session are ignored. The header is
  /// written once per file (a reconnecting app starts its stream with it again).
  func append(
    _ id: String, connection: UUID, header: Substring?, lines: [AppStreamValidator.Line]
  ) async {
    guard connectionOwners[id] == connection, var session = sessions[id], files[id] != nil else {
      return
    }
    if let header, headers[id] == nil { headers[id] = String(header) }
    var text = ""
    var count = 0
    // A file starts with its header: the one this app sent first, whichever message writes the
    // first line (the one that carried the header may have failed to write).
    if files[id]!.size == 0, let first = headers[id] {
      text += first
      text += "\n"
      count += 1
    }
    var lastSeq = session.lastSeq
    for line in lines {
      if let seq = line.seq {
        guard seq > lastSeq else { continue }
        if waitingForKeyframe.contains(id) {
          guard line.isKeyframe else { continue }
          waitingForKeyframe.remove(id)
        }
        lastSeq = seq
      } else if files[id]!.size > 0 || count > 1 {
        continue  // a `dropped` line belongs right after the header only
      }
      text += line.text
      text += "\n"
      count += 1
    }
    guard !text.isEmpty else { return }
    do {
      try files[id]!.append(Array(text.utf8))
    } catch {
      // Nothing of this message is in the file: it is cut back to its last whole line.
      session.broken =
        "lines after #\(session.lastSeq) were not written (\(error.description)); "
        + "written again from the next keyframe"
      sessions[id] = session
      waitingForKeyframe.insert(id)
      log("\(LogText.escaped(session.app)): \(LogText.escaped(session.broken!))")
      await announceSessions()
      return
    }
    session.lastSeq = lastSeq
    session.lines += count
    session.bytes += text.utf8.count
    sessions[id] = session
    for (pageID, page) in pages where page.watching == id {
      // `at`: when the server forwarded them (ms since 1970), so the page can tell the app →
      // server part of a line's latency from the server → page part.
      let message = Self.message([
        "type": "lines", "session": id, "text": text,
        "at": (Date().timeIntervalSince1970 * 1000).rounded(),
      ])
      if opening[pageID] != nil {
        // Held until the file's part is sent, within the page's budget: a page that does not
        // read while its app streams is closed as too slow, not buffered for ever.
        let held = (openingBytes[pageID] ?? 0) + message.utf8.count
        guard held <= limits.pageBacklogBytes else {
          opening[pageID] = nil
          openingBytes[pageID] = nil
          openings[pageID] = nil  // the open sending the file stops
          await page.outbox.close(
            because: "too slow: more than \(limits.pageBacklogBytes >> 20) MB of live lines waited "
              + "while its session's file was sent")
          continue
        }
        openingBytes[pageID] = held
        opening[pageID]?.append(message)  // after the file's part, in order
      } else {
        await page.outbox.offer(message)  // a live line never waits for one slow page
      }
    }
  }

  /// The app's connection ended (it may come back: same instance, same session). Its file is
  /// closed until then.
  func appDisconnected(_ id: String, connection: UUID, reason: String) async {
    guard connectionOwners[id] == connection else { return }
    appSenders[id] = nil
    connectionOwners[id] = nil
    files[id]?.close()
    sessions[id]?.live = false
    log("\(LogText.escaped(sessions[id]?.app ?? id)) disconnected: \(LogText.escaped(reason))")
    await announceSessions()
  }

  // MARK: Pages

  /// A page connected; false when ``InspectLimits/pages`` pages are connected already.
  func pageConnected(_ page: UUID, outbox: PageOutbox) async -> Bool {
    guard pages.count < limits.pages else { return false }
    pages[page] = (outbox, nil)
    await outbox.offer(sessionsMessage())
    return true
  }

  func pageDisconnected(_ page: UUID) {
    pages[page] = nil
    opening[page] = nil
    openingBytes[page] = nil
    openings[page] = nil
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
    openingBytes[page] = 0
    openCount += 1
    let generation = openCount
    openings[page] = generation
    let outbox = pages[page]!.outbox
    let send: Send = { text in await outbox.send(text) }
    // A newer `open` of the same page, or the page gone, ends this one at its next piece.
    var isCurrent: Bool { openings[page] == generation }
    guard let file = FileHandle(forReadingAtPath: session.path) else {
      if isCurrent { opening[page] = nil }
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
      // A recorded file is passed on as the report writer passes it: lines that break the
      // format are left out (a live session's file holds only lines the server checked).
      var filter = session.readOnly ? SessionLineFilter() : nil
      var leftOut = 0
      _ = filter?.check(ArraySlice(head.prefix(headerEnd)).dropLast(), number: 1, isLast: false)
      await send(
        Self.message([
          "type": "lines", "session": id,
          "text": String(decoding: head.prefix(headerEnd), as: UTF8.self),
          "reset": true, "skippedBytes": skipped,
        ]))
      try file.seek(toOffset: start)
      var carry = Data()
      var left = size - start  // what was written when the page opened; the rest comes live
      while left > 0, isCurrent,
        let piece = try file.read(upToCount: min(Self.pieceBytes, Int(left))), !piece.isEmpty
      {
        left -= UInt64(piece.count)
        carry.append(piece)
        guard let lastNewline = carry.lastIndex(of: UInt8(ascii: "\n")) else { continue }
        let text = Self.kept(
          carry[carry.startIndex...lastNewline], by: &filter, isLast: false, leftOut: &leftOut)
        carry = Data(carry[(lastNewline + 1)...])
        await send(Self.message(["type": "lines", "session": id, "text": text]))
      }
      guard isCurrent else { return }
      if !carry.isEmpty {
        let text = Self.kept(carry[...], by: &filter, isLast: true, leftOut: &leftOut)
        await send(Self.message(["type": "lines", "session": id, "text": text]))
      }
      if leftOut > 0 {
        log("left out \(leftOut) lines of \(LogText.escaped(session.path)) that break the format")
      }
    } catch {
      if isCurrent { opening[page] = nil }
      throw .cannotRead(session.path)
    }
    // The live lines that came meanwhile; more may come while these are sent.
    while isCurrent, let pending = opening[page], !pending.isEmpty {
      opening[page] = []
      openingBytes[page] = 0
      for message in pending { await send(message) }
    }
    if isCurrent {
      opening[page] = nil
      openingBytes[page] = nil
    }
  }

  /// The lines of `bytes` that `filter` keeps (all of them with no filter), as text.
  private static func kept(
    _ bytes: Data, by filter: inout SessionLineFilter?, isLast: Bool, leftOut: inout Int
  ) -> String {
    guard filter != nil else { return String(decoding: bytes, as: UTF8.self) }
    var text = ""
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() where !(index == lines.count - 1 && line.isEmpty) {
      let last = isLast && index == lines.count - 1
      if case .keep = filter!.check(ArraySlice(line), number: 0, isLast: last) {
        text += String(decoding: line, as: UTF8.self)
        text += "\n"
      } else {
        leftOut += 1
      }
    }
    return text
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
    log("page → \(LogText.escaped(session.app)): \(LogText.escaped(message))")
    await send(message)
  }

  // MARK: Listing

  private func sessionsMessage() -> String {
    let list: [[String: Any]] = order.compactMap { sessions[$0] }.map {
      [
        "id": $0.id, "app": $0.app, "instance": $0.instance, "live": $0.live,
        "readOnly": $0.readOnly, "lines": $0.lines, "path": $0.path,
        "remoteActions": $0.remoteActions, "broken": $0.broken ?? NSNull(),
      ]
    }
    return Self.message(["type": "sessions", "sessions": list])
  }

  private func announceSessions() async {
    let message = sessionsMessage()
    for (_, page) in pages { await page.outbox.offer(message) }
  }

  func snapshot() -> [Session] { order.compactMap { sessions[$0] } }

  func closeFiles() {
    for id in files.keys { files[id]!.close() }
  }

  /// How many session files are open now (one per connected app).
  var openFileCount: Int { files.values.filter(\.isOpen).count }

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
  case tooMany(String)
  case alreadyConnected(String)

  public var description: String {
    switch self {
    case .notASession(let path): "\(path) is not a ribcage-session file (no header)"
    case .cannotWrite(let reason): "cannot write the session: \(reason)"
    case .cannotRead(let path): "cannot read \(path)"
    case .unknownSession(let id): "no session \(id)"
    case .actionRefused(let reason): "remote action refused: \(reason)"
    case .invalidSetting(let reason): reason
    case .tooMany(let reason): "refused: \(reason)"
    case .alreadyConnected(let reason): "refused: \(reason)"
    }
  }
}
