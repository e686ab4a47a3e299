import Ribcage
import RibcageTesting
import Testing

/// Flag values set before their flag registers (a config fetch at launch, before any plugin
/// point exists): kept, checked when the flag registers, and never a silent no-op.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct FlagStoreEarlyValueTests {
  @Test func killSwitchAppliedBeforeRegistrationIsKept() {
    let harness = RIBHarness()
    let flags = FlagStore()
    // At launch, before any plugin point exists, a config fetch switches coupons off.
    #expect(flags.apply(["coupons": .bool(false)]).isEmpty, "no issue: the value waits")
    #expect(flags.pendingKeys == ["coupons"])
    #expect(flags.issues.isEmpty)

    // Later the Confirm RIB loads; its plugin point registers `coupons` (default on).
    let root = RootRouter()
    harness.activate(root)
    let confirm = ConfirmScreenRouter()
    root.attachChild(confirm)
    let changes = StreamRecorder(flags.changes)
    let plugins = RIBPluginPoint<String>("confirm", flags: flags, router: confirm)
    plugins.register("coupon", gatedBy: .coupons) { _, _ in CouponRouter() }
    #expect(flags.pendingKeys.isEmpty)
    #expect(!flags.isEnabled(.coupons))
    #expect(flags.source(of: FeatureFlag<Bool>.coupons) == .runtime)
    #expect(
      changes.values == [
        .value(key: "coupons", from: .bool(true), to: .bool(false), source: .runtime)
      ])
    plugins.evaluate("ctx")
    #expect(plugins.attachedNames.isEmpty, "the kill switch holds")
    #expect(confirm.children.isEmpty)

    // Lifting it attaches the plugin.
    flags.apply(["coupons": .bool(true)])
    #expect(plugins.attachedNames == ["coupon"])

    // The same for a file loaded at launch, with a value plugin point.
    let fileFlags = FlagStore()
    #expect(fileFlags.loadFile(#"{ "coupons": false }"#).isEmpty)
    let rows = PluginPoint<Int, String>("confirm-rows", flags: fileFlags)
    rows.register("coupon-row", gatedBy: .coupons) { _, _ in "coupon" }
    #expect(rows.evaluate(1).isEmpty)
    #expect(fileFlags.source(of: FeatureFlag<Bool>.coupons) == .localFile)

    // A key no flag ever registers stays pending: that is how typos are found.
    flags.apply(["cupons": .bool(false)])
    #expect(flags.pendingKeys == ["cupons"])
    #expect(
      flags.issuesForPendingKeys() == [
        FlagIssue(kind: .unknownKey, key: "cupons", source: .runtime)
      ])
    #expect(
      flags.issuesForPendingKeys().first?.description.contains(#"unknown flag "cupons""#) == true)
    #expect(flags.issues.isEmpty, "asking for pending issues records nothing")
    #expect(harness.diagnosticKinds.isEmpty)
    harness.expectNoLeaks()
  }

  @Test func wrongTypedValueAppliedBeforeRegistrationIsReportedAtRegistration() {
    let flags = FlagStore()
    #expect(
      flags.apply(["coupons": .string("off"), "max-stops": .int(3), "surge-cap": .int(3)])
        .isEmpty)
    #expect(flags.loadFile(#"{ "coupons": false, "max-stops": "three" }"#).isEmpty)
    #expect(flags.pendingKeys == ["coupons", "max-stops", "surge-cap"])
    #expect(flags.issues.isEmpty, "nothing can be checked before registration")

    flags.register(FeatureFlag<Bool>.coupons)
    #expect(
      flags.issues == [
        FlagIssue(
          kind: .wrongType(expected: "a boolean", found: "a string"), key: "coupons",
          source: .runtime)
      ])
    #expect(!flags.isEnabled(.coupons), "the file's value applies; the wrong one is dropped")
    #expect(flags.source(of: FeatureFlag<Bool>.coupons) == .localFile)

    flags.register(FeatureFlag<Int>.maxStops)
    #expect(
      flags.issues.last
        == FlagIssue(
          kind: .wrongType(expected: "an integer", found: "a string"), key: "max-stops",
          source: .localFile))
    #expect(flags.value(FeatureFlag<Int>.maxStops) == 3)

    flags.register(FeatureFlag<Double>.surgeCap)
    #expect(flags.value(FeatureFlag<Double>.surgeCap) == 3, "an integer is a valid number")
    #expect(flags.issues.count == 2)
    #expect(flags.pendingKeys.isEmpty)

    // Dropped, not kept: without the runtime value, the default applies, not the bad file value.
    flags.clearRuntimeValues()
    #expect(flags.value(FeatureFlag<Int>.maxStops) == 1)
    #expect(flags.source(of: FeatureFlag<Int>.maxStops) == .defaults)
  }

  @Test func applyingFromDefaultsIsNotASilentNoOp() {
    let flags = FlagStore()
    flags.register(FeatureFlag<Int>.maxStops)  // default 1 in code
    let changes = StreamRecorder(flags.changes)
    #expect(flags.apply(["max-stops": .int(2)], from: .defaults).isEmpty)
    #expect(flags.value(FeatureFlag<Int>.maxStops) == 2, "a remote default beats the code's")
    #expect(flags.source(of: FeatureFlag<Int>.maxStops) == .defaults)
    #expect(
      changes.values == [.value(key: "max-stops", from: .int(1), to: .int(2), source: .defaults)])

    flags.loadFile(#"{ "max-stops": 3 }"#)
    #expect(flags.value(FeatureFlag<Int>.maxStops) == 3, "every other source beats it")
    flags.loadFile("{}")
    #expect(flags.value(FeatureFlag<Int>.maxStops) == 2)
    flags.apply(["max-stops": .int(4)])
    flags.clearRuntimeValues()
    #expect(flags.value(FeatureFlag<Int>.maxStops) == 2)

    // Type-checked like any source, and kept for flags that register later.
    #expect(
      flags.apply(["max-stops": .bool(true)], from: .defaults) == [
        FlagIssue(
          kind: .wrongType(expected: "an integer", found: "a boolean"), key: "max-stops",
          source: .defaults)
      ])
    #expect(flags.value(FeatureFlag<Int>.maxStops) == 2)
    flags.apply(["coupons": .bool(false)], from: .defaults)
    flags.register(FeatureFlag<Bool>.coupons)
    #expect(!flags.isEnabled(.coupons))
    #expect(flags.source(of: FeatureFlag<Bool>.coupons) == .defaults)
  }
}
