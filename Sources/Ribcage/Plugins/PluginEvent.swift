/// What a ``RIBPluginPoint`` did with one of its plugins, delivered by
/// ``TreeContext/pluginEvents`` of the point's tree.
///
/// ```swift
/// let log = root.context.pluginEvents.observe { event in print(event) }
/// // plugin coupon of confirm: auto-disabled (coupon failed to build: offline)
/// ```
public struct PluginEvent: Sendable, Equatable, CustomStringConvertible {
  /// What happened.
  public enum Kind: String, Sendable, Equatable {
    /// The plugin's RIB was attached.
    case attached
    /// The plugin's RIB was detached: its flag turned off, or the core-only switch turned on.
    case detached
    /// The plugin was switched off: its factory threw or it reported itself unhealthy.
    case autoDisabled
  }

  /// The plugin point's name.
  public let point: String
  /// The plugin's name.
  public let plugin: String
  /// What happened.
  public let kind: Kind
  /// The key of the flag that gates the plugin.
  public let flag: String
  /// Why: the flag or switch that detached it, or the error or report that switched it off.
  public let reason: String?
  /// The inspection tags of the point's router and of the plugin's router (0 when none), read
  /// when the event is announced, so a recorder can name both RIBs. Not part of equality.
  @_spi(RibcageInspection) public internal(set) var pointTag: UInt64 = 0
  @_spi(RibcageInspection) public internal(set) var pluginTag: UInt64 = 0

  /// Creates an event.
  public init(point: String, plugin: String, kind: Kind, flag: String, reason: String? = nil) {
    self.point = point
    self.plugin = plugin
    self.kind = kind
    self.flag = flag
    self.reason = reason
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.point == rhs.point && lhs.plugin == rhs.plugin && lhs.kind == rhs.kind
      && lhs.flag == rhs.flag && lhs.reason == rhs.reason
  }

  public var description: String {
    let base = "plugin \(plugin) of \(point): \(kind.rawValue)"
    return reason.map { "\(base) (\($0))" } ?? base
  }
}
