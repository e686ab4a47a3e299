import Ribcage
import RibcageTesting
import Testing

@testable import RidesApp

// Optional features: flags flipped mid-flow, core-only, and the faulty plugin.

@MainActor @Test(.timeLimit(.minutes(5))) func switchingCouponsOffMidFlowDetachesCouponAtOnce()
  async
{
  let rides = await RidesDriver()
  await rides.run(
    "open rides://promo/SAVE5", "login alice", "request", "pickup home", "dropoff office")
  #expect(rides.ribs.contains("Coupon"))
  #expect(
    rides.screen("Confirm")?.lines == [
      "home → office · uberX · $3.50 · Visa ····4242", "Coupon SAVE5 applied",
    ])
  let coupon = DeallocationTracker()
  for child in rides.terminal.root.snapshotRouters() where child.name == "Coupon" {
    coupon.trackSubtree(of: child)
  }

  let output = await rides.run("flag coupons off")
  #expect(output.last == "coupons: off")
  #expect(!rides.ribs.contains("Coupon"))
  #expect(rides.screen("Confirm")?.lines == ["home → office · uberX · $8.50 · Visa ····4242"])
  coupon.expectAllDeallocated()
  await rides.harness.expectNoLeaks()

  await rides.run("flag coupons on")
  #expect(rides.ribs.contains("Coupon"))
  #expect(rides.screen("Confirm")?.lines.last == "Coupon SAVE5 applied")

  // The core request flow works the same with coupons off.
  await rides.run("flag coupons off", "confirm", "request")
  #expect(rides.ribs.last == "Pending")
  await rides.harness.expectNoLeaks()
}

@MainActor @Test(.timeLimit(.minutes(5))) func coreOnlyLeavesTheCoreFlowWorking() async {
  let rides = await RidesDriver()
  await rides.run("flag core-only on", "flag live_activity on")
  await rides.requestUpToDetails()
  #expect(!rides.ribs.contains("Coupon"))
  #expect(rides.screen("Products")?.lines.contains { $0.contains("photo:") } == false)
  await rides.run("request", "wait 1h")
  #expect(rides.ribs == ["Root", "LoggedIn", "Request", "Ride", "DroppedOff"])

  await rides.run("flag core-only off", "done", "request", "pickup home", "dropoff office")
  #expect(rides.ribs.contains("Coupon"))
  #expect(rides.screen("Products")?.lines.first?.contains("photo: toyota-prius.jpg") == true)
  await rides.harness.expectNoLeaks()
}

@MainActor @Test(.timeLimit(.minutes(5))) func theFaultyPluginIsSwitchedOffAndTheRideCompletes()
  async
{
  let rides = await RidesDriver()
  await rides.run("flag live_activity on")
  await rides.requestUpToDetails()
  await rides.run("request")
  #expect(rides.ribs == ["Root", "LoggedIn", "Request", "Ride", "Pending", "LiveActivity"])
  #expect(rides.screen("Live activity")?.lines == ["Finding your uberX"])

  let boarded = await rides.run("wait 5s", "wait 5m")
  #expect(
    boarded.contains(
      "! plugin live_activity switched off: live activity overflowed its update buffer"))
  #expect(rides.ribs == ["Root", "LoggedIn", "Request", "Ride", "OnTrip"])
  let ride = rides.terminal.root.snapshot().children[0].children[0].children[0]
  #expect(
    ride.notes == [
      "plugin live_activity: auto-disabled: live activity overflowed its update buffer"
    ])
  #expect(rides.harness.diagnosticKinds == [.pluginAutoDisabled])
  await rides.harness.expectNoLeaks()  // LiveActivity, detached at once

  // Turning the flag back on cannot override the auto-disable; `reset` clears it.
  #expect(await rides.run("flag live_activity on").last == "live_activity: off")
  await rides.run("wait 1h")
  #expect(rides.ribs.last == "DroppedOff")
  await rides.run("done")
  await rides.harness.expectNoLeaks()
}

@MainActor @Test(.timeLimit(.minutes(5))) func badCommandsExplainThemselvesAndChangeNothing() async
{
  let rides = await RidesDriver()
  await rides.requestUpToDetails()
  let tree = rides.terminal.root.snapshot()
  let screens = rides.terminal.screens.map(\.screen)
  let expectations: [(String, String)] = [
    (
      "fly to mars",
      "✗ unknown command 'fly'; available now: pickup, dropoff, cancel, confirm, select, card, coupon, seats, note, request, back, open, push, flag, flags, wait, tree, help, quit"
    ),
    ("pickup mars", "✗ no place called 'mars'; places: home, office, station, airport, stadium"),
    ("pickup", "✗ usage: pickup <place>"),
    ("pickup airport", "✗ pickup and destination are the same place"),
    ("select bike", "✗ no product 'bike'; products: uberx, xl, black"),
    ("card diners", "✗ no card 'diners'; cards: visa, amex"),
    ("coupon FREE", "✗ there is no coupon 'FREE' (try SAVE5 or HALFOFF)"),
    ("seats 9", "✗ seats must be a number from 1 to 4, not '9'"),
    (
      "wait forever",
      "✗ wait takes a duration such as 30s, 2m or 1m30s (at most 24h), not 'forever'"
    ),
    ("wait 2d", "✗ wait takes a duration such as 30s, 2m or 1m30s (at most 24h), not '2d'"),
    ("flag nope on", "✗ no flag 'nope'; flags: coupons, car_photos, live_activity, core-only"),
    (
      "flag coupons maybe",
      "✗ usage: flag <coupons|car_photos|live_activity|core-only> on|off|reset"
    ),
    ("open", "✗ usage: open <url>"),
  ]
  for (command, message) in expectations {
    let output = await rides.run(command)
    #expect(output == ["> \(command)", message])
  }
  #expect(rides.terminal.root.snapshot() == tree)
  #expect(rides.terminal.screens.map(\.screen) == screens)
}

@MainActor @Test(.timeLimit(.minutes(5))) func aTurnRendersEachScreenOnceHoweverManyStatesItSaw()
  async throws
{
  let rides = await RidesDriver()
  await rides.requestUpToDetails()
  await rides.run("request", "wait 5s", "wait 5m")
  let onTrip = try #require(rides.terminal.root.findView(TripScreenView<OnTripViewModel>.self))
  let rendersBefore = onTrip.renderCount
  await rides.run("wait 60s")  // sixty trip states in one turn
  #expect(onTrip.renderCount == rendersBefore + 1)
  await rides.run("tree")  // no state change: no render
  #expect(onTrip.renderCount == rendersBefore + 1)
}

@MainActor @Test(.timeLimit(.minutes(5))) func theDemoScenarioRunsWithoutLeaksInTheAppsOwnDetector()
  async
{
  let output = OutputLog()
  let terminal = RidesTerminal { output.lines.append($0) }
  await terminal.start()
  await terminal.run(script: Scenario.demo)
  #expect(terminal.hasQuit)
  #expect(terminal.leakReports.isEmpty)
  #expect(output.lines.contains("→ coupon SAVE5 held: $5.00 off the next ride"))
  #expect(output.lines.contains("→ push: the driver of trip 100 has arrived"))
  #expect(output.lines.contains { $0.hasPrefix("! plugin live_activity switched off") })
  #expect(output.lines.last?.hasPrefix("Bye.") == true)
  #expect(!output.lines.contains { $0.hasPrefix("✗") })
}

extension RouterNode {
  /// Every router attached below this one, depth first.
  @MainActor func snapshotRouters() -> [RouterNode] {
    var result: [RouterNode] = []
    var stack: [RouterNode] = [self]
    while let node = stack.popLast() {
      result.append(node)
      stack.append(contentsOf: node.children)
    }
    return result
  }

  /// The first attached view of type `View`.
  @MainActor func findView<View>(_ type: View.Type) -> View? {
    for node in snapshotRouters() {
      if let view = (node as? any ViewableRouting)?.viewControllable as? View { return view }
    }
    return nil
  }
}
