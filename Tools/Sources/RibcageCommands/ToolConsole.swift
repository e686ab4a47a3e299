import Foundation

/// Where a command's output goes and where it runs: the process (`ribcage`) or a test.
public final class ToolConsole: @unchecked Sendable {
  /// The folder relative paths are resolved against.
  public let workingDirectory: String
  private let writeOut: (String) -> Void
  private let writeError: (String) -> Void

  public init(
    workingDirectory: String, out: @escaping (String) -> Void, error: @escaping (String) -> Void
  ) {
    self.workingDirectory = workingDirectory
    self.writeOut = out
    self.writeError = error
  }

  /// The running process: standard output and error, the current directory.
  public static func process() -> ToolConsole {
    ToolConsole(
      workingDirectory: FileManager.default.currentDirectoryPath,
      out: { Swift.print($0) },
      error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
  }

  public func print(_ line: String) { writeOut(line) }
  public func printError(_ line: String) { writeError(line) }
}

/// A leaf command that runs against a console (so tests can run it in-process).
protocol ConsoleCommand {
  func run(on console: ToolConsole) throws
}
