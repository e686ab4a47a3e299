import Ribcage
import RibcageTesting
import Testing

@testable import RidesApp

/// A Rides terminal wired to a RIBHarness: its tree reports to the harness (leak detector on the
/// test clock, recorded diagnostics), and its output is kept as lines.
@MainActor
final class RidesDriver {
  let harness = RIBHarness()
  let terminal: RidesTerminal
  private let output = OutputLog()

  init() async {
    let output = output
    terminal = RidesTerminal(context: harness.context) { output.lines.append($0) }
    await terminal.start()
  }

  /// Runs `commands` one by one; returns what they printed.
  @discardableResult
  func run(_ commands: String...) async -> [String] {
    let start = output.lines.count
    for command in commands { await terminal.run(command) }
    return Array(output.lines[start...])
  }

  /// The titles of the screens shown now, in tree order.
  var titles: [String] { terminal.screens.map(\.screen.title) }

  /// The screen titled `title`.
  func screen(_ title: String) -> Screen? {
    terminal.screens.first { $0.screen.title == title }?.screen
  }

  /// The names of the RIBs attached now, depth first.
  var ribs: [String] {
    var names: [String] = []
    var stack = [terminal.root.snapshot()]
    while let node = stack.popLast() {
      names.append(node.name)
      stack.append(contentsOf: node.children.reversed())
    }
    return names
  }

  /// Signs in and fills a request up to the Details screen.
  func requestUpToDetails(product: String = "uberx") async {
    await run(
      "login alice", "request", "pickup home", "dropoff airport", "select \(product)", "confirm")
  }
}

final class OutputLog {
  var lines: [String] = []
}
