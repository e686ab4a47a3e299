import Foundation

/// `ribcage lint: 1200/2400 files` on standard error while a long run works, redrawn in place
/// and erased before the results are printed. Only on a terminal (pipes and CI logs would
/// collect every redraw), and only once the run has taken a second: a quick run should not
/// flicker.
final class ProgressLine: @unchecked Sendable {
  /// How long a run goes before the line appears.
  static let delay: UInt64 = 1_000_000_000
  /// The shortest time between redraws (the workers report every file).
  static let interval: UInt64 = 100_000_000

  private let console: ToolConsole
  private let label: String
  private let start: UInt64
  private let lock = NSLock()
  private var lastDrawn: UInt64?
  private var finished = false

  /// A progress line for `label`, timed from now; `nil` when the console cannot show one.
  init?(_ label: String, on console: ToolConsole) {
    guard console.showsProgress else { return nil }
    self.console = console
    self.label = label
    self.start = console.now()
  }

  /// Reports `done` of `total` items (from any thread).
  func update(done: Int, total: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard !finished else { return }
    let now = console.now()
    guard now - start >= Self.delay else { return }
    if let lastDrawn, now - lastDrawn < Self.interval { return }
    lastDrawn = now
    console.showStatus("\(label): \(done)/\(total) files")
  }

  /// Erases the line; later updates are ignored.
  func finish() {
    lock.lock()
    finished = true
    lock.unlock()
    console.clearStatus()
  }
}
