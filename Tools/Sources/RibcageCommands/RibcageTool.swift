import ArgumentParser
import Foundation
import RibcageGenerator
import RibcageLint
import RibcageToolInfo

/// `ribcage`: the Ribcage command-line tool, `new`, `lint`, `graph`, `check`, `migrate` and `inspect`; further tools slot in as
/// subcommands. Shell completions come from argument-parser (`--generate-completion-script`).
public struct RibcageTool: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "ribcage",
    abstract: "Tools for Ribcage codebases.",
    version: ToolVersion.current,
    subcommands: [
      New.self, Lint.self, Graph.self, Check.self, Migrate.self, Inspect.self, Templates.self,
    ])

  public init() {}

  /// Exit statuses: 0 success, 1 findings at error severity (lint), 2 usage or I/O errors.
  public enum ExitStatus {
    public static let success: Int32 = 0
    public static let errorFindings: Int32 = 1
    public static let usageOrIOError: Int32 = 2
  }

  /// Parses `arguments` (without the program name) and runs the command on `console`; returns
  /// the exit status. Usage errors — an unknown command too, with or without `--help` — print
  /// the message and exit 2.
  public static func run(_ arguments: [String], on console: ToolConsole) -> Int32 {
    let lookup = CommandLookup(arguments, root: RibcageTool.self)
    if let message = lookup.unknownMessage {
      console.printFailure(message)
      return ExitStatus.usageOrIOError
    }
    if arguments.contains("--help") || arguments.contains("-h") || arguments.first == "help" {
      console.print(helpMessage(for: lookup.command))
      return ExitStatus.success
    }
    let command: ParsableCommand
    do {
      command = try parseAsRoot(arguments)
    } catch {
      let message = fullMessage(for: error)
      let status = exitCode(for: error)
      if status == .success {
        if !message.isEmpty { console.print(message) }  // --help, --version
        return ExitStatus.success
      }
      console.printError(message)
      return ExitStatus.usageOrIOError
    }
    do {
      if let leaf = command as? any ConsoleCommand {
        try leaf.run(on: console)
      } else {
        console.print(helpMessage(for: type(of: command)))
      }
      return ExitStatus.success
    } catch let exit as ExitCode {
      return exit.rawValue == 0 ? ExitStatus.success : ExitStatus.errorFindings
    } catch let error as ToolFailure {
      console.printFailure("\(error)")
      return ExitStatus.usageOrIOError
    } catch let error as ConfigurationError {
      console.printFailure("\(error)")
      return ExitStatus.usageOrIOError
    } catch let error as ValidationError {
      // A command's own check: its usage, not the root's.
      let usage = usageString(for: type(of: command))
      let name = usage.split(separator: " ").prefix { !$0.hasPrefix("[") && !$0.hasPrefix("<") }
      console.printError(
        "Error: \(error.message)\nUsage: \(usage)\n  See '\(name.joined(separator: " ")) --help' "
          + "for more information.")
      return ExitStatus.usageOrIOError
    } catch let error as GeneratorError {
      // Paths inside the working directory read better relative to it.
      let message = "\(error)".replacingOccurrences(of: console.workingDirectory + "/", with: "")
      console.printFailure(message)
      return ExitStatus.usageOrIOError
    } catch {
      let message = fullMessage(for: error)
      if exitCode(for: error) == .success { return ExitStatus.success }
      console.printError(message)
      return ExitStatus.usageOrIOError
    }
  }
}
