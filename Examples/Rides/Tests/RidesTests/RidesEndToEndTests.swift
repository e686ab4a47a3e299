import Ribcage
import RibcageTesting
import Testing

@testable import RidesApp

// Scripted end-to-end runs of the terminal app. Each asserts the rendered screens (view models)
// and the tree, and that every RIB detached along the way was deallocated.

@MainActor @Test(.timeLimit(.minutes(5))) func aWholeRideFromSignInBackToHome() async {
  let rides = await RidesDriver()
  #expect(rides.titles == ["Welcome to Rides"])

  await rides.run("login alice")
  #expect(rides.ribs == ["Root", "LoggedIn", "Home"])
  #expect(rides.screen("Home")?.lines.first == "Hi alice. Where to?")
  await rides.harness.expectNoLeaks()  // LoggedOut

  await rides.run("request", "pickup home", "dropoff airport")
  #expect(
    rides.ribs == [
      "Root", "LoggedIn", "Request", "LocationEditor", "Confirm", "ProductSelection", "Card",
      "Coupon",
    ])
  await rides.run("select xl", "card amex")
  #expect(rides.screen("Confirm")?.lines == ["home → airport · uberXL · $31.00 · Amex ····1005"])
  #expect(rides.screen("Products")?.lines[1].hasPrefix("● xl: uberXL") == true)

  await rides.run("confirm", "seats 3", "note at the gate", "request")
  #expect(rides.ribs == ["Root", "LoggedIn", "Request", "Ride", "Pending"])
  #expect(rides.screen("Requesting")?.lines == ["Looking for a uberXL driver… home → airport"])
  await rides.harness.expectNoLeaks()  // the whole editor subtree

  await rides.run("wait \(TripService.matchDelay)s")
  #expect(rides.ribs.last == "Matched")
  #expect(rides.screen("Your driver")?.lines.first == "Priya is 5 min away")

  await rides.run("wait 5m")
  #expect(rides.screen("Your driver")?.lines.first == "Priya has arrived at home")
  await rides.run("wait \(TripService.boardingDelay)s")
  #expect(rides.ribs.last == "OnTrip")
  #expect(
    rides.screen("On trip")?.lines.first?.hasPrefix("On the way to airport with Priya") == true)

  await rides.run("wait 1h")
  #expect(rides.ribs.last == "DroppedOff")
  #expect(
    rides.screen("Trip 100")?.lines == ["You arrived at airport. $31.00 charged to Amex ····1005."])

  await rides.run("done")
  #expect(rides.ribs == ["Root", "LoggedIn", "Home"])
  await rides.harness.expectNoLeaks()
  #expect(rides.harness.diagnostics.isEmpty)
}

@MainActor @Test(.timeLimit(.minutes(5))) func aDeepLinkOpenedBeforeSignInWaitsForIt() async {
  let rides = await RidesDriver()
  let opened = await rides.run("open rides://trip/42")
  #expect(opened.last == "… rides://trip/42: waiting for sign-in")
  #expect(rides.ribs == ["Root", "LoggedOut"])

  let signedIn = await rides.run("login alice")
  #expect(signedIn.last == "→ showing trip 42")
  #expect(rides.ribs == ["Root", "LoggedIn", "Request", "Ride", "DroppedOff"])
  #expect(
    rides.screen("Trip 42")?.lines == ["You arrived at airport. $20.50 charged to Visa ····4242."])

  await rides.run("done")
  #expect(rides.ribs == ["Root", "LoggedIn", "Home"])
  await rides.harness.expectNoLeaks()
}

@MainActor @Test(.timeLimit(.minutes(5))) func linksThatCannotBeServedSayWhyAndChangeNothing() async
{
  let rides = await RidesDriver()
  await rides.run("login bob")
  let before = rides.terminal.root.snapshot()

  #expect(
    await rides.run("open rides://trip/42").last
      == "✗ rides://trip/42: trip 42 belongs to another rider")
  #expect(await rides.run("open rides://trip/7").last == "✗ rides://trip/7: there is no trip 7")
  #expect(await rides.run("open rides://trip/abc").last?.hasPrefix("✗ rides://trip/abc:") == true)
  #expect(
    await rides.run("open https://example.com/x").last?.hasPrefix("✗ https://example.com/x:")
      == true)
  #expect(
    await rides.run("open rides://promo/NOPE").last
      == "✗ rides://promo/NOPE: there is no coupon 'NOPE' (try SAVE5 or HALFOFF)")
  #expect(await rides.run("push {\"type\": \"unknown\"}").last?.hasPrefix("✗ push:") == true)
  #expect(
    await rides.run("push {not json").last?.hasPrefix(
      "✗ push: the payload must be a flat JSON object") == true)
  #expect(rides.terminal.root.snapshot() == before)
  #expect(rides.terminal.app.coupons.coupon.value == nil)
}

@MainActor @Test(.timeLimit(.minutes(5))) func aPushWhileWaitingForTheDriverMovesTheTripScreen()
  async
{
  let rides = await RidesDriver()
  await rides.requestUpToDetails()
  await rides.run("request", "wait 5s")
  #expect(rides.screen("Your driver")?.lines.first == "Priya is 3 min away")

  let pushed = await rides.run("push {\"type\": \"driver_arrived\", \"trip\": 100}")
  #expect(pushed.last == "→ push: the driver of trip 100 has arrived")
  #expect(rides.screen("Your driver")?.lines.first == "Priya has arrived at home")

  // A promo push is a deep link too.
  await rides.run("push {\"type\": \"promo\", \"code\": \"halfoff\"}")
  #expect(rides.terminal.app.coupons.coupon.value?.code == "HALFOFF")

  await rides.run("wait 1h", "done")
  #expect(rides.ribs == ["Root", "LoggedIn", "Home"])
  await rides.harness.expectNoLeaks()
}

@MainActor @Test(.timeLimit(.minutes(5))) func signingInWithATripInProgressResumesIt() async {
  let rides = await RidesDriver()
  await rides.requestUpToDetails()
  await rides.run("request", "wait 10s")
  await rides.run("open rides://trip/42")  // a finished trip; `done` returns to the live one
  #expect(rides.ribs.last == "DroppedOff")
  await rides.run("done")
  #expect(rides.ribs == ["Root", "LoggedIn", "Request", "Ride", "Matched"])

  await rides.run("cancel")
  #expect(rides.ribs == ["Root", "LoggedIn", "Home"])
  await rides.harness.expectNoLeaks()
}

@MainActor @Test(.timeLimit(.minutes(5)))
func theBackGestureAtEveryDepthDetachesWhatItClosesAndNothingLeaks() async {
  let rides = await RidesDriver()
  await rides.run("login alice")
  #expect(await rides.run("back").last == "(nothing to go back from)", "Home is the root screen")
  #expect(rides.ribs == ["Root", "LoggedIn", "Home"])

  let editing = ["Root", "LoggedIn", "Request", "LocationEditor"]
  let confirming = editing + ["Confirm", "ProductSelection", "Card", "Coupon"]
  await rides.run("request", "pickup home", "dropoff airport", "confirm")
  #expect(rides.ribs == confirming + ["Refinement"])
  #expect(rides.titles.last == "Details")

  // Depth 3: Details (Refinement, pushed over Confirm).
  #expect(await rides.run("back").last == "(back from Refinement)")
  #expect(rides.ribs == confirming)
  #expect(!rides.titles.contains("Details"), "the screen redrew without it")
  await rides.harness.expectNoLeaks()

  // Depth 2: Confirm (pushed over the location editor), with its children.
  await rides.run("back")
  #expect(rides.ribs == editing)
  await rides.harness.expectNoLeaks()
  // The next edit that completes the route shows Confirm again.
  await rides.run("dropoff station")
  #expect(rides.ribs == confirming)
  await rides.run("back")
  #expect(rides.ribs == editing)

  // Depth 1: the editor (pushed over Home): the request ends, as with `cancel`.
  #expect(await rides.run("back").last == "(back from LocationEditor)")
  #expect(rides.ribs == ["Root", "LoggedIn", "Home"])
  #expect(rides.screen("Home")?.lines.first == "Hi alice. Where to?")
  await rides.harness.expectNoLeaks()

  // A trip the backend has is not a screen to go back from.
  await rides.run("request", "pickup home", "dropoff airport", "confirm", "request")
  #expect(rides.ribs == ["Root", "LoggedIn", "Request", "Ride", "Pending"])
  #expect(await rides.run("back").last == "(nothing to go back from)")
  #expect(rides.ribs == ["Root", "LoggedIn", "Request", "Ride", "Pending"])
  await rides.harness.expectNoLeaks()
  #expect(rides.harness.diagnostics.isEmpty)
}
