import Ribcage
import RidesKit
import Testing

@testable import RidesiOSCore

/// `onOpenURL` hands the URL to the session: a link Rides understands starts its workflow, which
/// waits for a sign-in; one it does not changes nothing and says why.
@MainActor @Suite(.timeLimit(.minutes(2))) struct DeepLinkTests {
  let views = TestViews()
  let session: RidesSession

  init() {
    session = RidesSession(views: views)
    session.launch(from: views.window)
  }

  @Test func aURLRidesDoesNotServeChangesNothing() {
    let before = session.root.snapshot()
    #expect(session.open("rides://nowhere/1") == nil)
    #expect(session.lastLinkMessage?.hasPrefix("rides://nowhere/1: ") == true)
    #expect(session.root.snapshot() == before)
  }

  @Test func aPromoOpenedBeforeSignInIsAppliedOnceTheRiderSignsIn() async throws {
    let run = try #require(session.open("rides://promo/SAVE5"))
    try views.last(LoggedOutTestView.self)?.listener?.didEnterName("alice")
    let message = try await run.result
    #expect(message.contains("SAVE5"))
    #expect(session.app.coupons.coupon.value?.code == "SAVE5")
  }
}
