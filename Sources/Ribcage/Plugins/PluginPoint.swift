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
  @exclusivity(unchecked) @usableFromInline var registrations:
    [PluginRegistration<Context, Plugin>] = []
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
  ///
  /// Follows the flags as they are while it evaluates: once a factory has changed any flag (it
  /// reported its plugin unhealthy, turned core-only on, switched another plugin on or off),
  /// the remaining plugins are gated by the flags as they are when each is reached, and only
  /// the plugins still enabled when the evaluation ends are handed out.
  @inlinable
  public func evaluate(_ context: Context) -> [Plugin] {
    if enabledGeneration != flags.generation { refreshEnabled() }
    let generation = enabledGeneration
    let enabled = enabled
    // One reference to the array for the whole evaluation: a factory read from the property
    // for each plugin is retained and released around its call (the property could change).
    let registrations = registrations
    var plugins: [Plugin] = []
    plugins.reserveCapacity(enabled.count)
    // Each registration is used unretained (the array above keeps it): its factory is called
    // without retaining the closure's context.
    for index in enabled {
      do {
        plugins.append(
          try PluginRegistration.with(.passUnretained(registrations[index])) {
            try $0.factory(context, PluginHealth(store: flags, flagIndex: $0.flagIndex))
          })
      } catch {
        flags.autoDisable(
          registrations[index].flag,
          reason: "\(registrations[index].name) failed to build: \(error)")
        return evaluateOnLiveFlags(context, built: plugins, from: enabled, after: index)
      }
      if flags.generation != generation {
        return evaluateOnLiveFlags(context, built: plugins, from: enabled, after: index)
      }
    }
    PluginRegistration.keepAlive(registrations)
    return plugins
  }

  /// The slow path of ``evaluate(_:)``, once a factory threw or changed a flag: `built` are the
  /// plugins of the first registrations of `enabled`, in order; builds the registrations after
  /// `index` that are enabled when each is reached, then keeps the plugins whose registrations
  /// are still enabled.
  @usableFromInline
  func evaluateOnLiveFlags(
    _ context: Context, built: [Plugin], from enabled: [Int], after index: Int
  ) -> [Plugin] {
    var candidates: [(index: Int, plugin: Plugin)] = []
    for (position, plugin) in built.enumerated() { candidates.append((enabled[position], plugin)) }
    var next = index + 1
    while next < registrations.count {
      let current = next
      next += 1
      guard isEnabledNow(current) else { continue }
      do {
        let plugin = try registrations[current].factory(
          context, PluginHealth(store: flags, flagIndex: registrations[current].flagIndex))
        candidates.append((current, plugin))
      } catch {
        flags.autoDisable(
          registrations[current].flag,
          reason: "\(registrations[current].name) failed to build: \(error)")
      }
    }
    var plugins: [Plugin] = []
    for candidate in candidates where isEnabledNow(candidate.index) {
      plugins.append(candidate.plugin)
    }
    return plugins
  }

  /// Whether registration `index` is enabled under the store's flags now.
  func isEnabledNow(_ index: Int) -> Bool {
    !flags.isCoreOnly && flags.isEnabled(index: registrations[index].flagIndex)
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
