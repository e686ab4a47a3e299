import Ribcage
import RidesKit
import Testing

@testable import RidesiOSCore

/// The iPhone app draws a RIB's children inside its screen, and the ones shown over it on the
/// navigation stack or in a sheet: both decided by the tree, checked here on Linux with the
/// real RIBs of RidesKit.
@MainActor @Suite(.timeLimit(.minutes(2))) struct ScreenCompositionTests {
  let views = TestViews()
  let session: RidesSession
  let composition = ScreenComposition()

  init() {
    session = RidesSession(views: views)
    composition.follow(session.root)
    session.launch(from: views.window)
  }

  private func embedded(in view: (any ViewControllable)?) -> [ObjectIdentifier] {
    guard let view else { return [] }
    return composition.embeddedViews(in: view).map { ObjectIdentifier($0) }
  }

  private func id(_ object: AnyObject?) -> ObjectIdentifier? { object.map(ObjectIdentifier.init) }

  @Test func theWindowShowsLoggedOutThenHome() throws {
    let loggedOut = try #require(views.last(LoggedOutTestView.self))
    #expect(embedded(in: views.window) == [ObjectIdentifier(loggedOut)])

    try loggedOut.listener?.didEnterName("alice")
    let home = try #require(views.last(HomeTestView.self))
    // LoggedIn has no view: Home is drawn in the window, where LoggedOut was.
    #expect(embedded(in: views.window) == [ObjectIdentifier(home)])
  }

  @Test func aPushedScreenIsNotDrawnInsideItsParentAndItsChildrenAreDrawnInIt() throws {
    try views.last(LoggedOutTestView.self)?.listener?.didEnterName("alice")
    weak let home = views.last(HomeTestView.self)
    home?.listener?.didTapRequest()
    // LoggedIn swaps Home for Request (viewless), which pushes the editor: the window draws
    // nothing under the stack now, and Home's view is gone with its RIB.
    #expect(views.shownOver.map(\.child) == ["LocationEditor"])
    #expect(embedded(in: views.window).isEmpty)
    #expect(home == nil)

    let editor = try #require(views.last(LocationEditorTestView.self))
    try editor.listener?.didEnterPickup("home")
    try editor.listener?.didEnterDestination("airport")
    let confirm = try #require(views.last(ConfirmTestView.self))
    #expect(views.shownOver.last?.child == "Confirm")
    #expect(embedded(in: editor).isEmpty)

    // Confirm's screen draws its core children and the Coupon plugin, in attach order.
    let products = views.last(
      TestView<ProductSelectionViewModel, any ProductSelectionViewListener>.self)
    let card = views.last(TestView<CardViewModel, any CardViewListener>.self)
    weak let coupon = views.last(TestView<CouponViewModel, any CouponViewListener>.self)
    #expect(embedded(in: confirm) == [id(products), id(card), id(coupon)].compactMap { $0 })

    // Switching the plugin off detaches Coupon: it leaves Confirm's screen, and memory.
    session.app.flags.setOverride(RidesFlags.coupons, to: false)
    #expect(embedded(in: confirm) == [id(products), id(card)].compactMap { $0 })
    #expect(coupon == nil)
  }

  @Test func refinementIsPresentedOverConfirm() throws {
    try views.last(LoggedOutTestView.self)?.listener?.didEnterName("alice")
    try #require(views.last(HomeTestView.self)).listener?.didTapRequest()
    let editor = try #require(views.last(LocationEditorTestView.self))
    try editor.listener?.didEnterPickup("home")
    try editor.listener?.didEnterDestination("office")
    try #require(views.last(ConfirmTestView.self)).listener?.didTapConfirm()
    #expect(views.shownOver.last?.child == "Refinement")
    #expect(views.shownOver.last?.presentation == .presented)
  }
}
