import RibcageLint
import Testing

/// Test code (test folders, `*Tests.swift` files, test doubles) is left out unless the
/// configuration says `tests: include`: doubles break the rules on purpose.
@Suite(.timeLimit(.minutes(10))) struct TestCodeTests {
  private static let leaky = """
    import RIBs
    final class LoggedInInteractableMock: LoggedInInteractable {
      var listener: LoggedInListener?
    }
    """

  @Test func testCodeAndTestDoublesAreExcludedByDefault() throws {
    let files = [
      "App/Tests/HomeInteractorTests.swift": Self.leaky,
      "AppTests/Mocks.swift": Self.leaky,
      "App/HomeSpec/HomeTests.swift": Self.leaky,
      "App/Doubles.swift": Self.leaky,
    ]
    #expect(try findingPlaces(files, .strongListener).isEmpty)
    #expect(try findingPlaces(files, .strongListener, includeTests: true).count == 4)
  }

  @Test func testsIncludeIsAConfigurationKey() throws {
    let configuration = try LintConfiguration.parse("tests: include\n", file: ".ribcage.yml")
    #expect(configuration.includesTests)
    #expect(throws: ConfigurationError.self) {
      try LintConfiguration.parse("tests: sometimes\n", file: ".ribcage.yml")
    }
  }
}
