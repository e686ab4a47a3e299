import Ribcage
import RibcageInspector
import RibcageTesting
import Testing

/// A screen host that could not show or remove a view: the session recorder records the
/// diagnostic, as it records every other: nothing fails silently.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ScreenFailureRecordingTests {
  @Test func aFailedShowAndAFailedRemovalAreRecorded() throws {
    let app = RecordedApp()
    let recorder = SessionRecorder(app.root)
    app.launch()
    do {
      let checkout = CheckoutRouter()
      app.root.attachChild(checkout)
      app.root.screens.didShow(checkout, as: .presented)
      app.root.screens.didFailToShow(checkout, as: .presented, reason: "a transition is running")
      #expect(app.root.screens.shownChildren.isEmpty)
      app.root.detachChild(checkout)
      app.root.screens.didFailToRemove(checkout, shownAs: .pushed, reason: "it was not popped")
    }
    let timeline = try SessionTimeline(recorder)
    let kinds = timeline.events.filter { $0.kind == .diagnostic }.map { $0.string("kind") ?? "" }
    #expect(kinds == ["screenShowFailed", "screenRemovalFailed"])
    #expect(app.diagnostics.map(\.kind) == [.screenShowFailed, .screenRemovalFailed])
    #expect(app.detector.sweep().isEmpty, "the checkout RIB was deallocated")
  }
}
