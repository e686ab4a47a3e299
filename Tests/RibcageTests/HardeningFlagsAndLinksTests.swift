import Ribcage
import RibcageTesting
import Testing

// Regression tests for four bugs: deep link patterns shadowed by registration order, flag values
// lost when their flag registered later, refused plugin attaches recorded as attached (and flags
// turning on waiting for the next evaluation), and flag files that were not quite JSON.

@MainActor
@Suite struct HardeningFlagsAndLinksTests {
  // MARK: Deep links: the most specific pattern wins

  @Test func literalSegmentOutranksParameterWhateverTheRegistrationOrder() throws {
    for literalFirst in [false, true] {
      let links = DeepLinkRouter<String>()
      if literalFirst {
        try links.register("rides://trip/new") { _ in "new trip" }
        try links.register("rides://trip/{id}") { "trip \(try $0.int("id"))" }
      } else {
        try links.register("rides://trip/{id}") { "trip \(try $0.int("id"))" }
        try links.register("rides://trip/new") { _ in "new trip" }
      }
      let order = literalFirst ? "literal first" : "parameter first"
      #expect(links.link(for: "rides://trip/new") == .success("new trip"), "\(order)")
      #expect(links.link(for: "RIDES://trip/new/") == .success("new trip"), "\(order)")
      #expect(links.link(for: "rides://trip/42") == .success("trip 42"), "\(order)")
      #expect(
        links.link(for: "rides://trip/newer")
          == .failure(.wrongType(name: "id", expected: "an integer", value: "newer")), "\(order)")
    }

    // Deeper patterns: the first position where one has a literal and the other a parameter
    // decides, in every registration order.
    let templates = [
      "rides://trip/{id}/stops/{stop}", "rides://trip/{id}/stops/first",
      "rides://trip/current/stops/{stop}",
    ]
    let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
    for order in orders {
      let links = try patternEcho(order.map { templates[$0] })
      #expect(
        links.link(for: "rides://trip/current/stops/first")
          == .success(#"rides://trip/current/stops/{stop} stop="first""#), "\(order)")
      #expect(
        links.link(for: "rides://trip/7/stops/first")
          == .success(#"rides://trip/{id}/stops/first id="7""#), "\(order)")
      #expect(
        links.link(for: "rides://trip/7/stops/2")
          == .success(#"rides://trip/{id}/stops/{stop} id="7" stop="2""#), "\(order)")
    }

    // Equally specific patterns keep registration order.
    let idFirst = try patternEcho(["rides://trip/{id}", "rides://trip/{code}"])
    #expect(idFirst.link(for: "rides://trip/x") == .success(#"rides://trip/{id} id="x""#))
    let codeFirst = try patternEcho(["rides://trip/{code}", "rides://trip/{id}"])
    #expect(codeFirst.link(for: "rides://trip/x") == .success(#"rides://trip/{code} code="x""#))

    // The most specific pattern decides, errors included: no fallback to a less specific one.
    let strict = try patternEcho(["rides://trip/{id}", "rides://trip/new?from={from}"])
    #expect(
      strict.link(for: "rides://trip/new")
        == .failure(.missingParameter(name: "from", pattern: "rides://trip/new?from={from}")))
  }

  /// A router whose links are the template that matched, then its parameters sorted by name.
  private func patternEcho(_ templates: [String]) throws -> DeepLinkRouter<String> {
    let links = DeepLinkRouter<String>()
    for template in templates {
      try links.register(template) { match in
        var parts = [match.pattern]
        for name in match.parameters.keys.sorted() {
          parts.append("\(name)=\(match.parameters[name]!)")
        }
        return parts.joined(separator: " ")
      }
    }
    return links
  }

  // MARK: Flags: values set before their flag registers

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

  // MARK: RIB plugins: attached means attached; flags turning on act at once

  @Test func refusedPluginAttachIsNotRecordedAsAttached() {
    let harness = RIBHarness()
    let flags = FlagStore()
    let root = RootRouter()
    harness.activate(root)
    let confirm = ConfirmScreenRouter()
    let home = HomeRouter()
    root.attachChild(confirm)
    root.attachChild(home)
    // Factories that hand out routers attached already: one elsewhere, one to Confirm itself.
    let elsewhere = CouponRouter()
    home.attachChild(elsewhere)
    let own = CarPhotosRouter()
    confirm.attachChild(own)
    let plugins = RIBPluginPoint<String>("confirm", flags: flags, router: confirm)
    plugins.register("coupon", gatedBy: .coupons) { _, _ in elsewhere }
    plugins.register("car-photos", gatedBy: .carPhotos) { _, _ in own }
    flags.apply(["car-photos": .bool(true)])  // before any evaluation: nothing to attach yet
    #expect(harness.diagnosticKinds.isEmpty)

    plugins.evaluate("ctx")
    #expect(harness.diagnosticKinds == [.attachedToAnotherParent, .alreadyAttached])
    #expect(plugins.attachedNames.isEmpty)
    #expect(plugins.attachedRouter("coupon") == nil)
    #expect(plugins.attachedRouter("car-photos") == nil)

    // Switching the flags off detaches nothing: neither router is the point's.
    flags.apply(["coupons": .bool(false), "car-photos": .bool(false)])
    #expect(
      harness.diagnosticKinds == [.attachedToAnotherParent, .alreadyAttached],
      "no detachedNonChild")
    #expect(home.children.count == 1)
    #expect(home.children.first === elsewhere)
    #expect(confirm.children.count == 1)
    #expect(confirm.children.first === own)
    #expect(elsewhere.interactor.isActive && own.interactor.isActive)
    harness.expectNoLeaks()
  }

  @Test func flagTurningOnReattachesAtOnceWithTheLastContext() {
    let harness = RIBHarness()
    let flags = FlagStore()
    let root = RootRouter()
    harness.activate(root)
    let confirm = ConfirmScreenRouter()
    root.attachChild(confirm)
    let plugins = RIBPluginPoint<String>("confirm", flags: flags, router: confirm)
    var contexts: [String] = []
    plugins.register("car-photos", gatedBy: .carPhotos) { context, _ in
      contexts.append(context)
      return CarPhotosRouter()
    }
    let watch = DeallocationTracker()

    // Before the first evaluation there is no context: nothing is built.
    flags.apply(["car-photos": .bool(true)])
    #expect(contexts.isEmpty)
    flags.apply(["car-photos": .bool(false)])

    plugins.evaluate("first")
    plugins.evaluate("second")
    #expect(contexts.isEmpty, "the flag is off")

    flags.apply(["car-photos": .bool(true)])
    #expect(contexts == ["second"], "built at once, with the last context")
    #expect(plugins.attachedNames == ["car-photos"])
    #expect(confirm.children.map(\.name) == ["CarPhotos"])
    #expect(confirm.children.first?.interactable.isActive == true)
    for child in confirm.children { watch.trackSubtree(of: child) }

    flags.apply(["car-photos": .bool(false)])
    #expect(confirm.children.isEmpty)
    flags.setOverride(FeatureFlag<Bool>.carPhotos, to: true)
    #expect(contexts == ["second", "second"], "an override turning it on counts too")
    #expect(plugins.attachedNames == ["car-photos"])
    for child in confirm.children { watch.trackSubtree(of: child) }

    // No change of the effective value, nothing to do.
    flags.apply(["car-photos": .bool(true)])
    flags.removeOverride(FeatureFlag<Bool>.carPhotos)
    #expect(contexts.count == 2, "still attached: nothing built again")
    #expect(plugins.attachedNames == ["car-photos"])

    // Clearing an auto-disable turns the flag on again: attached at once, note removed.
    flags.autoDisable(.carPhotos, reason: "timed out")
    #expect(confirm.children.isEmpty)
    #expect(confirm.notes["plugin car-photos"] == "auto-disabled: timed out")
    flags.clearAutoDisabled(.carPhotos)
    #expect(contexts == ["second", "second", "second"])
    #expect(plugins.attachedNames == ["car-photos"])
    #expect(confirm.notes.isEmpty)
    for child in confirm.children { watch.trackSubtree(of: child) }

    flags.apply(["car-photos": .bool(false)])
    #expect(confirm.children.isEmpty)
    #expect(harness.diagnosticKinds == [.pluginAutoDisabled])
    watch.expectAllDeallocated()
    harness.expectNoLeaks()
  }

  @Test func coreOnlyTurningOffReattachesAtOnce() {
    let harness = RIBHarness()
    let flags = FlagStore()
    let root = RootRouter()
    harness.activate(root)
    let confirm = ConfirmScreenRouter()
    let home = HomeRouter()
    root.attachChild(confirm)
    root.attachChild(home)
    let plugins = RIBPluginPoint<String>("confirm", flags: flags, router: confirm)
    plugins.register("coupon", gatedBy: .coupons) { _, _ in CouponRouter() }
    plugins.register("car-photos", gatedBy: .carPhotos) { _, _ in CarPhotosRouter() }
    // A point never evaluated has no context: turning core-only off builds nothing there.
    let idle = RIBPluginPoint<String>("home", flags: flags, router: home)
    idle.register("coupon", gatedBy: .coupons) { _, _ in CouponRouter() }
    let watch = DeallocationTracker()

    flags.apply(["car-photos": .bool(true)])
    plugins.evaluate("ctx")
    #expect(plugins.attachedNames == ["coupon", "car-photos"])
    for child in confirm.children { watch.trackSubtree(of: child) }

    flags.isCoreOnly = true
    #expect(confirm.children.isEmpty)
    flags.isCoreOnly = false
    #expect(plugins.attachedNames == ["coupon", "car-photos"], "no evaluation needed")
    #expect(confirm.children.map(\.name) == ["Coupon", "CarPhotos"])
    #expect(confirm.children.allSatisfy { $0.interactable.isActive })
    #expect(idle.attachedNames.isEmpty)
    #expect(home.children.isEmpty)
    for child in confirm.children { watch.trackSubtree(of: child) }

    // A flag that is off stays off when core-only is turned off.
    flags.apply(["car-photos": .bool(false)])
    flags.isCoreOnly = true
    flags.isCoreOnly = false
    #expect(plugins.attachedNames == ["coupon"])
    for child in confirm.children { watch.trackSubtree(of: child) }

    flags.isCoreOnly = true
    #expect(confirm.children.isEmpty)
    #expect(root.children.map(\.name) == ["ConfirmScreen", "Home"], "the core stays")
    #expect(harness.diagnosticKinds.isEmpty)
    watch.expectAllDeallocated()
    harness.expectNoLeaks()
  }

  // MARK: Flag files are JSON

  @Test func flagFilesAreRFC8259() {
    let text = FeatureFlag("text", default: "")
    let count = FeatureFlag("count", default: 0)
    let ratio = FeatureFlag("ratio", default: 0.0)
    let flags = FlagStore()
    flags.register(text)
    flags.register(count)
    flags.register(ratio)

    // Every escape; `\u` in either case; surrogate pairs are one character.
    let strings: [(file: String, value: String)] = [
      (#"{"text": "\b\f\/\\\"\n\r\t"}"#, "\u{08}\u{0C}/\\\"\n\r\t"),
      (#"{"text": "\ud83d\ude00 \uD83D\uDE00"}"#, "😀 😀"),
      (#"{"text": "\u00e9\u00C9\u0000"}"#, "éÉ\u{0}"),
      (#"{"text": "é 😀 unescaped"}"#, "é 😀 unescaped"),
    ]
    for (file, value) in strings {
      #expect(flags.loadFile(file).isEmpty, "\(file)")
      #expect(flags.value(text) == value, "\(file)")
    }

    let integers: [(number: String, value: Int)] = [
      ("0", 0), ("-0", 0), ("-12", -12), ("1234567890", 1_234_567_890),
    ]
    for (number, value) in integers {
      #expect(flags.loadFile(#"{"count": "# + number + "}").isEmpty, "\(number)")
      #expect(flags.value(count) == value, "\(number)")
    }
    let numbers: [(number: String, value: Double)] = [
      ("1.5", 1.5), ("-0.25", -0.25), ("1e3", 1000), ("1E+2", 100), ("25e-2", 0.25),
      ("0.5E1", 5),
    ]
    for (number, value) in numbers {
      #expect(flags.loadFile(#"{"ratio": "# + number + "}").isEmpty, "\(number)")
      #expect(flags.value(ratio) == value, "\(number)")
      // A fraction or an exponent makes a number, not an integer.
      #expect(
        flags.loadFile(#"{"count": "# + number + "}") == [
          FlagIssue(
            kind: .wrongType(expected: "an integer", found: "a number"), key: "count",
            source: .localFile)
        ], "\(number)")
    }

    // Whitespace is space, tab, line feed and carriage return.
    #expect(flags.loadFile(" \t\r\n{\t\"count\" :\r\n 7 }\n ").isEmpty)
    #expect(flags.value(count) == 7)
    #expect(flags.loadFile("{}").isEmpty)

    // Everything else is malformed, with what is wrong and the byte where it is.
    flags.loadFile(#"{"count": 7, "text": "kept"}"#)
    let rejected: [(file: String, detail: String)] = [
      (#"{"count": +1}"#, "expected a value at byte 10"),
      (#"{"count": 01}"#, "a number may not have a leading zero at byte 10"),
      (#"{"count": -01}"#, "a number may not have a leading zero at byte 10"),
      (#"{"count": -}"#, "expected a value at byte 10"),
      (#"{"count": .5}"#, "expected a value at byte 10"),
      (#"{"count": 1.}"#, "expected a digit in the fraction of a number at byte 12"),
      (#"{"count": 1e}"#, "expected a digit in the exponent of a number at byte 12"),
      (#"{"count": 1e+}"#, "expected a digit in the exponent of a number at byte 13"),
      (#"{"count": 0x1}"#, "expected '}' at byte 11"),
      (#"{"count": 1e400}"#, "number out of range at byte 10"),
      (#"{"count": Infinity}"#, "expected a value at byte 10"),
      (#"{"text": "\u+123"}"#, #"a \u escape needs exactly four hex digits at byte 10"#),
      (#"{"text": "\u12"}"#, #"a \u escape needs exactly four hex digits at byte 10"#),
      (#"{"text": "\u12G4"}"#, #"a \u escape needs exactly four hex digits at byte 10"#),
      (
        #"{"text": "\ud83d"}"#,
        #"a high surrogate must be followed by a \u escape of a low surrogate at byte 10"#
      ),
      (
        #"{"text": "\ud83dx"}"#,
        #"a high surrogate must be followed by a \u escape of a low surrogate at byte 10"#
      ),
      (
        #"{"text": "\ud83d\u0041"}"#,
        #"a high surrogate must be followed by a \u escape of a low surrogate at byte 10"#
      ),
      (
        #"{"text": "\ude00\ud83d"}"#,
        "a low surrogate without a high surrogate before it at byte 10"
      ),
      (#"{"text": "\x41"}"#, "bad escape at byte 10"),
      ("{\"text\": \"a\tb\"}", "control character in string at byte 11"),
      ("{\"text\": \"a\u{1F}b\"}", "control character in string at byte 11"),
      ("\u{0C}{\"count\": 1}", "expected '{' at byte 0"),
      ("{\"count\":\u{0B}1}", "expected a value at byte 9"),
      ("{\"count\":\u{A0}1}", "expected a value at byte 9"),
      (#"{"count": 1} x"#, "unexpected text after the object at byte 13"),
      (#"{"count": 1}{}"#, "unexpected text after the object at byte 12"),
      (#"{"count": 1,}"#, "expected '\"' at byte 12"),
      (#"{"count": 1 "text": "a"}"#, "expected '}' at byte 12"),
    ]
    for (file, detail) in rejected {
      #expect(
        flags.loadFile(file)
          == [FlagIssue(kind: .malformedSource(detail), key: nil, source: .localFile)], "\(file)")
      #expect(flags.value(count) == 7 && flags.value(text) == "kept", "\(file) changed nothing")
    }
  }

  @Test func duplicateKeyInAFlagFileIsAnIssue() {
    let flags = FlagStore()
    flags.register(FeatureFlag<Bool>.coupons)
    flags.register(FeatureFlag<Int>.maxStops)
    let duplicateCoupons = FlagIssue(kind: .duplicateKey, key: "coupons", source: .localFile)
    let duplicateStops = FlagIssue(kind: .duplicateKey, key: "max-stops", source: .localFile)

    let issues = flags.loadFile(
      #"{ "coupons": true, "max-stops": 2, "coupons": false, "coupons": false }"#)
    #expect(issues == [duplicateCoupons], "one issue per key")
    #expect(flags.issues == issues)
    #expect(!flags.isEnabled(.coupons), "the last value applies")
    #expect(flags.value(FeatureFlag<Int>.maxStops) == 2)
    #expect(
      issues.first?.description
        == #"local file sets flag "coupons" more than once; the last value applies."#)

    // Only the last value is checked: an earlier one of the wrong type is simply ignored.
    #expect(flags.loadFile(#"{ "max-stops": "two", "max-stops": 3 }"#) == [duplicateStops])
    #expect(flags.value(FeatureFlag<Int>.maxStops) == 3)
    #expect(flags.isEnabled(.coupons), "the new file no longer sets coupons")

    // The last one of the wrong type: reported too, and the flag falls back to its default.
    #expect(
      flags.loadFile(#"{ "max-stops": 4, "max-stops": "four" }"#) == [
        duplicateStops,
        FlagIssue(
          kind: .wrongType(expected: "an integer", found: "a string"), key: "max-stops",
          source: .localFile),
      ])
    #expect(flags.value(FeatureFlag<Int>.maxStops) == 1)
  }
}
