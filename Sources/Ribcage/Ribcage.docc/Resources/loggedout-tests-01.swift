import Ribcage
import RibcageTesting
import Testing

@MainActor final class LoggedOutListenerSpy: LoggedOutListener {
  var names: [String] = []
  func didLogIn(as name: String) { names.append(name) }
}

@MainActor @Test func loggingInTellsTheListener() {
  let harness = RIBHarness()
  let listener = LoggedOutListenerSpy()
  let router = LoggedOutBuilder(dependency: EmptyComponent()).build(withListener: listener)
  harness.activate(router)

  router.interactor.logIn(as: "Ada")

  #expect(listener.names == ["Ada"])
  #expect(router.interactor.isActive)
}
