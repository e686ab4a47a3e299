import Ribcage
import RibcageSwiftUI
import RidesKit
import Testing

@testable import RidesiOSCore

/// The navigation stack and the sheet follow the tree, and the rider's gestures change the tree:
/// what `RIBNavigationStack` does with the system's bindings, done here to the same model, with
/// the real RIBs.
@MainActor @Suite(.timeLimit(.minutes(2))) struct NavigationTests {
  let views = TestViews()
  let navigation = RidesNavigation()
  let session: RidesSession
  let composition = ScreenComposition()

  init() throws {
    views.navigation = navigation
    session = RidesSession(views: views)
    composition.follow(session.root)
    session.launch(from: views.window)
    try views.last(LoggedOutTestView.self)?.listener?.didEnterName("alice")
  }

  private var path: [String] { navigation.navigation.path.map(\.name) }

  /// Request → the editor pushed, a route → Confirm pushed, confirm → Refinement in a sheet.
  private func requestUpToRefinement() throws {
    try #require(views.last(HomeTestView.self)).listener?.didTapRequest()
    let editor = try #require(views.last(LocationEditorTestView.self))
    try editor.listener?.didEnterPickup("home")
    try editor.listener?.didEnterDestination("airport")
    try #require(views.last(ConfirmTestView.self)).listener?.didTapConfirm()
  }

  @Test func attachingPushesAndPresents() throws {
    try requestUpToRefinement()
    #expect(path == ["LocationEditor", "Confirm"])
    #expect(navigation.navigation.sheet?.name == "Refinement")
  }

  @Test func thePullDownAndTheBackSwipeDetachTheRIBsTheyClose() throws {
    try requestUpToRefinement()
    weak let refinement = views.last(TestView<RefinementViewModel, any RefinementViewListener>.self)
    weak let confirm = views.last(ConfirmTestView.self)
    weak let editor = views.last(LocationEditorTestView.self)
    #expect(refinement != nil)

    // The sheet pulled down: SwiftUI sets the sheet's binding to nil.
    navigation.navigation.sheet = nil
    #expect(refinement == nil)
    #expect(path == ["LocationEditor", "Confirm"])

    // The back swipe from Confirm: SwiftUI shortens the path.
    navigation.navigation.path = Array(navigation.navigation.path.prefix(1))
    #expect(confirm == nil)
    #expect(path == ["LocationEditor"])

    // Back from the editor: the request ends (Request hears it) and Home is drawn again.
    navigation.navigation.path = []
    #expect(editor == nil)
    let home = try #require(views.last(HomeTestView.self))
    #expect(
      composition.embeddedViews(in: views.window).map(ObjectIdentifier.init)
        == [ObjectIdentifier(home)])
  }

  @Test func aRIBTheAppDetachesTakesItsScreenOffTheStack() throws {
    try requestUpToRefinement()
    // Request confirmed: the trip replaces the editor, whose screens (and the sheet) go.
    try views.last(TestView<RefinementViewModel, any RefinementViewListener>.self)?.listener?
      .didTapRequest()
    #expect(path.isEmpty)
    #expect(navigation.navigation.sheet == nil)
  }
}
