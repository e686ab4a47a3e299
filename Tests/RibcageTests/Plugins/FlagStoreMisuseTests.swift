import Ribcage
import Testing

/// The flag store misused where its types cannot stop it: each misuse is a ``FlagIssue`` and
/// changes nothing, so a flag always means one thing and a remote kill switch always works.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct FlagStoreMisuseTests {
  private let limit = FeatureFlag("limit", default: 3)

  @Test func aFlagsFileStartingWithAByteOrderMarkIsRead() {
    let flags = FlagStore()
    flags.register(.coupons)
    // Written by an editor that adds a UTF-8 byte-order mark: its kill switch must still apply.
    #expect(flags.loadFile("\u{FEFF}{ \"coupons\": false }").isEmpty)
    #expect(!flags.isEnabled(.coupons))
    #expect(
      flags.loadFile("\u{FEFF}{ \"coupons\" false }")
        == [
          FlagIssue(
            kind: .malformedSource("expected ':' after an object key at byte 15"), key: nil,
            source: .localFile)
        ], "offsets count the mark's bytes: they are the file's")
  }

  @Test func registeringAKeyAgainWithAnotherTypeIsAnIssue() {
    let flags = FlagStore()
    flags.register(.coupons)
    flags.register(FeatureFlag("coupons", default: 7))
    #expect(
      flags.issues == [
        FlagIssue(
          kind: .wrongType(expected: "a boolean", found: "an integer"), key: "coupons",
          source: .defaults)
      ])
    #expect(flags.isEnabled(.coupons))
  }

  @Test func anOverrideOfTheWrongTypeIsAnIssueAndChangesNothing() {
    let flags = FlagStore()
    flags.register(.coupons)
    flags.setOverride(FeatureFlag("coupons", default: 0), to: 5)
    #expect(
      flags.issues == [
        FlagIssue(
          kind: .wrongType(expected: "a boolean", found: "an integer"), key: "coupons",
          source: .override)
      ])
    #expect(flags.isEnabled(.coupons))
    #expect(flags.source(of: .coupons) == .defaults)
  }

  @Test func autoDisablingAFlagThatIsNotABooleanIsAnIssueAndChangesNothing() {
    let flags = FlagStore()
    flags.register(limit)
    flags.autoDisable(FeatureFlag("limit", default: false), reason: "misused")
    #expect(
      flags.issues == [
        FlagIssue(
          kind: .wrongType(expected: "an integer", found: "a boolean"), key: "limit",
          source: .autoDisabled)
      ])
    #expect(flags.value(limit) == 3)
    #expect(flags.autoDisabledReason(FeatureFlag("limit", default: false)) == nil)
  }

  @Test func theAutoDisabledSourceCannotSwitchAFlagOnAboveAKillSwitch() {
    let flags = FlagStore()
    flags.register(.coupons)
    let issues = flags.apply(["coupons": .bool(true)], from: .autoDisabled)
    #expect(
      issues == [
        FlagIssue(
          kind: .wrongType(expected: "false (auto-disabling only switches off)", found: "true"),
          key: "coupons", source: .autoDisabled)
      ])
    flags.apply(["coupons": .bool(false)])  // the remote kill switch
    #expect(!flags.isEnabled(.coupons))
  }
}
