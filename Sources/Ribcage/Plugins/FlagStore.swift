/// The feature flags of an app: typed flags, merged from several sources, observable, with a
/// master "core only" switch and auto-disabling for failing plugins.
///
/// Precedence, highest first (``FlagSource``):
/// 1. **override** — set by a test or a debug menu;
/// 2. **auto-disabled** — a plugin failed, so its flag is off until ``clearAutoDisabled(_:)``;
/// 3. **runtime** — values pushed while the app runs (a config fetch, a push notification);
/// 4. **local file** — a JSON file (``loadFile(_:)``);
/// 5. **defaults** — values applied with `apply(_:from: .defaults)` (remote defaults), then each
///    flag's own default in code.
///
/// A source may set a flag before it is registered — plugin points register their flags lazily,
/// long after a config fetch at launch applied its kill switches. Such a value waits in its
/// layer (``pendingKeys``) and applies, type-checked, when the flag registers; a value of the
/// wrong type is then reported as a ``FlagIssue`` and dropped. For a registered flag, a value of
/// the wrong type is reported and ignored at once. A bad source never crashes and never
/// half-applies a malformed file.
///
/// ```swift
/// let flags = FlagStore()
/// flags.register(.coupons)                     // FeatureFlag("coupons", default: true)
/// flags.loadFile(#"{ "coupons": false }"#)
/// flags.apply(["coupons": .bool(true)])        // runtime beats the file
/// flags.isEnabled(.coupons)                    // true
/// ```
@MainActor
public final class FlagStore {
  /// What a source changed, or the core-only switch.
  public enum Change: Sendable, Equatable {
    /// A flag's effective value changed.
    case value(key: String, from: ScalarValue, to: ScalarValue, source: FlagSource)
    /// ``isCoreOnly`` changed.
    case coreOnly(Bool)
  }

  private struct Entry {
    let index: Int
    let defaultValue: ScalarValue
    let typeName: String
    let accepts: @MainActor (ScalarValue) -> Bool
  }

  private var entries: [String: Entry] = [:]
  private var keys: [String] = []
  private var layers: [FlagSource: [String: ScalarValue]] = [:]
  private var autoDisabledReasons: [String: String] = [:]
  /// The effective value and source of each registered flag, by index: what plugin points read.
  @exclusivity(unchecked) private var resolved: [ScalarValue] = []
  @exclusivity(unchecked) private var resolvedSources: [FlagSource] = []
  /// Whether each flag's effective value is `true`, by index: the one read a plugin point makes.
  @exclusivity(unchecked) @usableFromInline var enabledByIndex: [Bool] = []
  private let changeRelay = EventRelay<Change>()
  private let autoDisableRelay = EventRelay<AutoDisabling>()

  /// A flag's auto-disable set or cleared, for the plugin points it gates: their notes, reports
  /// and events follow the auto-disable itself, whatever it does to the flag's value (a flag a
  /// kill switch already holds off may be auto-disabled, and cleared, without changing value).
  enum AutoDisabling {
    case disabled(key: String, reason: String)
    case cleared(key: String)
  }

  /// Incremented whenever an effective value or the core-only switch changes, so that plugin
  /// points can keep what they computed from the flags until it does.
  @exclusivity(unchecked) @usableFromInline private(set) var generation: UInt64 = 0

  /// Every issue found in a source, in order — including values that waited for their flag and
  /// turned out to have the wrong type when it registered.
  public private(set) var issues: [FlagIssue] = []

  /// Switches every optional feature off at once: plugin points build no plugins and detach the
  /// RIB plugins they attached. The core keeps working.
  @exclusivity(unchecked) public var isCoreOnly = false {
    didSet {
      if isCoreOnly != oldValue {
        generation &+= 1
        changeRelay.send(.coreOnly(isCoreOnly))
      }
    }
  }

  /// Creates a store with no flags registered.
  public init() {}

  /// Changes of effective values (and of the core-only switch), as they happen.
  public var changes: EventStream<Change> { changeRelay.stream }

  /// How many observers ``changes`` has now: what a long-running app watches to see that
  /// observations end with the RIBs that made them.
  public var observerCount: Int {
    changeRelay.subscriberCount + autoDisableRelay.subscriberCount
  }

  /// Auto-disables set and cleared, as they happen (for plugin points).
  var autoDisablings: EventStream<AutoDisabling> { autoDisableRelay.stream }

  // MARK: Flags

  /// Registers `flag`. Registering again does nothing — registering the key again with another
  /// type is a ``FlagIssue/Kind/wrongType(expected:found:)`` issue (source `.defaults`), and the
  /// flag keeps its first type.
  ///
  /// Values sources set for it before (see ``pendingKeys``) apply now: each is checked against
  /// the flag's type, and one of the wrong type is dropped and reported in ``issues``. If they
  /// change the effective value, ``changes`` delivers it like any other change.
  @discardableResult
  public func register<Value>(_ flag: FeatureFlag<Value>) -> Int {
    if let entry = entries[flag.key] {
      if entry.typeName != Value.flagTypeName {
        issues.append(
          FlagIssue(
            kind: .wrongType(expected: entry.typeName, found: Value.flagTypeName), key: flag.key,
            source: .defaults))
      }
      return entry.index
    }
    let index = keys.count
    let entry = Entry(
      index: index, defaultValue: flag.defaultValue.flagValue, typeName: Value.flagTypeName,
      accepts: { Value(flagValue: $0) != nil })
    entries[flag.key] = entry
    keys.append(flag.key)
    resolved.append(flag.defaultValue.flagValue)
    resolvedSources.append(.defaults)
    enabledByIndex.append(flag.defaultValue.flagValue == .bool(true))
    checkWaitingValues(of: flag.key, against: entry)
    resolve(flag.key)
    return index
  }

  /// The keys sources set that no flag is registered for yet, sorted: their values wait for the
  /// flag to register. A key still here once every feature has loaded is probably misspelt (see
  /// ``issuesForPendingKeys()``).
  public var pendingKeys: [String] {
    var found: Set<String> = []
    for layer in layers.values {
      for key in layer.keys where entries[key] == nil { found.insert(key) }
    }
    return found.sorted()
  }

  /// An ``FlagIssue/Kind/unknownKey`` issue for every value still waiting for its flag, by source
  /// (lowest first) then key. Call it once every feature that registers flags has loaded, or in a
  /// debug menu, to find misspelt keys; it does not add to ``issues`` and drops nothing.
  public func issuesForPendingKeys() -> [FlagIssue] {
    var found: [FlagIssue] = []
    for source in FlagSource.allCases {
      guard let layer = layers[source] else { continue }
      for key in layer.keys.sorted() where entries[key] == nil {
        found.append(FlagIssue(kind: .unknownKey, key: key, source: source))
      }
    }
    return found
  }

  /// Every registered flag's key, effective value and its source, in registration order (for a
  /// debug menu, a session recorder's keyframes).
  public var effectiveValues: [(key: String, value: ScalarValue, source: FlagSource)] {
    keys.indices.map { (keys[$0], resolved[$0], resolvedSources[$0]) }
  }

  /// The effective value of `flag` (its default if it is not registered).
  public func value<Value>(_ flag: FeatureFlag<Value>) -> Value {
    guard let entry = entries[flag.key] else { return flag.defaultValue }
    return Value(flagValue: resolved[entry.index]) ?? flag.defaultValue
  }

  /// Where the effective value of `flag` comes from.
  public func source<Value>(of flag: FeatureFlag<Value>) -> FlagSource {
    guard let entry = entries[flag.key] else { return .defaults }
    return resolvedSources[entry.index]
  }

  /// Whether a boolean flag is on.
  public func isEnabled(_ flag: FeatureFlag<Bool>) -> Bool {
    value(flag)
  }

  /// Whether the boolean flag registered at `index` is on: one array read, for plugin points.
  @inlinable
  func isEnabled(index: Int) -> Bool {
    enabledByIndex[index]
  }

  // MARK: Sources

  /// Replaces the local-file layer with the flat JSON object in `text` (RFC 8259). A file that
  /// does not parse changes nothing and is one ``FlagIssue/Kind/malformedSource(_:)`` issue whose
  /// text says what is wrong and at which byte. A key set twice is a
  /// ``FlagIssue/Kind/duplicateKey`` issue and its last value applies; an entry of the wrong type
  /// for a registered flag is skipped; an entry for a flag not registered yet waits for it (see
  /// ``register(_:)``). Returns the issues found (also appended to ``issues``).
  @discardableResult
  public func loadFile(_ text: String) -> [FlagIssue] {
    let entries: [(key: String, value: ScalarValue)]
    do {
      entries = try Self.entries(ofFile: text)
    } catch {
      let issue = FlagIssue(
        kind: .malformedSource("\(error.reason) at byte \(error.offset)"), key: nil,
        source: .localFile)
      issues.append(issue)
      return [issue]
    }
    var duplicates: [FlagIssue] = []
    var positions: [String: Int] = [:]
    var unique: [(key: String, value: ScalarValue)] = []
    for (key, value) in entries {
      if let position = positions[key] {
        unique[position].value = value
        if !duplicates.contains(where: { $0.key == key }) {
          duplicates.append(FlagIssue(kind: .duplicateKey, key: key, source: .localFile))
        }
      } else {
        positions[key] = unique.count
        unique.append((key, value))
      }
    }
    issues += duplicates
    return duplicates + replaceLayer(.localFile, with: unique)
  }

  /// The entries of a flags file in the order written, a key set twice twice, read by the
  /// package's one JSON parser. A leading UTF-8 byte-order mark (some editors write one) is
  /// skipped, as RFC 8259 allows: rejecting the file would drop every kill switch in it. Offsets
  /// in errors still count from the file's first byte.
  private static func entries(
    ofFile text: String
  ) throws(JSONSyntaxError) -> [(key: String, value: ScalarValue)] {
    let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    var text = text
    let read = text.withUTF8 { utf8 in
      Result { () throws(JSONSyntaxError) in
        let skipped = utf8.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        let members: [(key: String, value: JSONValue, offset: Int)]
        do throws(JSONSyntaxError) {
          members = try JSONParser().parseMembers(UnsafeBufferPointer(rebasing: utf8[skipped...]))
        } catch {
          throw JSONSyntaxError(offset: error.offset + skipped, reason: error.reason)
        }
        var entries: [(key: String, value: ScalarValue)] = []
        entries.reserveCapacity(members.count)
        for member in members {
          entries.append((member.key, try scalar(member.value, at: member.offset + skipped)))
        }
        return entries
      }
    }
    return try read.get()
  }

  /// `value` as a flag value; `null`, arrays and objects are none, and make the file malformed
  /// so that it changes nothing.
  private static func scalar(
    _ value: JSONValue, at offset: Int
  ) throws(JSONSyntaxError) -> ScalarValue {
    switch value {
    case .bool(let bool): return .bool(bool)
    case .string(let string): return .string(string)
    // A whole number too large for `Int` (on a 32-bit watch) is a number, like `1e3`.
    case .integer(let integer):
      return Int(exactly: integer).map { .int($0) } ?? .double(Double(integer))
    case .number(let number): return .double(number)
    case .null: throw JSONSyntaxError(offset: offset, reason: "null is not a flag value")
    case .array, .object:
      throw JSONSyntaxError(
        offset: offset, reason: "nested objects and arrays are not flag values")
    }
  }

  /// Merges `values` into the `source` layer (runtime by default): later values for the same key
  /// win. Returns the issues found (also appended to ``issues``).
  ///
  /// A value of the wrong type for a registered flag is an issue and is ignored. A value for a
  /// flag not registered yet is no issue: it waits in the layer (``pendingKeys``) and applies
  /// when the flag registers — so kill switches fetched at launch also reach plugins that
  /// register later — and its type is checked then. Values applied from `.defaults` are remote
  /// defaults: they beat the flag's default in code and lose to every other source.
  @discardableResult
  public func apply(_ values: [String: ScalarValue], from source: FlagSource = .runtime)
    -> [FlagIssue]
  {
    var found: [FlagIssue] = []
    var touched: [String] = []
    for key in values.keys.sorted() {
      let value = values[key]!
      // An auto-disable only switches a flag off: `true` there would beat every kill switch.
      if source == .autoDisabled, value != .bool(false) {
        found.append(
          FlagIssue(
            kind: .wrongType(
              expected: "false (auto-disabling only switches off)", found: "\(value)"),
            key: key, source: source))
        continue
      }
      if let issue = check(key, value, source) {
        found.append(issue)
        continue
      }
      layers[source, default: [:]][key] = value
      touched.append(key)
    }
    issues += found
    for key in touched { resolve(key) }
    return found
  }

  /// Forgets every value of the runtime layer, including values waiting for their flag.
  public func clearRuntimeValues() {
    let keys = Array((layers[.runtime] ?? [:]).keys)
    layers[.runtime] = [:]
    for key in keys { resolve(key) }
  }

  /// Forces `flag` to `value` above every other source (tests, debug menus). A value of another
  /// type than the flag registered under that key is an issue and changes nothing.
  public func setOverride<Value>(_ flag: FeatureFlag<Value>, to value: Value) {
    if let issue = check(flag.key, value.flagValue, .override) {
      issues.append(issue)
      return
    }
    register(flag)
    layers[.override, default: [:]][flag.key] = value.flagValue
    resolve(flag.key)
  }

  /// Removes the override of `flag`.
  public func removeOverride<Value>(_ flag: FeatureFlag<Value>) {
    layers[.override]?[flag.key] = nil
    resolve(flag.key)
  }

  // MARK: Auto-disabling

  /// Switches `flag` off because the feature it guards failed; it stays off (above runtime and
  /// file values) until ``clearAutoDisabled(_:)``.
  ///
  /// The plugin points it gates note it and report it even when the flag was off already (a
  /// remote kill switch): the failure is news either way. A flag auto-disabled already keeps its
  /// first reason — the root cause — and nothing is reported again.
  ///
  /// Only a boolean flag can be auto-disabled: for a key registered with another type it is an
  /// issue and changes nothing.
  public func autoDisable(_ flag: FeatureFlag<Bool>, reason: String) {
    if let issue = check(flag.key, .bool(false), .autoDisabled) {
      issues.append(issue)
      return
    }
    register(flag)
    guard autoDisabledReasons[flag.key] == nil else { return }
    autoDisabledReasons[flag.key] = reason
    layers[.autoDisabled, default: [:]][flag.key] = .bool(false)
    autoDisableRelay.send(.disabled(key: flag.key, reason: reason))
    resolve(flag.key)
  }

  /// Auto-disables the boolean flag registered at `index`.
  func autoDisable(flagAt index: Int, reason: String) {
    autoDisable(FeatureFlag(keys[index], default: false), reason: reason)
  }

  /// Why `flag` was auto-disabled, if it is.
  public func autoDisabledReason(_ flag: FeatureFlag<Bool>) -> String? {
    autoDisabledReasons[flag.key]
  }

  /// Lets `flag` follow its sources again.
  public func clearAutoDisabled(_ flag: FeatureFlag<Bool>) {
    let wasAutoDisabled = autoDisabledReasons.removeValue(forKey: flag.key) != nil
    layers[.autoDisabled]?[flag.key] = nil
    if wasAutoDisabled { autoDisableRelay.send(.cleared(key: flag.key)) }
    resolve(flag.key)
  }

  // MARK: Resolution

  /// The issue with setting `key` to `value`, if any. A key nobody registered has none yet: its
  /// value waits, and ``checkWaitingValues(of:against:)`` checks it at registration.
  private func check(_ key: String, _ value: ScalarValue, _ source: FlagSource) -> FlagIssue? {
    guard let entry = entries[key] else { return nil }
    guard entry.accepts(value) else {
      return FlagIssue(
        kind: .wrongType(expected: entry.typeName, found: value.typeName), key: key,
        source: source)
    }
    return nil
  }

  /// Drops and reports the values that waited for `key` to register and that `entry` does not
  /// accept.
  private func checkWaitingValues(of key: String, against entry: Entry) {
    for source in FlagSource.allCases {
      guard let value = layers[source]?[key], !entry.accepts(value) else { continue }
      layers[source]?[key] = nil
      issues.append(
        FlagIssue(
          kind: .wrongType(expected: entry.typeName, found: value.typeName), key: key,
          source: source))
    }
  }

  private func replaceLayer(
    _ source: FlagSource, with values: [(key: String, value: ScalarValue)]
  ) -> [FlagIssue] {
    var found: [FlagIssue] = []
    var layer: [String: ScalarValue] = [:]
    for (key, value) in values {
      if let issue = check(key, value, source) {
        found.append(issue)
      } else {
        layer[key] = value
      }
    }
    let touched = Set((layers[source] ?? [:]).keys).union(layer.keys)
    layers[source] = layer
    issues += found
    for key in touched.sorted() { resolve(key) }
    return found
  }

  /// Recomputes the effective value of `key` from the highest source that sets it; the defaults
  /// layer (remote defaults) comes before the flag's default in code.
  private func resolve(_ key: String) {
    guard let entry = entries[key] else { return }
    var value = entry.defaultValue
    var source = FlagSource.defaults
    for candidate in FlagSource.allCases.reversed() {
      if let layered = layers[candidate]?[key] {
        value = layered
        source = candidate
        break
      }
    }
    let old = resolved[entry.index]
    resolved[entry.index] = value
    resolvedSources[entry.index] = source
    enabledByIndex[entry.index] = value == .bool(true)
    if old != value {
      generation &+= 1
      changeRelay.send(.value(key: key, from: old, to: value, source: source))
    }
  }
}
