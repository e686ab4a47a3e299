/// What `ribcage inspect` lets the world take of the machine it runs on: connections, time and
/// memory. A client past a limit is refused early (and the refusal logged), so a hostile local
/// process or a stuck browser can keep the inspector busy while it goes on, but never make it hold
/// more than these, or stop it.
public struct InspectLimits: Sendable, Equatable {
  /// Open TCP connections (apps, pages, requests) at once; more wait in the kernel's backlog.
  public var connections = 256
  /// Connected apps at once (an instance reconnecting is always let in).
  public var apps = 64
  /// Connected pages at once.
  public var pages = 32
  /// How long a new connection has to send its whole request head.
  public var requestHeadSeconds = 10
  /// How long an HTTP connection may stay idle between requests (WebSockets are pinged instead).
  public var idleSeconds = 30
  /// How long a plain HTTP connection (not a WebSocket) may live: a page is one request.
  public var httpLifetimeSeconds = 60
  /// The longest session line an app may send.
  public var lineBytes = 8 << 20
  /// Bytes of app messages being checked and written at once, over every connection: an app
  /// sending more waits.
  public var bytesInFlight = 64 << 20
  /// Bytes waiting to be sent to one page: a page that stops reading past it is closed as too
  /// slow (it reconnects and opens the session from its tail).
  public var pageBacklogBytes = 48 << 20
  /// Bytes waiting to be sent to one page above which sending it a session's file waits.
  public var pageHighWaterBytes = 4 << 20

  public init() {}
}
