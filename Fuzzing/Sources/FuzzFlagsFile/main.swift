import FuzzSupport
import Ribcage

// The flags file: one file per input, loaded into a store that has flags of every type and a
// file loaded before. A file that does not parse is one issue and changes nothing (values,
// sources, waiting keys); one that parses gives every flag a value of its own type, and loading
// it again changes nothing.

@MainActor
enum Target {
  static let switchFlag = FeatureFlag("coupons", default: true)
  static let countFlag = FeatureFlag("retries", default: 3)
  static let ratioFlag = FeatureFlag("ratio", default: 0.5)
  static let nameFlag = FeatureFlag("variant", default: "a")
  static let baseline = #"{"coupons": false, "retries": 5, "pending": "later"}"#

  static func snapshot(_ store: FlagStore) -> String {
    "\(store.effectiveValues.map { "\($0.key)=\($0.value)@\($0.source)" }) \(store.pendingKeys)"
  }

  static func run(_ text: String) {
    let store = FlagStore()
    store.register(switchFlag)
    store.register(countFlag)
    store.register(ratioFlag)
    store.register(nameFlag)
    store.loadFile(baseline)
    let before = snapshot(store)
    let issueCount = store.issues.count
    let found = store.loadFile(text)
    invariant(store.issues.count == issueCount + found.count, "issues not recorded: \(found)")
    if let malformed = found.first(where: {
      if case .malformedSource = $0.kind { return true }
      return false
    }) {
      invariant(found.count == 1, "a malformed file with more issues: \(found)")
      invariant(snapshot(store) == before, "\(malformed) changed \(before) to \(snapshot(store))")
      return
    }
    for (key, value, _) in store.effectiveValues {
      let typed: Bool
      switch (key, value) {
      case ("coupons", .bool), ("retries", .int), ("ratio", .double), ("ratio", .int),
        ("variant", .string):
        typed = true
      default: typed = false
      }
      invariant(typed, "\(key) has \(value) after \(text)")
    }
    _ = store.isEnabled(switchFlag)
    _ = store.value(countFlag)
    _ = store.value(ratioFlag)
    _ = store.value(nameFlag)
    let after = snapshot(store)
    store.loadFile(text)
    invariant(snapshot(store) == after, "loading \(text) twice: \(after), \(snapshot(store))")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFlagsFile(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = FuzzInput(start, count).text
  MainActor.assumeIsolated { Target.run(text) }
  return 0
}
