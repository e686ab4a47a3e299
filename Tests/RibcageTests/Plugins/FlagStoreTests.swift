import Ribcage
import RibcageTesting
import Testing

extension FeatureFlag where Value == Bool {
  static let coupons = FeatureFlag("coupons", default: true)
  static let carPhotos = FeatureFlag("car-photos", default: false)
  static let faulty = FeatureFlag("faulty-plugin", default: false)
}

extension FeatureFlag where Value == Int {
  static let maxStops = FeatureFlag("max-stops", default: 1)
}

extension FeatureFlag where Value == Double {
  static let surgeCap = FeatureFlag("surge-cap", default: 2.5)
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct FlagStoreTests {
  private func store() -> FlagStore {
    let flags = FlagStore()
    flags.register(FeatureFlag<Bool>.coupons)
    flags.register(FeatureFlag<Bool>.carPhotos)
    flags.register(FeatureFlag<Int>.maxStops)
    flags.register(FeatureFlag<Double>.surgeCap)
    return flags
  }

  @Test func defaultsApplyUntilASourceSetsAValue() {
    let flags = store()
    #expect(flags.isEnabled(.coupons))
    #expect(flags.value(FeatureFlag<Int>.maxStops) == 1)
    #expect(flags.source(of: FeatureFlag<Bool>.coupons) == .defaults)
  }

  @Test func sourcesMergeInTheDocumentedOrder() {
    let flags = store()
    flags.loadFile(#"{ "coupons": false, "max-stops": 3 }"#)
    #expect(!flags.isEnabled(.coupons))
    #expect(flags.source(of: FeatureFlag<Bool>.coupons) == .localFile)
    flags.apply(["coupons": .bool(true)])
    #expect(flags.isEnabled(.coupons), "runtime beats the file")
    #expect(
      flags.value(FeatureFlag<Int>.maxStops) == 3, "the file still sets what runtime does not")
    flags.autoDisable(.coupons, reason: "crashed twice")
    #expect(!flags.isEnabled(.coupons), "auto-disabled beats runtime")
    flags.setOverride(FeatureFlag<Bool>.coupons, to: true)
    #expect(flags.isEnabled(.coupons), "an override beats everything")
    flags.removeOverride(FeatureFlag<Bool>.coupons)
    flags.clearAutoDisabled(.coupons)
    #expect(flags.isEnabled(.coupons))
    #expect(flags.source(of: FeatureFlag<Bool>.coupons) == .runtime)
    flags.clearRuntimeValues()
    #expect(!flags.isEnabled(.coupons))
    #expect(flags.source(of: FeatureFlag<Bool>.coupons) == .localFile)
  }

  @Test func wrongTypesAreReportedAndIgnoredAndUnknownKeysWait() {
    let flags = store()
    let issues = flags.loadFile(#"{ "coupons": "yes", "colour": true, "max-stops": 4 }"#)
    #expect(
      issues == [
        FlagIssue(
          kind: .wrongType(expected: "a boolean", found: "a string"), key: "coupons",
          source: .localFile)
      ])
    #expect(flags.isEnabled(.coupons))
    #expect(flags.value(FeatureFlag<Int>.maxStops) == 4, "the good entry still applies")
    // An unknown key is no issue yet: its value waits for the flag to register.
    #expect(flags.pendingKeys == ["colour"])
    let pending = flags.issuesForPendingKeys()
    #expect(pending == [FlagIssue(kind: .unknownKey, key: "colour", source: .localFile)])
    #expect(pending.first?.description.contains("unknown flag \"colour\"") == true)
  }

  @Test func aMalformedFileChangesNothing() {
    let flags = store()
    flags.loadFile(#"{ "coupons": false }"#)
    for text in [
      #"{ "coupons": true, "#, #"[true]"#, #"{ "coupons": { "nested": true } }"#,
      #"{ "coupons": null }"#, "", #"{ "a": 1 } trailing"#, #"{ "s": "\q" }"#,
    ] {
      let issues = flags.loadFile(text)
      #expect(issues.count == 1)
      if case .malformedSource = issues.first?.kind {} else { Issue.record("\(text): \(issues)") }
      #expect(!flags.isEnabled(.coupons), "\(text) must not change the file layer")
    }
  }

  @Test func integersAreAcceptedForDoubleFlags() {
    let flags = store()
    flags.loadFile(#"{ "surge-cap": 3 }"#)
    #expect(flags.value(FeatureFlag<Double>.surgeCap) == 3)
    flags.apply(["surge-cap": .double(1.75)])
    #expect(flags.value(FeatureFlag<Double>.surgeCap) == 1.75)
  }

  @Test func changesAreObservable() {
    let flags = store()
    let recorder = StreamRecorder(flags.changes)
    flags.apply(["coupons": .bool(false)])
    flags.apply(["coupons": .bool(false)])  // no change, no event
    flags.isCoreOnly = true
    #expect(
      recorder.values == [
        .value(key: "coupons", from: .bool(true), to: .bool(false), source: .runtime),
        .coreOnly(true),
      ])
  }

  @Test func jsonStringsAndEscapes() {
    let flags = FlagStore()
    let greeting = FeatureFlag("greeting", default: "")
    flags.register(greeting)
    flags.loadFile(#"{"greeting":"h\u00e9llo \"you\"\n"}"#)
    #expect(flags.value(greeting) == "héllo \"you\"\n")
  }
}
