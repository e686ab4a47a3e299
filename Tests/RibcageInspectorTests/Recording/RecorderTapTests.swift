import Ribcage
import RibcageInspector
import RibcageTesting
import Testing

/// The first recorder of a tree takes its events as direct calls (a hook's end and the event
/// after it as one call); a second takes the same events from the tree's streams. Both must
/// write the same session.
@MainActor
@Suite("SessionRecorder: the tap and the streams", .timeLimit(.minutes(5)))
struct RecorderTapTests {
  @Test("a tapped recorder and a streamed one record the same events, times never going back")
  func tapAndStreamsAgree() throws {
    let app = RecordedApp()
    let tapped = SessionRecorder(app.root)
    let streamed = SessionRecorder(app.root)
    app.launch()
    do {
      let signedIn = SignedInRouter()
      signedIn.interactor.onDidBecomeActive = { [unowned signedIn] _ in
        signedIn.attachChild(FeedRouter())
      }
      // Resigning makes an observer of its activeness attach a RIB elsewhere: after
      // willResignActive returned, before "deactivated".
      var wasActive = false
      let activeness = signedIn.interactor.isActiveStream.observe { [unowned app] isActive in
        if isActive { wasActive = true }
        guard wasActive, !isActive, app.root.children.count < 2 else { return }
        app.root.attachChild(CartRouter())
      }
      app.root.attachChild(signedIn)
      app.root.detachChild(signedIn)
      activeness.cancel()
      app.root.interactor.deactivate()
      app.root.interactor.activate()
      for child in app.root.children { app.root.detachChild(child) }
    }
    #expect(app.detector.sweep().isEmpty)

    let summaries = try [tapped, streamed].map { recorder in
      try SessionTimeline(recorder).events.map { event in
        "\(event.kind.rawValue) \(event.path ?? "") \(event.string("hook") ?? "")"
      }
    }
    #expect(summaries[0] == summaries[1])
    let kinds = summaries[0]
    let resigned = kinds.firstIndex(of: "hook AppRoot/SignedIn willResignActive")
    let cartAttached = kinds.firstIndex(of: "attach AppRoot/Cart ")
    #expect(resigned != nil && cartAttached != nil && cartAttached! < resigned!)
    #expect(kinds[resigned! + 1] == "deactivate AppRoot/SignedIn ")
    #expect(kinds.filter { $0.hasPrefix("deactivate ") }.count == 5)
    #expect(kinds.filter { $0.hasPrefix("load ") }.count == 4)
    for recorder in [tapped, streamed] {
      let events = try SessionTimeline(recorder).events
      #expect(zip(events, events.dropFirst()).allSatisfy { $0.nanoseconds <= $1.nanoseconds })
      #expect(events.filter { $0.kind == .hook }.allSatisfy { $0.fields["ns"]?.int64Value != nil })
    }
  }
}
