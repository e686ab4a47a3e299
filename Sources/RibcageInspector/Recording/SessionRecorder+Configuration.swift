import Foundation

extension SessionRecorder {
  /// The recorder's settings.
  public struct Configuration: Sendable {
    /// The app's name in the session header; by default the process name.
    public var appName: String
    /// The most bytes of events kept in memory (default 32 MB): records at their fixed size
    /// (40 bytes), keyframes at the room kept for their entries, view models at their encoded size.
    public var byteBudget: Int
    /// A keyframe at most every this many events (default 1,000); fewer when keyframes are big
    /// compared with the events between them, so they never take most of the budget.
    public var keyframeInterval: Int
    /// Whether lifecycle hooks are timed (default `true`).
    public var timesHooks: Bool
    /// Whether `Encodable` view models are encoded (default `true`; otherwise only their type).
    public var encodesViewModels: Bool
    /// Whether view models of a `Sendable` type are encoded on a background queue when the
    /// session is streamed to the file or to a consumer (default `true`): their `encode(to:)`
    /// then runs off the main actor, as a `Sendable` value's may. A type is known to be
    /// `Sendable` when a `RenderLoop` is made where it is. Reading the session
    /// (``SessionRecorder/sessionBytes()``) encodes on the calling thread.
    public var encodesInBackground: Bool
    /// The largest encoded view model recorded (default 256 KB); a larger one is recorded by type
    /// and size.
    public var maximumViewModelBytes: Int
    /// Also stream the whole session to this file (it is created or truncated).
    public var filePath: String?

    /// Creates a configuration.
    public init(
      appName: String = ProcessInfo.processInfo.processName,
      byteBudget: Int = 32 * 1024 * 1024,
      keyframeInterval: Int = 1_000,
      timesHooks: Bool = true,
      encodesViewModels: Bool = true,
      encodesInBackground: Bool = true,
      maximumViewModelBytes: Int = 256 * 1024,
      filePath: String? = nil
    ) {
      self.appName = appName
      self.byteBudget = byteBudget
      self.keyframeInterval = keyframeInterval
      self.timesHooks = timesHooks
      self.encodesViewModels = encodesViewModels
      self.encodesInBackground = encodesInBackground
      self.maximumViewModelBytes = maximumViewModelBytes
      self.filePath = filePath
    }
  }
}
