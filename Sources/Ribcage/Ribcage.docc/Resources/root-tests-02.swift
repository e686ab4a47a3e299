import Ribcage
import RibcageTesting
import Testing

@MainActor @Test func launchingAttachesLoggedOut() {
  let harness = RIBHarness()
  let root = RootBuilder(dependency: AppComponent()).build()

  harness.launch(root)

  #expect(root.snapshot().children.map(\.name) == ["LoggedOut"])
  #expect(root.loggedOut?.interactor.isActive == true)
}

@MainActor @Test func loggingInReplacesLoggedOutWithLoggedIn() {
  let harness = RIBHarness()
  let app = AppComponent()
  let root = RootBuilder(dependency: app).build()
  harness.launch(root)

  root.loggedOut?.interactor.logIn(as: "Ada")

  #expect(root.snapshot().children.map(\.name) == ["LoggedIn"])
  #expect(app.greetingService.greetings.value == ["Hello, Ada!"])
  harness.expectNoLeaks()  // LoggedOut is gone, nothing kept it alive
}
