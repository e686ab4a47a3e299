import ArgumentParser
import Foundation
import RibcageGenerator
import RibcageLint

/// `ribcage`: the Ribcage command-line tool. `new` now; `lint`, `graph` and `inspect` slot in as
/// further subcommands.
public struct RibcageTool: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "ribcage",
    abstract: "Tools for Ribcage codebases.",
    subcommands: [New.self, Lint.self])

  public init() {}

  /// Exit statuses: 0 success, 1 findings at error severity (lint), 2 usage or I/O errors.
  public enum ExitStatus {
    public static let success: Int32 = 0
    public static let errorFindings: Int32 = 1
    public static let usageOrIOError: Int32 = 2
  }

  /// Parses `arguments` (without the program name) and runs the command on `console`; returns
  /// the exit status. Usage errors print the message and the help's usage line, exit 2.
  public static func run(_ arguments: [String], on console: ToolConsole) -> Int32 {
    if let helpType = requestedHelp(arguments) {
      console.print(helpMessage(for: helpType))
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
      console.printError("error: \(error)")
      return ExitStatus.usageOrIOError
    } catch let error as ConfigurationError {
      console.printError("error: \(error)")
      return ExitStatus.usageOrIOError
    } catch let error as GeneratorError {
      // Paths inside the working directory read better relative to it.
      let message = "\(error)".replacingOccurrences(of: console.workingDirectory + "/", with: "")
      console.printError("error: \(message)")
      return ExitStatus.usageOrIOError
    } catch {
      let message = fullMessage(for: error)
      if exitCode(for: error) == .success { return ExitStatus.success }
      console.printError(message)
      return ExitStatus.usageOrIOError
    }
  }

  /// The command whose help `arguments` ask for (`-h`, `--help`, `help ...`), if they do.
  private static func requestedHelp(_ arguments: [String]) -> ParsableCommand.Type? {
    let asksForHelp =
      arguments.contains("--help") || arguments.contains("-h") || arguments.first == "help"
    guard asksForHelp else { return nil }
    var type: ParsableCommand.Type = RibcageTool.self
    for argument in arguments where !argument.hasPrefix("-") && argument != "help" {
      guard let next = type.configuration.subcommands.first(where: { $0._commandName == argument })
      else { break }
      type = next
    }
    return type
  }
}
