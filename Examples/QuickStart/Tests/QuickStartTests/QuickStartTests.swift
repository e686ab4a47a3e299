import QuickStartApp
import Ribcage
import RibcageTesting
import Testing

// docs/testing.md's testing example, verbatim.
@MainActor @Test(.timeLimit(.minutes(2))) func loggingInReplacesLoggedOut() {
  let harness = RIBHarness()  // test clock, manual leak sweeps, recorders
  let root = RootBuilder(dependency: AppComponent()).build()
  harness.launch(root)
  root.loggedOut?.interactor.logIn(as: "Ada")
  #expect(root.snapshot().children.map(\.name) == ["LoggedIn"])
  harness.expectNoLeaks()  // LoggedOut and everything below it deallocated
}

@MainActor @Test(.timeLimit(.minutes(2))) func loggedInGreetsTheUserOnActivation() {
  let harness = RIBHarness()
  let app = AppComponent()
  let root = RootBuilder(dependency: app).build()
  harness.launch(root)
  #expect(app.greetingService.greetings.value.isEmpty)
  root.loggedOut?.interactor.logIn(as: "Grace")
  #expect(app.greetingService.greetings.value == ["Hello, Grace!"])
  #expect(harness.diagnostics.isEmpty)
}
