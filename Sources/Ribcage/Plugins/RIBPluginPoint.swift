/// A plugin point whose plugins are child RIBs of a router: "a child RIB under Confirm".
///
/// ``evaluate(_:)`` attaches every enabled plugin that is not attached yet and detaches every
/// attached one whose flag is off. A flag switched off at runtime (or the core-only switch turned
/// on) detaches the plugin **at once** — the leak detector then checks it like any detached RIB.
/// A flag switched on (including an auto-disable cleared), or the core-only switch turned off,
/// attaches it **at once** too: the point evaluates again with the last context given to
/// ``evaluate(_:)`` (before the first evaluation there is none, and nothing is attached). A
/// factory that throws, or a plugin that reports itself unhealthy, is auto-disabled: detached if
/// attached, noted on the parent router (visible in tree snapshots), reported as a
/// `pluginAutoDisabled` diagnostic — and the parent's flow goes on.
///
/// A plugin counts as attached only once the router really attached it: if the router refuses
/// (the factory returned a router that is attached elsewhere, for instance), the tree reports its
/// misuse diagnostic, the point records nothing, and the next evaluation builds the plugin again.
///
/// The point holds its router weakly and keeps the **last context** strongly, to re-evaluate when
/// a flag turns on; of the tree it holds only the plugins it attached. Keep the context small
/// (the dependencies the factories need), and never the router that owns the point or an object
/// that holds it, or the two keep each other alive.
///
/// ```swift
/// final class ConfirmRouter: ViewableRouter<ConfirmInteractable, ConfirmView> {
///   lazy var plugins = RIBPluginPoint<ConfirmPluginContext>("confirm", flags: flags, router: self)
///
///   override func didLoad() {
///     super.didLoad()
///     plugins.register("coupon", gatedBy: .coupons) { context, health in
///       CouponBuilder(dependency: context.component).build(health: health)
///     }
///     plugins.evaluate(ConfirmPluginContext(component: component))
///   }
/// }
/// ```
@MainActor
public final class RIBPluginPoint<Context> {
  /// The point's name, for diagnostics and notes.
  public let name: String
  /// The flags that gate the plugins.
  public let flags: FlagStore
  private weak var router: RouterNode?
  private var registrations: [PluginRegistration<Context, RouterNode>] = []
  private var attachedPlugins: [String: RouterNode] = [:]
  private var changeSubscription: StreamSubscription?
  private var autoDisableSubscription: StreamSubscription?
  /// The context of the last evaluation, to evaluate again when a flag turns on.
  private var lastContext: Context?

  /// Creates a plugin point whose plugins are attached to `router`.
  public init(_ name: String, flags: FlagStore, router: RouterNode) {
    self.name = name
    self.flags = flags
    self.router = router
    changeSubscription = flags.changes.observe { [weak self] change in
      self?.flagsChanged(change)
    }
    autoDisableSubscription = flags.autoDisablings.observe { [weak self] autoDisabling in
      self?.autoDisablingChanged(autoDisabling)
    }
  }

  isolated deinit {
    changeSubscription?.cancel()
    autoDisableSubscription?.cancel()
  }

  /// Registers a plugin RIB built by `factory` while `flag` is on.
  public func register(
    _ name: String, gatedBy flag: FeatureFlag<Bool>,
    factory: @escaping @MainActor (Context, PluginHealth) throws -> RouterNode
  ) {
    registrations.append(.gated(name, by: flag, in: flags, factory: factory))
  }

  /// The names of the plugins attached now, in registration order.
  public var attachedNames: [String] {
    registrations.map(\.name).filter { attachedPlugins[$0] != nil }
  }

  /// The router of the plugin `name`, if it is attached.
  public func attachedRouter(_ name: String) -> RouterNode? {
    attachedPlugins[name]
  }

  /// Attaches the enabled plugins that are not attached, detaches the attached ones that are no
  /// longer enabled. Keeps `context` (replacing the previous one) to evaluate again at once when
  /// a flag turns on.
  public func evaluate(_ context: Context) {
    guard let router else { return }
    lastContext = context
    for registration in registrations {
      let enabled = !flags.isCoreOnly && flags.isEnabled(index: registration.flagIndex)
      let attached = attachedPlugins[registration.name]
      if enabled, attached == nil {
        do {
          let plugin = try registration.factory(
            context, PluginHealth(store: flags, flagIndex: registration.flagIndex))
          // The factory may have reported the plugin unhealthy already, turned core-only on,
          // or changed a flag so that an evaluation it caused attached this plugin meanwhile.
          guard !flags.isCoreOnly, flags.isEnabled(index: registration.flagIndex),
            attachedPlugins[registration.name] == nil
          else { continue }
          attach(plugin, as: registration.name, to: router)
        } catch {
          flags.autoDisable(
            registration.flag, reason: "\(registration.name) failed to build: \(error)")
        }
      } else if !enabled, attached != nil {
        detach(
          registration.name,
          because: flags.isCoreOnly ? "core only" : "\(registration.flag.key) is off")
      }
    }
  }

  /// Attaches `plugin` and keeps it as the plugin `name` only if the router really attached it.
  ///
  /// `attached` is announced as soon as the tree has attached the plugin, before its activation:
  /// what the activation causes — the plugin reports itself unhealthy and is detached, another
  /// plugin is switched on and attached — is announced after it, in the tree's order.
  private func attach(_ plugin: RouterNode, as name: String, to router: RouterNode) {
    var isAttached = false
    // Recorded before attaching: a plugin that reports itself unhealthy while it activates is
    // detached from inside `attachChild`, and must be found.
    attachedPlugins[name] = plugin
    router.attachChild(plugin) { [weak self, unowned plugin] in
      isAttached = true
      self?.announce(.attached, name, reason: nil, plugin: plugin)
    }
    // Refused (attached here or elsewhere already): never ours.
    if !isAttached, attachedPlugins[name] === plugin { attachedPlugins[name] = nil }
  }

  private func detach(_ name: String, because reason: String) {
    guard let plugin = attachedPlugins.removeValue(forKey: name) else { return }
    router?.detachChild(plugin)
    announce(.detached, name, reason: reason)
  }

  private func announce(
    _ kind: PluginEvent.Kind, _ plugin: String, reason: String?,
    plugin pluginRouter: RouterNode? = nil
  ) {
    guard let router, let registration = registrations.first(where: { $0.name == plugin })
    else { return }
    var event = PluginEvent(
      point: self.name, plugin: plugin, kind: kind, flag: registration.flag.key, reason: reason)
    event.pointTag = router.inspectionTag
    event.pluginTag = pluginRouter?.inspectionTag ?? 0
    router.context.emit(event)
  }

  /// Evaluates again with the last context, if there was an evaluation.
  private func reevaluate() {
    guard let lastContext else { return }
    evaluate(lastContext)
  }

  private func flagsChanged(_ change: FlagStore.Change) {
    switch change {
    case .coreOnly(true):
      for registration in registrations { detach(registration.name, because: "core only") }
    case .coreOnly(false):
      reevaluate()
    case .value(let key, _, let to, let source):
      var turnedOn = false
      for registration in registrations where registration.flag.key == key {
        if to == .bool(true) {
          turnedOn = true
        } else {
          detach(
            registration.name,
            because: source == .autoDisabled ? "auto-disabled" : "\(key) is \(to) (\(source))")
        }
      }
      if turnedOn { reevaluate() }
    }
  }

  /// Notes, reports and announces an auto-disable of a plugin's flag — even one a kill switch
  /// already held off — and removes the note when it is cleared, whatever the flag's value does.
  private func autoDisablingChanged(_ autoDisabling: FlagStore.AutoDisabling) {
    switch autoDisabling {
    case .disabled(let key, let reason):
      for registration in registrations where registration.flag.key == key {
        announce(.autoDisabled, registration.name, reason: reason)
        router?.setNote("plugin \(registration.name)", to: "auto-disabled: \(reason)")
        router?.context.diagnostics.report(
          TreeDiagnostic(
            kind: .pluginAutoDisabled, severity: .warning,
            message:
              "Plugin \(registration.name) of \(name) was switched off: \(reason). The core "
              + "flow continues without it."))
      }
    case .cleared(let key):
      for registration in registrations where registration.flag.key == key {
        router?.setNote("plugin \(registration.name)", to: nil)
      }
    }
  }
}
