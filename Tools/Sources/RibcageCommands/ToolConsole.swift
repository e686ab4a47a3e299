import Dispatch
import Foundation
import RibcageLint

/// Where a command's output goes and where it runs: the process (`ribcage`) or a test. Tests
/// inject the streams (terminal or pipe), the environment and the clock, so the decisions that
/// depend on them — colour, the progress line, output order — are checked without a real TTY.
public final class ToolConsole: @unchecked Sendable {
  /// The folder relative paths are resolved against.
  public let workingDirectory: String
  /// Standard output: results (findings, generated files, JSON, SARIF).
  public let output: ConsoleStream
  /// Standard error: the summary, notes, errors and the progress line.
  public let errors: ConsoleStream
  /// The environment variables that matter here: `NO_COLOR`, `TERM`.
  public let environment: [String: String]
  /// Monotonic time in nanoseconds, for the progress line.
  let now: @Sendable () -> UInt64

  /// Writes come from the command and from lint workers (progress): one at a time.
  private let lock = NSLock()
  /// Whether the progress line is on screen (it is erased before anything else is written).
  private var statusShown = false

  public init(
    workingDirectory: String, output: ConsoleStream, errors: ConsoleStream,
    environment: [String: String] = [:],
    now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
  ) {
    self.workingDirectory = workingDirectory
    self.output = output
    self.errors = errors
    self.environment = environment
    self.now = now
  }

  /// A console whose streams are pipes that hand over each line, without its newline.
  public convenience init(
    workingDirectory: String, out: @escaping (String) -> Void, error: @escaping (String) -> Void
  ) {
    self.init(
      workingDirectory: workingDirectory,
      output: ConsoleStream(isTerminal: false) { out(Self.withoutNewline($0)) },
      errors: ConsoleStream(isTerminal: false) { error(Self.withoutNewline($0)) })
  }

  /// The running process: standard output and error, the environment, the current directory.
  public static func process() -> ToolConsole {
    ToolConsole(
      workingDirectory: FileManager.default.currentDirectoryPath,
      output: .descriptor(1), errors: .descriptor(2),
      environment: ProcessInfo.processInfo.environment)
  }

  /// Whether results on standard output are coloured: on a terminal, unless `NO_COLOR` is set
  /// (to anything but the empty string, see no-color.org) or `TERM` is `dumb`.
  public var colorsOutput: Bool { output.isTerminal && allowsColor }
  /// Whether messages on standard error are coloured (same conditions).
  public var colorsErrors: Bool { errors.isTerminal && allowsColor }
  /// Whether a progress line may be drawn: standard error is a terminal that can move its
  /// cursor. Never in a pipe or a CI log, where every redraw would be a line of noise.
  public var showsProgress: Bool { errors.isTerminal && environment["TERM"] != "dumb" }

  private var allowsColor: Bool {
    (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }

  /// Writes a line to standard output.
  public func print(_ line: String) {
    write(line + "\n", to: output)
  }

  /// Writes a line to standard error. Standard output is unbuffered, so everything printed
  /// before has been delivered: a summary always follows the findings.
  public func printError(_ line: String) {
    write(line + "\n", to: errors)
  }

  /// `error: message` on standard error, the label coloured on a terminal.
  public func printFailure(_ message: String) {
    printError(label("error:", .error) + " " + message)
  }

  /// `text` styled on standard error when it is coloured, else as is.
  func label(_ text: String, _ style: TerminalStyle) -> String {
    colorsErrors ? style.apply(text) : text
  }

  /// Replaces the progress line with `text` (standard error on a terminal only).
  func showStatus(_ text: String) {
    guard showsProgress else { return }
    lock.lock()
    defer { lock.unlock() }
    errors.write("\r\u{1B}[K" + text)
    statusShown = true
  }

  /// Erases the progress line, if one is shown.
  func clearStatus() {
    lock.lock()
    defer { lock.unlock() }
    eraseStatus()
  }

  private func write(_ text: String, to stream: ConsoleStream) {
    lock.lock()
    defer { lock.unlock() }
    eraseStatus()
    stream.write(text)
  }

  private func eraseStatus() {
    guard statusShown else { return }
    errors.write("\r\u{1B}[K")
    statusShown = false
  }

  private static func withoutNewline(_ text: String) -> String {
    text.hasSuffix("\n") ? String(text.dropLast()) : text
  }
}

/// A leaf command that runs against a console (so tests can run it in-process).
protocol ConsoleCommand {
  func run(on console: ToolConsole) throws
}

extension ToolConsole {
  /// `path` made absolute against the console's working folder.
  func resolve(_ path: String) -> String {
    path.hasPrefix("/") ? path : (workingDirectory as NSString).appendingPathComponent(path)
  }
}
