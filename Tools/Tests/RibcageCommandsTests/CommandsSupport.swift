import Foundation
import RibcageCommands

/// A temporary folder of files, removed when released.
final class Scratch {
  let path: String

  init(_ files: [String: String] = [:]) {
    path = NSTemporaryDirectory() + "ribcage-commands-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (name, contents) in files {
      let full = path + "/" + name
      try! FileManager.default.createDirectory(
        atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try! contents.write(toFile: full, atomically: true, encoding: .utf8)
    }
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// A console whose two streams write into one timeline, in the order a shared terminal or pipe
/// would receive the text; each stream can pose as a terminal.
final class RecordingConsole: @unchecked Sendable {
  enum Stream: Equatable { case output, errors }

  private let lock = NSLock()
  private var entries: [(stream: Stream, text: String)] = []
  private(set) var console: ToolConsole!

  init(
    in directory: String = NSTemporaryDirectory(), outputIsTerminal: Bool = false,
    errorsAreTerminal: Bool = false, environment: [String: String] = [:],
    clock: SteppingClock = SteppingClock(step: 0)
  ) {
    console = ToolConsole(
      workingDirectory: directory,
      output: ConsoleStream(isTerminal: outputIsTerminal) { self.record(.output, $0) },
      errors: ConsoleStream(isTerminal: errorsAreTerminal) { self.record(.errors, $0) },
      environment: environment, now: { clock.read() })
  }

  private func record(_ stream: Stream, _ text: String) {
    lock.lock()
    entries.append((stream, text))
    lock.unlock()
  }

  /// Every write, in order.
  var timeline: [(stream: Stream, text: String)] {
    lock.lock()
    defer { lock.unlock() }
    return entries
  }

  /// Everything written to standard output.
  var output: String { timeline.filter { $0.stream == .output }.map(\.text).joined() }
  /// Everything written to standard error.
  var errors: String { timeline.filter { $0.stream == .errors }.map(\.text).joined() }

  /// Runs `ribcage <arguments>` on this console; returns the exit status.
  func run(_ arguments: [String]) -> Int32 {
    RibcageTool.run(arguments, on: console)
  }
}

/// A clock that moves `step` nanoseconds every time it is read.
final class SteppingClock: @unchecked Sendable {
  private let lock = NSLock()
  private var now: UInt64 = 0
  private let step: UInt64

  init(step: UInt64) {
    self.step = step
  }

  func read() -> UInt64 {
    lock.lock()
    defer { lock.unlock() }
    now += step
    return now
  }
}

/// A RIB interactor with one error (`strong-listener`) and one warning (`missing-super-call`).
let leakyInteractor = """
  final class HomeInteractor: Interactor {
    var listener: HomeListener?
    override func didBecomeActive() { start() }
  }
  """

/// The escape character that starts every ANSI style.
let escape = "\u{1B}"
