import Ribcage
import RibcageTesting
import Testing

struct PluginError: Error, CustomStringConvertible {
  var description: String { "no coupon service" }
}

@MainActor final class CouponRouter: NodeRouter {}
@MainActor final class CarPhotosRouter: NodeRouter {}
@MainActor final class FaultyRouter: NodeRouter {}
@MainActor final class ConfirmScreenRouter: NodeRouter {}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct PluginTests {
  // MARK: Value plugins

  @Test func valuePluginsAreBuiltWhenTheirFlagIsOn() {
    let flags = FlagStore()
    let rows = PluginPoint<Int, String>("confirm-rows", flags: flags)
    rows.register("coupon-row", gatedBy: .coupons) { price, _ in "coupon for \(price)" }
    rows.register("photos-row", gatedBy: .carPhotos) { _, _ in "photos" }
    #expect(rows.evaluate(12) == ["coupon for 12"])
    flags.apply(["car-photos": .bool(true)])
    #expect(rows.evaluate(12) == ["coupon for 12", "photos"])
    flags.isCoreOnly = true
    #expect(rows.evaluate(12).isEmpty)
  }

  @Test func aThrowingValuePluginIsAutoDisabledAndTheOthersStillBuild() {
    let flags = FlagStore()
    let rows = PluginPoint<Int, String>("confirm-rows", flags: flags)
    var attempts = 0
    rows.register("coupon-row", gatedBy: .coupons) { _, _ in
      attempts += 1
      throw PluginError()
    }
    rows.register("photos-row", gatedBy: .carPhotos) { _, _ in "photos" }
    flags.setOverride(FeatureFlag<Bool>.carPhotos, to: true)
    #expect(rows.evaluate(1) == ["photos"])
    #expect(flags.autoDisabledReason(.coupons) == "coupon-row failed to build: no coupon service")
    #expect(rows.evaluate(1) == ["photos"])
    #expect(attempts == 1, "an auto-disabled plugin is not tried again")
  }

  // MARK: RIB plugins

  private struct Fixture {
    let harness: RIBHarness
    let flags: FlagStore
    let root: RootRouter
    let parent: ConfirmScreenRouter
    let plugins: RIBPluginPoint<String>
  }

  private func fixture() -> Fixture {
    let harness = RIBHarness()
    let flags = FlagStore()
    let root = RootRouter()
    harness.activate(root)
    let parent = ConfirmScreenRouter()
    root.attachChild(parent)
    let plugins = RIBPluginPoint<String>("confirm", flags: flags, router: parent)
    plugins.register("coupon", gatedBy: .coupons) { _, _ in CouponRouter() }
    plugins.register("car-photos", gatedBy: .carPhotos) { _, _ in CarPhotosRouter() }
    plugins.register("faulty", gatedBy: .faulty) { context, health in
      if context == "throw" { throw PluginError() }
      let router = FaultyRouter()
      router.interactor.onDidBecomeActive = { _ in health.reportUnhealthy("lost its backend") }
      return router
    }
    return Fixture(harness: harness, flags: flags, root: root, parent: parent, plugins: plugins)
  }

  @Test func enabledRIBPluginsAreAttached() {
    let f = fixture()
    f.plugins.evaluate("ctx")
    #expect(f.plugins.attachedNames == ["coupon"])
    #expect(f.parent.children.map(\.name) == ["Coupon"])
    #expect(f.parent.children[0].interactable.isActive)
  }

  @Test func flagOffDetachesAtOnceAndTheRIBIsDeallocated() {
    let f = fixture()
    f.plugins.evaluate("ctx")
    let watch = DeallocationTracker()
    watch.trackSubtree(of: f.parent.children[0])
    f.flags.apply(["coupons": .bool(false)])  // no evaluation needed
    #expect(f.parent.children.isEmpty)
    #expect(f.plugins.attachedNames.isEmpty)
    watch.expectAllDeallocated()
    f.harness.expectNoLeaks()
  }

  @Test func flagOnAttachesAtOnce() {
    let f = fixture()
    f.plugins.evaluate("ctx")
    f.flags.apply(["car-photos": .bool(true)])
    #expect(f.plugins.attachedNames == ["coupon", "car-photos"], "with the last context")
    f.plugins.evaluate("ctx")
    #expect(f.parent.children.count == 2, "evaluating again attaches nothing twice")
  }

  @Test func coreOnlyLeavesOnlyCoreRIBs() {
    let f = fixture()
    f.flags.apply(["car-photos": .bool(true)])
    f.plugins.evaluate("ctx")
    #expect(f.parent.children.count == 2)
    f.flags.isCoreOnly = true
    #expect(f.parent.children.isEmpty)
    f.plugins.evaluate("ctx")
    #expect(f.parent.children.isEmpty)
    #expect(f.root.children.map(\.name) == ["ConfirmScreen"], "the core stays")
    f.harness.expectNoLeaks()
    f.flags.isCoreOnly = false
    f.plugins.evaluate("ctx")
    #expect(f.plugins.attachedNames == ["coupon", "car-photos"])
  }

  @Test func aThrowingRIBPluginIsAutoDisabledNotedAndTheFlowContinues() {
    let f = fixture()
    f.flags.apply(["faulty-plugin": .bool(true)])
    f.plugins.evaluate("throw")
    #expect(f.plugins.attachedNames == ["coupon"], "the other plugins are attached")
    #expect(f.flags.autoDisabledReason(.faulty) == "faulty failed to build: no coupon service")
    #expect(f.harness.diagnosticKinds == [.pluginAutoDisabled])
    #expect(
      f.parent.snapshot().notes == [
        "plugin faulty: auto-disabled: faulty failed to build: no coupon service"
      ])
    #expect(f.parent.snapshot().textRendering().contains("(plugin faulty: auto-disabled"))
  }

  @Test func aPluginReportingItselfUnhealthyIsDetachedAndDeallocated() {
    let f = fixture()
    f.flags.apply(["faulty-plugin": .bool(true)])
    f.plugins.evaluate("ctx")  // attaches Faulty, which reports itself unhealthy on activation
    #expect(f.plugins.attachedNames == ["coupon"])
    #expect(f.parent.children.map(\.name) == ["Coupon"])
    #expect(f.flags.autoDisabledReason(.faulty) == "lost its backend")
    f.harness.expectNoLeaks()
    // Clearing turns the flag on again: the plugin is rebuilt at once with the last context and,
    // still broken, switches itself off again.
    f.flags.clearAutoDisabled(.faulty)
    #expect(f.plugins.attachedNames == ["coupon"])
    #expect(f.parent.children.map(\.name) == ["Coupon"])
    #expect(f.flags.autoDisabledReason(.faulty) == "lost its backend")
    #expect(f.parent.snapshot().notes == ["plugin faulty: auto-disabled: lost its backend"])
    #expect(f.harness.diagnosticKinds == [.pluginAutoDisabled, .pluginAutoDisabled])
    f.harness.expectNoLeaks()
  }
}
