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
