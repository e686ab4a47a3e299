import Foundation
import _RibcageAtomics

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A small blocking WebSocket client (RFC 6455) over the platform's sockets: what the
/// inspector connection speaks on every platform. Foundation's `URLSessionWebSocketTask`
/// exists on Linux but fails there ("WebSockets not supported by libcurl" with the toolchain's
/// libcurl), and the root package takes no third-party dependency. Plain `ws://` only: the
/// inspector runs on the developer's machine.
///
/// Used from one thread at a time (the connection's worker thread).
final class WebSocketClient {
  /// A complete message or control frame from the server.
  enum Incoming: Equatable {
    case text([UInt8])
    case binary([UInt8])
    case ping([UInt8])
    case close(code: UInt16?, reason: String)
  }

  /// Fragment size of outgoing messages: a large keyframe goes as several frames.
  static let fragmentSize = 256 * 1024
  /// The largest message accepted from the server (remote actions are small).
  static let maximumIncomingMessage = 1 << 20

  let descriptor: Int32
  /// What was read and not parsed yet (internal for the fuzzing entry point, which fills it).
  var buffer = ReceiveBuffer()
  /// What each `recv` reads into: one per client, not one a read (a server sending a byte at a
  /// time made each read allocate and zero 64 KiB).
  private var receiveChunk = [UInt8](repeating: 0, count: 64 * 1024)
  private var message: [UInt8] = []
  private var messageIsText = true
  private var inMessage = false
  private var isClosed = false

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit { close() }

  /// Connects and completes the handshake, waiting at most `timeout` seconds for each step.
  static func connect(
    to url: InspectorURL, target: String, headers: [(String, String)] = [], timeout: Double
  ) throws(InspectorError) -> WebSocketClient {
    let descriptor = try openSocket(url.host, url.port, timeout: timeout)
    let client = WebSocketClient(descriptor: descriptor)
    try client.handshake(url: url, target: target, headers: headers, timeout: timeout)
    return client
  }

  // MARK: Connecting

  private static func openSocket(_ host: String, _ port: UInt16, timeout: Double)
    throws(InspectorError) -> Int32
  {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Darwin)
      hints.ai_socktype = SOCK_STREAM
    #else
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      throw .cannotConnect("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
    }
    defer { freeaddrinfo(list) }
    var lastError = "no address for \(host)"
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let address = entry {
      entry = address.pointee.ai_next
      let descriptor = socket(
        address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
      guard descriptor >= 0 else {
        lastError = errnoText()
        continue
      }
      if connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen, timeout) {
        var one: Int32 = 1
        _ = setsockopt(
          descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
          _ = setsockopt(
            descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        setTimeout(descriptor, SO_SNDTIMEO, seconds: max(timeout, 5))
        return descriptor
      }
      lastError = errnoText()
      _ = systemClose(descriptor)
    }
    throw .cannotConnect("\(host):\(port): \(lastError)")
  }

  /// A connect that gives up after `timeout` seconds (non-blocking connect, then poll).
  private static func connect(
    _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t,
    _ timeout: Double
  ) -> Bool {
    let flags = fcntl(descriptor, F_GETFL, 0)
    _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(descriptor, F_SETFL, flags) }
    #if canImport(Darwin)
      let result = Darwin.connect(descriptor, address, length)
    #else
      let result = Glibc.connect(descriptor, address, length)
    #endif
    if result == 0 { return true }
    guard errno == EINPROGRESS else { return false }
    var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else {
      errno = ETIMEDOUT
      return false
    }
    var error: Int32 = 0
    var size = socklen_t(MemoryLayout<Int32>.size)
    _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &size)
    errno = error
    return error == 0
  }

  private static func setTimeout(_ descriptor: Int32, _ option: Int32, seconds: Double) {
    var value = timeval(
      tv_sec: Int(seconds), tv_usec: .init(Int((seconds - seconds.rounded(.down)) * 1_000_000)))
    _ = setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
  }

  private func handshake(
    url: InspectorURL, target: String, headers: [(String, String)], timeout: Double
  ) throws(InspectorError) {
    var generator = SystemRandomNumberGenerator()
    let key = Base64.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    var request =
      "GET \(target) HTTP/1.1\r\nHost: \(url.host):\(url.port)\r\nUpgrade: websocket\r\n"
      + "Connection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    request += "\r\n"
    do {
      try writeAll(Array(request.utf8))
    } catch {
      throw .cannotConnect("cannot send the handshake: \(error)")
    }
    // Read the response head; what follows it (the server may write a frame at once) stays in
    // the buffer.
    let deadline = monotonicMilliseconds() + UInt64(timeout * 1000)
    var reader = UpgradeAnswerReader(key: key)
    var answer = UpgradeAnswer.incomplete
    while answer == .incomplete {
      switch fill(before: deadline) {
      case nil: throw .handshakeRefused("no answer in \(timeout) s")
      case let count? where count <= 0:
        throw .handshakeRefused("the server closed the connection")
      default: answer = try reader.read(buffer.unread)
      }
    }
    switch answer {
    case .incomplete: break
    case .accepted(let headLength): buffer.consume(headLength)
    case .refused(let status):
      // A refused upgrade says little (`ribcage inspect` answers 400); the same request without
      // the upgrade gets the reason (401 and a wrong token, 403 and a foreign origin).
      let reason = Self.refusalReason(url: url, target: target, headers: headers, timeout: timeout)
      throw .handshakeRefused(reason ?? (status.isEmpty ? "no status line" : status))
    }
  }

  /// Asks again without the upgrade, for the status and first line of the server's answer.
  private static func refusalReason(
    url: InspectorURL, target: String, headers: [(String, String)], timeout: Double
  ) -> String? {
    guard let descriptor = try? openSocket(url.host, url.port, timeout: timeout) else { return nil }
    let client = WebSocketClient(descriptor: descriptor)
    var request = "GET \(target) HTTP/1.1\r\nHost: \(url.host):\(url.port)\r\nConnection: close\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    guard (try? client.writeAll(Array((request + "\r\n").utf8))) != nil else { return nil }
    let deadline = monotonicMilliseconds() + UInt64(timeout * 1000)
    while client.buffer.count < 4096, let count = client.fill(before: deadline), count > 0 {}
    return refusalReason(answer: client.buffer.unread)
  }

  /// The status and the body's first line of a plain (not upgraded) answer, or `nil` when it
  /// is not HTTP.
  static func refusalReason(answer: [UInt8]) -> String? {
    let text = String(decoding: answer, as: UTF8.self)
    let parts = text.components(separatedBy: "\r\n\r\n")
    guard let status = parts.first?.split(separator: "\r\n").first, status.hasPrefix("HTTP/") else {
      return nil
    }
    let body = parts.dropFirst().joined().split(separator: "\n").first.map { ": \($0)" } ?? ""
    return String(status.dropFirst(9)) + body
  }

  // MARK: Sending

  /// Sends `payload` as one text message (fragmented above ``fragmentSize``).
  func sendText(_ payload: [UInt8]) throws(InspectorError) {
    var start = 0
    repeat {
      let end = min(start + Self.fragmentSize, payload.count)
      let opcode: UInt8 = start == 0 ? 0x1 : 0x0
      try sendFrame(opcode: opcode, fin: end == payload.count, payload[start..<end])
      start = end
    } while start < payload.count
  }

  func sendPong(_ payload: [UInt8]) throws(InspectorError) {
    try sendFrame(opcode: 0xA, fin: true, payload[...])
  }

  /// Sends a close frame (best effort) and closes the socket.
  func sendCloseAndClose(code: UInt16 = 1000) {
    if !isClosed {
      try? sendFrame(opcode: 0x8, fin: true, [UInt8(code >> 8), UInt8(code & 0xFF)][...])
    }
    close()
  }

  private func sendFrame(opcode: UInt8, fin: Bool, _ payload: ArraySlice<UInt8>)
    throws(InspectorError)
  {
    var frame: [UInt8] = []
    frame.reserveCapacity(payload.count + 14)
    frame.append((fin ? 0x80 : 0) | opcode)
    let count = payload.count
    if count < 126 {
      frame.append(0x80 | UInt8(count))
    } else if count <= 0xFFFF {
      frame.append(0x80 | 126)
      frame.append(UInt8(count >> 8))
      frame.append(UInt8(count & 0xFF))
    } else {
      frame.append(0x80 | 127)
      for shift in stride(from: 56, through: 0, by: -8) {
        frame.append(UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(shift)))
      }
    }
    var generator = SystemRandomNumberGenerator()
    let mask = (0..<4).map { _ in UInt8.random(in: 0...255, using: &generator) }
    frame += mask
    var index = 0
    for byte in payload {
      frame.append(byte ^ mask[index & 3])
      index &+= 1
    }
    do {
      try writeAll(frame)
    } catch {
      throw .connectionLost("cannot send: \(error)")
    }
  }

  private struct WriteError: Error, CustomStringConvertible {
    let description: String
  }

  private func writeAll(_ bytes: [UInt8]) throws(WriteError) {
    guard !isClosed else { throw WriteError(description: "closed") }
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { raw in
        #if canImport(Darwin)
          Darwin.send(descriptor, raw.baseAddress, raw.count, 0)
        #else
          Glibc.send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw WriteError(description: errnoText())
      }
      offset += written
    }
  }

  // MARK: Receiving

  /// Reads what the socket has (call when `poll` says it is readable) and returns the
  /// complete messages and control frames it finished. A protocol violation, an oversized
  /// message or the end of the stream throws.
  func receive() throws(InspectorError) -> [Incoming] {
    let read = fill()
    guard read > 0 else {
      throw .connectionLost(read == 0 ? "the server closed the connection" : errnoText())
    }
    return try parseFrames()
  }

  /// Parses the frames already buffered (also those that came with the handshake's answer).
  func parseFrames() throws(InspectorError) -> [Incoming] {
    var out: [Incoming] = []
    while true {
      guard buffer.count >= 2 else { return out }
      let fin = buffer[0] & 0x80 != 0
      let opcode = buffer[0] & 0x0F
      guard buffer[0] & 0x70 == 0 else { throw .connectionLost("reserved bits set") }
      guard buffer[1] & 0x80 == 0 else { throw .connectionLost("a masked frame from the server") }
      var length = Int(buffer[1] & 0x7F)
      var header = 2
      if length == 126 {
        guard buffer.count >= 4 else { return out }
        length = Int(buffer[2]) << 8 | Int(buffer[3])
        header = 4
      } else if length == 127 {
        guard buffer.count >= 10 else { return out }
        var value: UInt64 = 0
        for index in 2..<10 { value = value << 8 | UInt64(buffer[index]) }
        guard value <= UInt64(Self.maximumIncomingMessage) else {
          throw .connectionLost("an oversized frame (\(value) bytes)")
        }
        length = Int(value)
        header = 10
      }
      guard length <= Self.maximumIncomingMessage else {
        throw .connectionLost("an oversized frame (\(length) bytes)")
      }
      // RFC 6455 §5.5: control frames are whole and short, so they can sit between fragments.
      if opcode >= 0x8 {
        guard fin else { throw .connectionLost("a fragmented control frame (opcode \(opcode))") }
        guard length <= 125 else {
          throw .connectionLost("a control frame of \(length) bytes (at most 125)")
        }
      }
      guard buffer.count >= header + length else { return out }
      let payload = buffer.bytes(header..<(header + length))
      buffer.consume(header + length)
      switch opcode {
      case 0x0, 0x1, 0x2:
        if opcode == 0 {
          guard inMessage else { throw .connectionLost("a continuation with no message") }
        } else {
          guard !inMessage else { throw .connectionLost("a new message inside another") }
          inMessage = true
          messageIsText = opcode == 1
          message = []
        }
        message += payload
        guard message.count <= Self.maximumIncomingMessage else {
          throw .connectionLost("an oversized message")
        }
        if fin {
          inMessage = false
          out.append(messageIsText ? .text(message) : .binary(message))
          message = []
        }
      case 0x8:
        // §5.5.1: a close body, when there is one, starts with a two-byte code.
        guard payload.count != 1 else {
          throw .connectionLost("a close frame with a one-byte body")
        }
        let code = payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
        let reason = payload.count > 2 ? String(decoding: payload[2...], as: UTF8.self) : ""
        out.append(.close(code: code, reason: reason))
        return out
      case 0x9: out.append(.ping(payload))
      case 0xA: break
      default: throw .connectionLost("unknown opcode \(opcode)")
      }
    }
  }

  /// Waits until the socket is readable or `deadline` (monotonic milliseconds) passes, then
  /// reads once: the byte count (0 at the end, -1 on error), or `nil` when the time ran out.
  private func fill(before deadline: UInt64) -> Int? {
    while true {
      let now = monotonicMilliseconds()
      guard now < deadline else { return nil }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      if poll(&poller, 1, Int32(min(deadline - now, 60_000))) == 1 { return fill() }
    }
  }

  /// Reads once into the buffer; returns the byte count (0 at the end, -1 on error).
  private func fill() -> Int {
    let count = receiveChunk.withUnsafeMutableBytes { raw in
      recv(descriptor, raw.baseAddress, raw.count, 0)
    }
    if count > 0 { buffer.append(contentsOf: receiveChunk[..<count]) }
    return count
  }

  func close() {
    guard !isClosed else { return }
    isClosed = true
    _ = systemClose(descriptor)
  }
}

func errnoText() -> String { String(cString: strerror(errno)) }

func systemClose(_ descriptor: Int32) -> Int32 {
  #if canImport(Darwin)
    Darwin.close(descriptor)
  #else
    Glibc.close(descriptor)
  #endif
}

/// The project's monotonic clock (the recorder's), in milliseconds.
func monotonicMilliseconds() -> UInt64 { ribcage_monotonic_ns() / 1_000_000 }

/// Standard base64 (RFC 4648), for the handshake key.
enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let chunk = bytes[index..<min(index + 3, bytes.count)]
      let b0 = chunk[chunk.startIndex]
      let b1 = chunk.count > 1 ? chunk[chunk.startIndex + 1] : 0
      let b2 = chunk.count > 2 ? chunk[chunk.startIndex + 2] : 0
      out.append(alphabet[Int(b0 >> 2)])
      out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
      out.append(chunk.count > 1 ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
      out.append(chunk.count > 2 ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }
}
