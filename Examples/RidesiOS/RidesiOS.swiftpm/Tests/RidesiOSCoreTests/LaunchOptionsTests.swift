import Testing

@testable import RidesiOSCore

/// `--inspect`'s equivalent on the iPhone: a launch argument or the environment variable.
@Suite(.timeLimit(.minutes(2))) struct LaunchOptionsTests {
  @Test func nothingAskedConnectsNothing() throws {
    let options = try LaunchOptions(arguments: ["Rides"], environment: [:])
    #expect(options.inspectURL == nil)
  }

  @Test func theArgumentNamesTheURL() throws {
    let options = try LaunchOptions(
      arguments: ["Rides", "-NSDoubleLocalizedStrings", "YES", "--inspect", "ws://127.0.0.1:9/x"],
      environment: [:])
    #expect(options.inspectURL == "ws://127.0.0.1:9/x")
  }

  @Test func theEnvironmentVariableIsEnoughAndTheArgumentWins() throws {
    let environment = ["RIBCAGE_INSPECT": "ws://127.0.0.1:1/a"]
    #expect(
      try LaunchOptions(arguments: ["Rides"], environment: environment).inspectURL
        == "ws://127.0.0.1:1/a")
    #expect(
      try LaunchOptions(arguments: ["Rides", "--inspect"], environment: environment)
        .inspectURL == "ws://127.0.0.1:1/a")
    #expect(
      try LaunchOptions(
        arguments: ["Rides", "--inspect", "ws://127.0.0.1:2/b"], environment: environment
      )
      .inspectURL == "ws://127.0.0.1:2/b")
  }

  @Test func inspectWithoutAURLIsATypedError() {
    #expect(throws: LaunchOptionsError.inspectNeedsURL) {
      try LaunchOptions(arguments: ["Rides", "--inspect"], environment: [:])
    }
    #expect(throws: LaunchOptionsError.inspectNeedsURL) {
      try LaunchOptions(
        arguments: ["Rides", "--inspect", "--other"], environment: ["RIBCAGE_INSPECT": ""])
    }
  }
}
