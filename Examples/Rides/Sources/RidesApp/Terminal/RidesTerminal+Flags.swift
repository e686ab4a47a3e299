import Ribcage

/// Flags: the `flag` and `flags` commands, and the line printed when a plugin switches itself off.
/// `core-only` is not one of Rides' flags but the store's own switch, so it is handled beside them.
extension RidesTerminal {
  func setFlag(_ command: Command) throws(CommandError) {
    let usage = "flag <\(RidesFlags.all.map(\.key).joined(separator: "|"))|core-only> on|off|reset"
    guard command.arguments.count == 2 else { throw .usage(usage) }
    let key = command.arguments[0].lowercased().replacingDashes()
    let setting = command.arguments[1].lowercased()
    guard ["on", "off", "reset"].contains(setting) else { throw .usage(usage) }
    if key == "core_only" {
      // Core-only is off unless switched on: resetting it switches it off.
      app.flags.isCoreOnly = setting == "on"
      messages.append("core-only: \(app.flags.isCoreOnly ? "on" : "off")")
      return
    }
    guard let flag = RidesFlags.all.first(where: { $0.key == key }) else {
      throw .rejected(
        "no flag '\(command.arguments[0])'; flags: \(RidesFlags.all.map(\.key).joined(separator: ", ")), core-only"
      )
    }
    if setting == "reset" {
      app.flags.clearAutoDisabled(flag)
      app.flags.removeOverride(flag)
      // Only this flag's runtime value goes; the others' are set again as they were.
      let others = app.flags.effectiveValues.filter { $0.source == .runtime && $0.key != flag.key }
      app.flags.clearRuntimeValues()
      if !others.isEmpty {
        _ = app.flags.apply(Dictionary(uniqueKeysWithValues: others.map { ($0.key, $0.value) }))
      }
    } else {
      _ = app.flags.apply([flag.key: .bool(setting == "on")])
    }
    messages.append("\(flag.key): \(app.flags.isEnabled(flag) ? "on" : "off")")
  }

  func report(_ change: FlagStore.Change) {
    guard case .value(let key, _, _, .autoDisabled) = change,
      let flag = RidesFlags.all.first(where: { $0.key == key }),
      let reason = app.flags.autoDisabledReason(flag)
    else { return }
    messages.append("! plugin \(key) switched off: \(reason)")
  }

  func flagLines() -> [String] {
    RidesFlags.all.map { flag in
      var line =
        "\(flag.key): \(app.flags.isEnabled(flag) ? "on" : "off") (\(app.flags.source(of: flag)))"
      if let reason = app.flags.autoDisabledReason(flag) { line += " — \(reason)" }
      return line
    } + ["core-only: \(app.flags.isCoreOnly ? "on" : "off")"]
  }
}

extension String {
  fileprivate func replacingDashes() -> String {
    String(map { $0 == "-" ? "_" : $0 })
  }
}
