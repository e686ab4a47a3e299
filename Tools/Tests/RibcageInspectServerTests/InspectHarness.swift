import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOCore
import Ribcage
import Testing

@testable import RibcageInspectServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A running `ribcage inspect` server on a free loopback port, with a sessions folder of its own
/// and its log kept for assertions.
final class RunningServer: @unchecked Sendable {
  let port: Int
  let token: String
  let sessions: String
  private let task: Task<Void, any Error>
  private let logLock = NSLock()
  private var logLines: [String] = []

  static func start(
    token: String = InspectConfiguration.newToken(), port: Int = 0,
    sessions: String? = nil, offlineFiles: [String] = [], maximumAppMessage: Int = 16 << 20,
    pageTailBytes: Int = 32 << 20, limits: InspectLimits = InspectLimits(),
    write: @escaping SessionFile.Write = SessionFile.systemWrite
  ) async throws -> RunningServer {
    let folder = sessions ?? NSTemporaryDirectory() + "ribcage-inspect-tests-\(UUID().uuidString)"
    var configuration = InspectConfiguration(
      host: "127.0.0.1", port: port, token: token, sessionsDirectory: folder,
      offlineFiles: offlineFiles, maximumAppMessage: maximumAppMessage,
      pageTailBytes: pageTailBytes)
    configuration.limits = limits
    let box = LogBox()
    let (ready, continuation) = AsyncStream<Int>.makeStream()
    let task = Task {
      // A server that fails to start ends the stream too, and its error is rethrown below.
      defer { continuation.finish() }
      try await InspectServer(configuration: configuration, write: write) { box.append($0) }.run {
        port in
        continuation.yield(port)
        continuation.finish()
      }
    }
    var iterator = ready.makeAsyncIterator()
    guard let bound = await iterator.next() else {
      try await task.value
      throw ServerDidNotStart()
    }
    let server = RunningServer(port: bound, token: token, sessions: folder, task: task, box: box)
    return server
  }

  struct ServerDidNotStart: Error {}

  private let box: LogBox

  private init(port: Int, token: String, sessions: String, task: Task<Void, any Error>, box: LogBox)
  {
    self.port = port
    self.token = token
    self.sessions = sessions
    self.task = task
    self.box = box
  }

  var url: String { "http://127.0.0.1:\(port)/?token=\(token)" }
  var log: [String] { box.lines }

  func stop() async {
    task.cancel()
    _ = try? await task.value
  }

  /// The session files written so far.
  func sessionFiles() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: sessions)) ?? []).sorted().map {
      (sessions as NSString).appendingPathComponent($0)
    }
  }
}

final class LogBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []
  func append(_ line: String) {
    lock.lock()
    stored.append(line)
    lock.unlock()
  }
  var lines: [String] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}

/// Waits until `condition` holds, polling (never a fixed sleep as the assertion).
@MainActor @discardableResult
func eventually(
  _ what: String, timeout: Duration = .seconds(10), _ condition: @MainActor () async -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + timeout
  while clock.now < deadline {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(20))
  }
  Issue.record("timed out waiting for \(what)")
  return false
}

/// A page's WebSocket, as the browser opens it: messages in, requests out.
final class PageClient: @unchecked Sendable {
  private let lock = NSLock()
  private var received: [[String: Any]] = []
  private var closed = false
  private let outgoing: AsyncStream<String>.Continuation
  private let task: Task<Void, Never>

  init(port: Int, token: String, origin: String? = nil) {
    let (stream, continuation) = AsyncStream<String>.makeStream()
    outgoing = continuation
    var headers = HTTPFields()
    headers[.origin] = origin ?? "http://127.0.0.1:\(port)"
    let box = Box()
    task = Task {
      _ = try? await WebSocketClient.connect(
        url: "ws://127.0.0.1:\(port)/page?token=\(token)",
        configuration: .init(maxFrameSize: 1 << 20, additionalHeaders: headers),
        logger: Logger(label: "page", factory: { _ in SwiftLogNoOpLogHandler() })
      ) { inbound, outbound, _ in
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask {
            for await text in stream { try await outbound.write(.text(text)) }
          }
          for try await message in inbound.messages(maxSize: 256 << 20) {
            if case .text(let text) = message,
              let object = try? JSONSerialization.jsonObject(with: Data(text.utf8))
                as? [String: Any]
            {
              box.page?.add(object)
            }
          }
          group.cancelAll()
        }
      }
      box.page?.markClosed()
    }
    box.page = self
  }

  private final class Box: @unchecked Sendable {
    weak var page: PageClient?
  }

  private func add(_ object: [String: Any]) {
    lock.lock()
    received.append(object)
    lock.unlock()
  }

  private func markClosed() {
    lock.lock()
    closed = true
    lock.unlock()
  }

  var isClosed: Bool {
    lock.lock()
    defer { lock.unlock() }
    return closed
  }

  var messages: [[String: Any]] {
    lock.lock()
    defer { lock.unlock() }
    return received
  }

  func send(_ object: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: object)
    outgoing.yield(String(decoding: data, as: UTF8.self))
  }

  func sendRaw(_ text: String) { outgoing.yield(text) }

  /// The latest session list.
  var sessions: [[String: Any]] {
    messages.last { $0["type"] as? String == "sessions" }?["sessions"] as? [[String: Any]] ?? []
  }

  /// Everything received of `session`'s lines since its last reset.
  func text(of session: String) -> String {
    var text = ""
    for message in messages
    where message["type"] as? String == "lines"
      && message["session"] as? String == session
    {
      if message["reset"] as? Bool == true { text = "" }
      text += message["text"] as? String ?? ""
    }
    return text
  }

  var errors: [String] {
    messages.filter { $0["type"] as? String == "error" }.compactMap { $0["message"] as? String }
  }

  func close() {
    outgoing.finish()
    task.cancel()
  }
}

/// A raw TCP connection, for what no well-behaved client sends.
final class RawConnection {
  let descriptor: Int32

  init(port: Int, receiveBuffer: Int32? = nil) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    if var size = receiveBuffer {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else { throw ConnectFailed() }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  struct ConnectFailed: Error {}

  deinit { close(descriptor) }

  /// Sends all of `bytes` (a blocking socket may take them in parts), or stops at an error.
  func send(_ bytes: [UInt8]) {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { return }
      sent += count
    }
  }

  func send(_ text: String) { send(Array(text.utf8)) }

  /// Reads until the peer closes or 5 seconds pass.
  func readAll(limit: Int = 1 << 20) -> [UInt8] {
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while out.count < limit {
      let count = recv(descriptor, &chunk, chunk.count, 0)
      if count <= 0 { break }
      out += chunk[..<count]
    }
    return out
  }

  /// Reads the HTTP response head.
  func readHead() -> String {
    var out: [UInt8] = []
    var byte: UInt8 = 0
    while recv(descriptor, &byte, 1, 0) == 1 {
      out.append(byte)
      if out.count >= 4, out.suffix(4) == [13, 10, 13, 10] { break }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Performs a WebSocket upgrade to `target`; returns the response head.
  func upgrade(_ target: String, port: Int, origin: String? = nil) -> String {
    var request =
      "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
      + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
      + "Sec-WebSocket-Version: 13\r\n"
    if let origin { request += "Origin: \(origin)\r\n" }
    send(request + "\r\n")
    return readHead()
  }

  /// A masked client frame.
  static func frame(opcode: UInt8, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
    var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
    if payload.count < 126 {
      frame.append(0x80 | UInt8(payload.count))
    } else if payload.count <= 0xFFFF {
      frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    } else {
      frame.append(0x80 | 127)
      for shift in stride(from: 56, through: 0, by: -8) {
        frame.append(UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64(shift)))
      }
    }
    let mask: [UInt8] = [1, 2, 3, 4]
    frame += mask
    for (index, byte) in payload.enumerated() { frame.append(byte ^ mask[index & 3]) }
    return frame
  }
}

/// An HTTP GET, answered with its status code.
func httpStatus(port: Int, _ target: String, origin: String? = nil, host: String? = nil) throws
  -> Int
{
  let connection = try RawConnection(port: port)
  var request =
    "GET \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
  if let origin { request += "Origin: \(origin)\r\n" }
  connection.send(request + "\r\n")
  let head = connection.readHead()
  return Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
}
