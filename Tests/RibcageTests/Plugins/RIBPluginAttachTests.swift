import Ribcage
import RibcageTesting
import Testing

/// RIB plugins: a refused attach is not recorded as attached, and a flag turning a plugin (or
/// core-only mode) off or on acts at once, with the last context, not at the next evaluation.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct RIBPluginAttachTests {
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
}
