import Foundation

/// How `ribcage inspect` runs.
public struct InspectConfiguration: Sendable {
  /// The address to bind; `127.0.0.1` unless the user asks otherwise (with a warning).
  public var host: String
  /// The port; 0 picks a free one.
  public var port: Int
  /// The token apps and pages must present.
  public var token: String
  /// The folder every session is written to, one file per app instance.
  public var sessionsDirectory: String
  /// Recorded session files to open read-only; with any, no app may connect (offline mode).
  public var offlineFiles: [String]
  /// The largest message an app may send (a keyframe of a big tree is one line).
  public var maximumAppMessage: Int
  /// The largest message a page may send (a remote action, a request).
  public var maximumPageMessage: Int
  /// How much of a long session's file a page gets when it opens the session: the last this
  /// many bytes, from the first keyframe in them (default 32 MB). The page itself keeps the
  /// newest 100,000 events (`?keep=N` in its URL).
  public var pageTailBytes: Int
  /// Connections, timeouts and memory the server allows.
  public var limits = InspectLimits()

  public init(
    host: String = "127.0.0.1", port: Int = 7420, token: String = InspectConfiguration.newToken(),
    sessionsDirectory: String = InspectConfiguration.defaultSessionsDirectory,
    offlineFiles: [String] = [], maximumAppMessage: Int = 16 << 20,
    maximumPageMessage: Int = 64 << 10, pageTailBytes: Int = 32 << 20
  ) {
    self.host = host
    self.port = port
    self.token = token
    self.sessionsDirectory = sessionsDirectory
    self.offlineFiles = offlineFiles
    self.maximumAppMessage = maximumAppMessage
    self.maximumPageMessage = maximumPageMessage
    self.pageTailBytes = pageTailBytes
  }

  /// `$RIBCAGE_SESSIONS`, else `~/.ribcage/sessions`.
  public static var defaultSessionsDirectory: String {
    if let folder = ProcessInfo.processInfo.environment["RIBCAGE_SESSIONS"], !folder.isEmpty {
      return folder
    }
    let home = ProcessInfo.processInfo.environment["HOME"] ?? NSTemporaryDirectory()
    return (home as NSString).appendingPathComponent(".ribcage/sessions")
  }

  /// Whether `token` can be a token: 16 to 256 ASCII letters and digits, so that it stands in a
  /// URL as it is.
  public static func isUsableToken(_ token: String) -> Bool {
    (16...256).contains(token.utf8.count)
      && token.utf8.allSatisfy {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
          || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
          || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
      }
  }

  /// 128 random bits as 32 hex digits.
  public static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator))
    }
    .joined()
  }

  /// Whether `host` is a loopback address (the default and the safe choice).
  public var bindsLoopbackOnly: Bool {
    host == "127.0.0.1" || host == "::1" || host == "localhost"
  }
}
