/// A place where optional features plug in, each gated by a boolean flag: "extra rows on the
/// Confirm screen", "badges on the Home map".
///
/// ``evaluate(_:)`` builds the enabled plugins in registration order. A factory that throws is
/// switched off (its flag is auto-disabled with the error as the reason) and skipped: the core
/// flow gets the other plugins and carries on. With the store's ``FlagStore/isCoreOnly`` on, no
/// plugin is built.
///
/// ```swift
/// let rows = PluginPoint<Quote, ConfirmRow>("confirm-rows", flags: flags)
/// rows.register("surge-explainer", gatedBy: .surgeExplainer) { quote, _ in SurgeRow(quote) }
/// rows.register("carbon", gatedBy: .carbonEstimate) { quote, health in try CarbonRow(quote) }
/// let extraRows = rows.evaluate(currentQuote)
/// ```
///
/// For plugins that are RIBs, use ``RIBPluginPoint``.
@MainActor
public final class PluginPoint<Context, Plugin> {
  /// The point's name, for diagnostics.
  public let name: String
  /// The flags that gate the plugins.
  public let flags: FlagStore
  @usableFromInline var registrations: [PluginRegistration<Context, Plugin>] = []
  /// The indices of the enabled registrations, valid while the flag store's generation is
  /// `enabledGeneration`: flags rarely change between evaluations.
  @exclusivity(unchecked) @usableFromInline var enabled: [Int] = []
  @exclusivity(unchecked) @usableFromInline var enabledGeneration: UInt64 = .max

  /// Creates an empty plugin point.
  public init(_ name: String, flags: FlagStore) {
    self.name = name
    self.flags = flags
  }

  /// Registers a plugin built by `factory` while `flag` is on.
  public func register(
    _ name: String, gatedBy flag: FeatureFlag<Bool>,
    factory: @escaping @MainActor (Context, PluginHealth) throws -> Plugin
  ) {
    registrations.append(.gated(name, by: flag, in: flags, factory: factory))
    enabledGeneration = .max
  }

  /// The names of the registered plugins, in order.
  public var pluginNames: [String] { registrations.map(\.name) }

  /// Builds every enabled plugin, in registration order; a throwing factory is auto-disabled and
  /// skipped. Inlinable, so that it is specialised for the caller's context and plugin types.
  @inlinable
  public func evaluate(_ context: Context) -> [Plugin] {
    if enabledGeneration != flags.generation { refreshEnabled() }
    var plugins: [Plugin] = []
    plugins.reserveCapacity(enabled.count)
    // Fields are read in place: copying a registration out would retain its name, key and
    // factory for every plugin.
    for index in enabled {
      do {
        plugins.append(
          try registrations[index].factory(
            context, PluginHealth(store: flags, flagIndex: registrations[index].flagIndex)))
      } catch {
        flags.autoDisable(
          registrations[index].flag,
          reason: "\(registrations[index].name) failed to build: \(error)")
      }
    }
    return plugins
  }

  /// Recomputes which registrations are enabled under the store's current flags.
  @usableFromInline
  func refreshEnabled() {
    enabled.removeAll(keepingCapacity: true)
    if !flags.isCoreOnly {
      for (index, registration) in registrations.enumerated()
      where flags.isEnabled(index: registration.flagIndex) {
        enabled.append(index)
      }
    }
    enabledGeneration = flags.generation
  }
}
