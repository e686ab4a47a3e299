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
///
/// A class with constant fields: ``PluginPoint/evaluate(_:)`` calls each factory through an
/// unretained reference, and a factory read from a constant field of a reference the caller
/// guarantees is not retained around its call. Read from an array of structs, each factory's
/// context was retained and released around every call: 51 of the 217 instructions a plugin
/// cost.
@MainActor
@usableFromInline
final class PluginRegistration<Context, Plugin> {
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

  /// Calls `body` with `registration`, retaining nothing: the caller keeps the registration
  /// alive. Nonisolated, so that the main-actor closure handed on to
  /// `_withUnsafeGuaranteedRef` is not checked at run time for being on the main actor.
  @inlinable @inline(__always)
  nonisolated static func with<Result>(
    _ registration: Unmanaged<PluginRegistration>,
    _ body: (PluginRegistration) throws -> Result
  ) rethrows -> Result {
    try registration._withUnsafeGuaranteedRef(body)
  }

  /// Keeps `registrations` alive until here (the unretained calls above rely on it).
  @inlinable @inline(__always)
  nonisolated static func keepAlive(_ registrations: [PluginRegistration]) {
    withExtendedLifetime(registrations) {}
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
