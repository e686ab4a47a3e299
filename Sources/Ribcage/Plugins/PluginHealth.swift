/// Handed to every plugin factory: lets the plugin switch itself off when it misbehaves (a
/// feature that keeps failing, a backend that keeps answering errors).
///
/// Reporting is one-way and cheap; the plugin is detached (RIB plugins) or no longer built (value
/// plugins) at once, and stays off until its flag's auto-disable is cleared.
@MainActor
public struct PluginHealth {
  @usableFromInline let store: FlagStore
  /// The index of the plugin's flag in `store` (an integer: cheaper to hand out than the key).
  @usableFromInline let flagIndex: Int

  @usableFromInline
  init(store: FlagStore, flagIndex: Int) {
    self.store = store
    self.flagIndex = flagIndex
  }

  /// Switches the plugin off, with `reason` for diagnostics and tree snapshots.
  public func reportUnhealthy(_ reason: String) {
    store.autoDisable(flagAt: flagIndex, reason: reason)
  }
}

/// A registered plugin: a name, the flag that gates it, and how to build it.
@MainActor
@usableFromInline
struct PluginRegistration<Context, Plugin> {
  @usableFromInline let name: String
  @usableFromInline let flag: FeatureFlag<Bool>
  @usableFromInline let flagIndex: Int
  @usableFromInline let factory: @MainActor (Context, PluginHealth) throws -> Plugin

  @usableFromInline
  init(
    name: String, flag: FeatureFlag<Bool>, flagIndex: Int,
    factory: @escaping @MainActor (Context, PluginHealth) throws -> Plugin
  ) {
    self.name = name
    self.flag = flag
    self.flagIndex = flagIndex
    self.factory = factory
  }
}

extension PluginRegistration {
  /// Registers `flag` with `flags` and makes the registration of a plugin it gates.
  static func gated(
    _ name: String, by flag: FeatureFlag<Bool>, in flags: FlagStore,
    factory: @escaping @MainActor (Context, PluginHealth) throws -> Plugin
  ) -> PluginRegistration {
    PluginRegistration(name: name, flag: flag, flagIndex: flags.register(flag), factory: factory)
  }
}
