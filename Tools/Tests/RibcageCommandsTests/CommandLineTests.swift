import Foundation
import RibcageToolInfo
import Testing

@Test(.timeLimit(.minutes(10)), arguments: [["--version"], ["lint", "--version"]])
func versionPrintsTheToolsVersion(arguments: [String]) {
  let recording = RecordingConsole()
  #expect(recording.run(arguments) == 0)
  #expect(recording.output == ToolVersion.current + "\n")
  #expect(recording.errors.isEmpty)
}

@Test(
  .timeLimit(.minutes(10)),
  arguments: [
    ["deploy"], ["deploy", "--help"], ["deploy", "-h"], ["help", "deploy"], ["--help", "deploy"],
  ])
func anUnknownCommandIsAnErrorNamingTheKnownOnesWithOrWithoutHelp(arguments: [String]) {
  let recording = RecordingConsole()
  #expect(recording.run(arguments) == 2)
  #expect(
    recording.errors
      == "error: unknown command 'deploy'; commands: new, lint, graph, check, migrate, inspect, templates\n"
  )
  #expect(recording.output.isEmpty)
}

@Test(.timeLimit(.minutes(10))) func aMistypedCommandGetsASuggestion() {
  let recording = RecordingConsole()
  #expect(recording.run(["lnt", "Sources"]) == 2)
  #expect(
    recording.errors
      == "error: unknown command 'lnt' (did you mean 'lint'?); commands: new, lint, graph, check, migrate, inspect, templates\n"
  )
}

@Test(.timeLimit(.minutes(10))) func anUnknownSubcommandOfNewNamesNewsCommands() {
  let recording = RecordingConsole()
  #expect(recording.run(["new", "widget", "--help"]) == 2)
  #expect(
    recording.errors
      == "error: unknown command 'widget' for 'ribcage new'; commands: app, rib, service, workflow, plugin, templates\n"
  )
}

@Test(
  .timeLimit(.minutes(10)),
  arguments: [
    (["--help"], "USAGE: ribcage <subcommand>"),
    (["-h"], "USAGE: ribcage <subcommand>"),
    (["help"], "USAGE: ribcage <subcommand>"),
    ([], "USAGE: ribcage <subcommand>"),
    (["lint", "--help"], "USAGE: ribcage lint"),
    (["help", "lint"], "USAGE: ribcage lint"),
    (["lint", "Sources", "--help"], "USAGE: ribcage lint"),
    (["new", "rib", "--help"], "USAGE: ribcage new rib"),
  ])
func helpStillExitsZero(arguments: [String], usage: String) {
  let recording = RecordingConsole()
  #expect(recording.run(arguments) == 0)
  #expect(recording.output.contains(usage), "\(recording.output)")
  #expect(recording.errors.isEmpty)
}

@Test(
  .timeLimit(.minutes(10)),
  arguments: [
    (["--generate-completion-script", "bash"], "_ribcage"),
    (["--generate-completion-script", "zsh"], "#compdef ribcage"),
    (["--generate-completion-script=fish"], "complete -c 'ribcage'"),
  ])
func shellCompletionScriptsAreGenerated(arguments: [String], marker: String) {
  let recording = RecordingConsole()
  #expect(recording.run(arguments) == 0)
  #expect(recording.output.contains(marker))
  // Subcommands and their options are completed.
  #expect(recording.output.contains("lint"))
  #expect(recording.output.contains("write-baseline"))
}

@Test(.timeLimit(.minutes(10))) func anUnknownOptionIsStillAUsageError() {
  let recording = RecordingConsole()
  #expect(recording.run(["--frobnicate"]) == 2)
  #expect(recording.errors.contains("--frobnicate"))
}
