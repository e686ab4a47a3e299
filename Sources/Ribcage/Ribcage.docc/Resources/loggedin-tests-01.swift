import Ribcage
import RibcageTesting
import Testing

@MainActor final class TestLoggedInDependency: EmptyComponent, LoggedInDependency {
  let greetingService = GreetingService()
}

@MainActor @Test func activatingLoggedInGreetsTheUser() {
  let harness = RIBHarness()
  let dependency = TestLoggedInDependency()
  let router = LoggedInBuilder(dependency: dependency).build(userName: "Ada")

  harness.activate(router)

  #expect(dependency.greetingService.greetings.value == ["Hello, Ada!"])
}
