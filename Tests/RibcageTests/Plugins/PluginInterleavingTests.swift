import Ribcage
import RibcageTesting
import Testing

@MainActor final class GuestRouter: NodeRouter {}
@MainActor final class HostRouter: NodeRouter {}

/// The plugins' and flags' promise — any optional feature can be switched off at runtime,
/// automatically when it misbehaves, and core only leaves nothing optional running — when things
/// happen at once.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct PluginInterleavingTests {
  @MainActor
  private struct Fixture {
    let harness = RIBHarness()
    let flags = FlagStore()
    let root = RootRouter()
    let parent = ConfirmScreenRouter()
    let plugins: RIBPluginPoint<String>
    let log = PluginEventLog()

    init() {
      harness.activate(root)
      root.attachChild(parent)
      plugins = RIBPluginPoint<String>("confirm", flags: flags, router: parent)
      let log = log
      log.subscription = root.context.pluginEvents.observe {
        log.entries.append("\($0.plugin) \($0.kind.rawValue)")
      }
    }
  }

  @Test func coreOnlySwitchedOnWhileAPluginIsBeingBuiltLeavesItDetached() {
    let f = Fixture()
    let tracker = DeallocationTracker()
    f.plugins.register("coupon", gatedBy: .coupons) { [flags = f.flags] _, _ in
      flags.isCoreOnly = true  // the kill switch lands while the plugin is built
      let router = CouponRouter()
      tracker.trackSubtree(of: router)
      return router
    }
    f.plugins.evaluate("ctx")
    #expect(f.parent.children.isEmpty, "nothing optional is attached while core-only is on")
    #expect(f.plugins.attachedNames.isEmpty)
    #expect(f.log.entries.isEmpty)
    tracker.expectAllDeallocated()
    f.harness.expectNoLeaks()
  }

  @Test func aValuePointUsesTheFlagsAsTheyAreWhileItEvaluates() {
    let flags = FlagStore()
    let rows = PluginPoint<Int, String>("confirm-rows", flags: flags)
    var built: [String] = []
    rows.register("flaky-row", gatedBy: .coupons) { _, health in
      built.append("flaky")
      health.reportUnhealthy("backend answered 500")  // while it is being built
      return "flaky"
    }
    #expect(rows.evaluate(1).isEmpty, "a plugin that reported itself unhealthy is not handed out")
    flags.clearAutoDisabled(.coupons)
    let kill = PluginPoint<Int, String>("kill", flags: flags)
    kill.register("switch", gatedBy: .coupons) { _, _ in
      flags.isCoreOnly = true  // core-only turned on mid-evaluation
      return "switch"
    }
    kill.register("later", gatedBy: .coupons) { _, _ in
      built.append("later")
      return "later"
    }
    #expect(kill.evaluate(1).isEmpty)
    #expect(built == ["flaky"], "no factory runs once core-only is on")
  }

  @Test func autoDisableNotesFollowTheAutoDisableNotTheValue() {
    let f = Fixture()
    f.plugins.register("faulty", gatedBy: .faulty) { _, _ in throw PluginError() }
    f.flags.apply(["faulty-plugin": .bool(true)])
    f.plugins.evaluate("ctx")
    #expect(f.parent.snapshot().notes.count == 1)
    // A remote kill switch keeps the flag off; clearing the auto-disable clears its note.
    f.flags.apply(["faulty-plugin": .bool(false)])
    f.flags.clearAutoDisabled(.faulty)
    #expect(f.parent.snapshot().notes.isEmpty, "no stale auto-disabled note")
    // Auto-disabling a flag that is already off is still noted, reported and announced.
    f.flags.autoDisable(.faulty, reason: "crashed at launch twice")
    #expect(
      f.parent.snapshot().notes == ["plugin faulty: auto-disabled: crashed at launch twice"])
    #expect(f.harness.diagnosticKinds == [.pluginAutoDisabled, .pluginAutoDisabled])
    #expect(f.log.entries == ["faulty autoDisabled", "faulty autoDisabled"])
    f.harness.expectNoLeaks()
  }

  @Test func pluginEventsAreCompleteAndInTreeOrder() {
    let f = Fixture()
    let guestFlag = FeatureFlag("guest", default: false)
    f.plugins.register("faulty", gatedBy: .faulty) { _, health in
      let router = FaultyRouter()
      router.interactor.onDidBecomeActive = { _ in health.reportUnhealthy("lost its backend") }
      return router
    }
    // The host's activation turns the guest's flag on: the guest is attached below it.
    f.plugins.register("host", gatedBy: .carPhotos) { [flags = f.flags] _, _ in
      let router = HostRouter()
      router.interactor.onDidBecomeActive = { _ in flags.apply(["guest": .bool(true)]) }
      return router
    }
    f.plugins.register("guest", gatedBy: guestFlag) { _, _ in GuestRouter() }
    let tracker = DeallocationTracker()
    f.flags.apply(["faulty-plugin": .bool(true)])
    f.harness.clearEvents()
    f.plugins.evaluate("ctx")
    #expect(f.log.entries == ["faulty attached", "faulty autoDisabled", "faulty detached"])
    f.log.entries.removeAll()
    f.harness.clearEvents()
    f.flags.apply(["car-photos": .bool(true)])
    #expect(f.log.entries == ["host attached", "guest attached"])
    let attachOrder = f.harness.events.filter { $0.hasPrefix("attached") }
    #expect(attachOrder == ["attached Host to ConfirmScreen", "attached Guest to ConfirmScreen"])
    for child in f.parent.children { tracker.trackSubtree(of: child) }
    f.flags.isCoreOnly = true
    tracker.expectAllDeallocated()
    f.harness.expectNoLeaks()
  }
}

/// Plugin events as `"<plugin> <kind>"`.
@MainActor
final class PluginEventLog {
  var entries: [String] = []
  var subscription: StreamSubscription?

  isolated deinit {
    subscription?.cancel()
  }
}
