import Ribcage
import RibcageInspector

/// The terminal front end: runs the app, reads typed commands, and prints the screens of the
/// attached RIBs — every change as lines, or (on a TTY) the whole screen redrawn in colour.
///
/// A command is a turn: it is dispatched to the deepest screen that offers its verb (or to one of
/// the app commands: `open`, `push`, `flag`, `flags`, `wait`, `tree`, `help`, `quit`), then the
/// workflows it started run as far as they can, every render loop signalled during the turn
/// renders once, and the leak detector checks what was detached. A bad command prints one line
/// and changes nothing.
///
/// This file holds the terminal's state and its entry points; the commands
/// (`RidesTerminal+Commands.swift`), the flags (`RidesTerminal+Flags.swift`), the end of a turn
/// (`RidesTerminal+Turns.swift`), recording (`RidesTerminal+Recording.swift`) and the soak's
/// census (`RidesTerminal+Census.swift`) are extensions, so each can be read on its own. The state
/// they share is internal rather than private for that reason only: nothing outside the terminal
/// sets it.
@MainActor
public final class RidesTerminal {
  /// How output looks.
  public enum Style: Sendable {
    /// Plain lines: commands are echoed and only screens that changed are printed (for pipes,
    /// scripts and tests).
    case plain
    /// A TTY: the screen is cleared and redrawn in colour after each command.
    case tty
  }

  /// The app's root scope (its services and flags).
  public let app: AppComponent
  /// Renders once per command: `wait 20m` renders each screen once.
  public let turns = TurnScheduler()
  /// The root of the RIB tree.
  public let root: RootRouter
  /// Whether `quit` was typed.
  public internal(set) var hasQuit = false
  /// Leak reports so far (only with the terminal's own leak detector).
  public private(set) var leakReports: [LeakReport] = []

  let style: Style
  let write: @MainActor (String) -> Void
  let links = RidesLinks.makeRouter()
  let workflows = WorkflowRunner()
  var runs: [(link: String, run: WorkflowRun<String>, announced: Bool)] = []
  var shownScreens: [String: Screen] = [:]
  var messages: [String] = []
  private var flagSubscription: StreamSubscription?
  private var treeSubscription: StreamSubscription?
  var detachCount = 0
  /// Set by `back`: the screen now on top is printed even though it did not change, so a piped
  /// session shows where the rider is.
  var showTopScreenEvenIfUnchanged = false
  /// The screen that offered each verb seen this session, to say where a verb belongs.
  var verbHomes: [String: String] = [:]
  /// The session recorder, once ``record(to:byteBudget:)`` started one.
  public internal(set) var recorder: SessionRecorder?
  /// The inspector connection, once ``inspect(_:)`` made one.
  public internal(set) var inspector: Inspector?
  /// What the current turn is, for the mark that ends it: `launch`, then each command.
  var turnLabel = "launch"

  /// Creates the app and its terminal.
  ///
  /// - Parameters:
  ///   - context: the tree's context; by default one whose leak detector checks, after every
  ///     command, that everything detached during it was deallocated.
  ///   - style: plain lines or a redrawn TTY screen.
  ///   - write: where output goes, one line (or one redrawn screen) per call.
  public init(
    context: TreeContext? = nil, style: Style = .plain,
    write: @escaping @MainActor (String) -> Void
  ) {
    self.style = style
    self.write = write
    app = AppComponent(views: TerminalPlatform(), renderScheduler: turns)
    root = RootBuilder(dependency: app).build()
    root.context =
      context
      ?? TreeContext(
        // Plugin switch-offs are shown from the flag store's changes; the rest as usual.
        diagnostics: DiagnosticsHandler { diagnostic in
          if diagnostic.kind != .pluginAutoDisabled {
            DiagnosticsHandler.standard.report(diagnostic)
          }
        },
        leakDetector: LeakDetector(
          gracePeriod: .zero, sweepsAutomatically: false,
          onLeak: { [weak self] report in
            self?.leakReports.append(report)
            self?.messages.append("! leak: \(report)")
          }))
    flagSubscription = app.flags.changes.observe { [weak self] change in
      self?.report(change)
    }
    treeSubscription = root.context.events.observe { [weak self] event in
      // A detach takes the child's whole subtree with it: count the RIBs, not the calls.
      if case .detached(let child, _) = event { self?.detachCount += Self.ribCount(of: child) }
    }
  }

  isolated deinit {
    flagSubscription?.cancel()
    treeSubscription?.cancel()
  }

  /// Launches the tree and prints the first screen.
  public func start() async {
    root.launch(from: TerminalHost())
    await endTurn()
  }

  /// Runs every line of `script` as a command, stopping at `quit`.
  public func run(script: String) async {
    for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
      guard !hasQuit else { return }
      await run(String(line))
    }
  }

  /// RIBs detached so far this session (a detached subtree counts each of its RIBs).
  public var detachedRIBCount: Int { detachCount }

  /// `node` and every RIB below it.
  private static func ribCount(of node: RouterNode) -> Int {
    var count = 0
    var stack = [node]
    while let next = stack.popLast() {
      count += 1
      stack += next.children
    }
    return count
  }

  /// Runs one typed line as a command.
  public func run(_ line: String) async {
    guard let command = Command(line) else { return }
    turnLabel = line.trimmingSpaces()
    if style == .plain { write("> " + turnLabel) }
    do {
      try perform(command)
    } catch {
      messages.append("✗ \(error)")
    }
    await endTurn()
  }

  /// The screens shown now, in tree order, with the name of the RIB that shows each.
  public var screens: [(rib: String, screen: Screen)] {
    terminalViews().compactMap { rib, view in view.screen.map { (rib, $0) } }
  }
}
