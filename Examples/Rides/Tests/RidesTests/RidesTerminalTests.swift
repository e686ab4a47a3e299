import Ribcage
import RidesApp
import Testing

/// The terminal's own commands say what they did, and only what the rider asked for happens.
@MainActor @Suite(.timeLimit(.minutes(5))) struct RidesTerminalTests {
  @Test func waitNeedsAUnitAsTheHelpSays() async {
    let rides = await RidesDriver()
    #expect(
      await rides.run("wait 5") == [
        "> wait 5", "✗ wait takes a duration such as 30s, 2m or 1m30s (at most 24h), not '5'",
      ])
  }

  @Test func coreOnlyCanBeResetAsTheUsageSays() async {
    let rides = await RidesDriver()
    await rides.run("flag core-only on")
    #expect(await rides.run("flag core-only reset").last == "core-only: off")
    #expect(!rides.terminal.app.flags.isCoreOnly)
  }

  @Test func resettingAFlagLeavesTheOtherFlagsAsTheyWere() async {
    let rides = await RidesDriver()
    await rides.run("flag car_photos off", "flag coupons off")
    #expect(await rides.run("flag coupons reset").last == "coupons: on")
    #expect(await rides.run("flags").contains("car_photos: off (runtime)"))
  }

  @Test func backShowsTheScreenNowOnTopEvenWhenItDidNotChange() async {
    let rides = await RidesDriver()
    await rides.run("login alice", "request", "pickup home")
    let output = await rides.run("back")
    #expect(output.contains("(back from LocationEditor)"), "\(output)")
    #expect(output.contains { $0.hasPrefix("[") }, "no screen printed: \(output)")
  }

  @Test func aVerbOfAScreenNotShownNowSaysWhereItBelongs() async {
    let rides = await RidesDriver()
    await rides.run("login alice", "logout")
    let output = await rides.run("request")
    #expect(
      output.last?.hasPrefix("✗ 'request' is an action of the Home screen") == true, "\(output)")
  }

  @Test func quitCountsTheRIBsDetachedNotTheDetachCalls() async {
    let rides = await RidesDriver()
    // LoggedOut (1), then LoggedIn with Home under it (2).
    await rides.run("login alice", "logout")
    #expect(rides.terminal.detachedRIBCount == 3)
  }
}

@MainActor @Suite(.timeLimit(.minutes(5))) struct RidesTripLinkTests {
  @Test func aCancelledTripsLinkSaysSoAndLeavesTheScreen() async {
    let rides = await RidesDriver()
    await rides.run(
      "login alice", "request", "pickup home", "dropoff airport", "confirm", "request", "cancel")
    let tree = rides.terminal.root.snapshot()
    let output = await rides.run("open rides://trip/100")
    #expect(output.last == "✗ rides://trip/100: trip 100 was cancelled: there is nothing to show")
    #expect(rides.terminal.root.snapshot() == tree)
    #expect(rides.harness.diagnosticKinds.isEmpty)
  }

  @Test func helpSaysWhoseTripTheDocsLinkOpens() async {
    let rides = await RidesDriver()
    #expect(await rides.run("help").contains { $0.contains("trip 42 is alice's") })
  }
}
