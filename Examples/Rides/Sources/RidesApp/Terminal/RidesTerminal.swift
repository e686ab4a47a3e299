import Ribcage
import RibcageInspector
import RibcageSoak

/// The terminal front end: runs the app, reads typed commands, and prints the screens of the
/// attached RIBs — every change as lines, or (on a TTY) the whole screen redrawn in colour.
///
/// A command is a turn: it is dispatched to the deepest screen that offers its verb (or to one of
/// the app commands: `open`, `push`, `flag`, `flags`, `wait`, `tree`, `help`, `quit`), then the
/// workflows it started run as far as they can, every render loop signalled during the turn
/// renders once, and the leak detector checks what was detached. A bad command prints one line
/// and changes nothing.
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
  public private(set) var hasQuit = false
  /// Leak reports so far (only with the terminal's own leak detector).
  public private(set) var leakReports: [LeakReport] = []

  private let style: Style
  private let write: @MainActor (String) -> Void
  private let links = RidesLinks.makeRouter()
  private let workflows = WorkflowRunner()
  private var runs: [(link: String, run: WorkflowRun<String>, announced: Bool)] = []
  private var shownScreens: [String: Screen] = [:]
  private var messages: [String] = []
  private var flagSubscription: StreamSubscription?
  private var treeSubscription: StreamSubscription?
  private var detachCount = 0
  /// Set by `back`: the screen now on top is printed even though it did not change, so a piped
  /// session shows where the rider is.
  private var showTopScreenEvenIfUnchanged = false
  /// The screen that offered each verb seen this session, to say where a verb belongs.
  private var verbHomes: [String: String] = [:]
  /// The session recorder, once ``record(to:byteBudget:)`` started one.
  public private(set) var recorder: SessionRecorder?
  /// What the current turn is, for the mark that ends it: `launch`, then each command.
  private var turnLabel = "launch"

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

  /// Records the session — the tree, every screen's view model, the flags, deep links and
  /// workflows — streamed to `path` (or kept in memory only, with `nil`). Every turn ends with a
  /// mark naming its command, so a replay can step turn by turn. Call it before ``start()``.
  @discardableResult
  public func record(to path: String?, byteBudget: Int = 32 * 1024 * 1024)
    throws(SessionRecorderError) -> SessionRecorder
  {
    let recorder = try SessionRecorder(
      root, configuration: .init(appName: "Rides", byteBudget: byteBudget, filePath: path))
    recorder.record(flags: app.flags)
    recorder.record(workflows: workflows)
    recorder.record(links: links)
    self.recorder = recorder
    return recorder
  }

  /// Streams the session to `ribcage inspect` at `url` (the URL it printed; `nil` reads
  /// `RIBCAGE_INSPECT`), recording in memory first if ``record(to:byteBudget:)`` was not called.
  /// The page may switch flags, open links and sweep for leaks: each runs as a turn of this
  /// terminal (`flag …`, `open …`), as if typed.
  public func inspect(_ url: String?) throws -> Inspector {
    let recorder = try self.recorder ?? record(to: nil)
    let inspector = try Inspector.connect(
      recorder, to: url,
      configuration: .init(
        allowRemoteActions: true,
        openLink: { [weak self] link in
          Task { @MainActor in await self?.run("open \(link)") }
        },
        setFlag: { [weak self] key, value in
          let setting = value == .bool(true) ? "on" : value == .bool(false) ? "off" : "\(value)"
          Task { @MainActor in await self?.run("flag \(key) \(setting)") }
        }))
    self.inspector = inspector
    return inspector
  }

  /// The inspector connection, once ``inspect(_:)`` made one.
  public private(set) var inspector: Inspector?

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

  /// The live objects of every registry a long session must keep flat, counted between rides:
  /// the tree's (RIBs attached, the leak detector's waiting list, the tree's observers), the
  /// observers of the clock, the products and the flags, workflow runs in progress and those the
  /// terminal still reports on, render loops waiting for the turn, the backend's trips (finished
  /// ones bounded by ``TripService/finishedTripsKept``) and, when recording, the recorder's RIB
  /// table, its workflow list and its bytes (bounded by its budget).
  public func census() -> SoakCensus {
    var census = SoakCensus.tree(root)
    census.count("clock observers", app.clock.observerCount)
    census.count("product observers", app.city.productObserverCount)
    census.count(app.flags)
    census.count(workflows)
    census.count("workflows reported", runs.count)
    census.count("render loops pending", turns.pendingCount)
    census.count("link observers", links.events.subscriberCount)
    census.count("trips", app.trips.recordedTripCount, atMost: TripService.finishedTripsKept + 1)
    census.count("trips moving", app.trips.tripsInProgressCount)
    if let recorder {
      census.count("recorder RIBs", recorder.liveRIBCount)
      census.count("recorder workflows", recorder.runningWorkflowCount)
      // The open segment may add an eighth of the budget before the oldest ones go.
      let budget = recorder.configuration.byteBudget
      census.count("recorder bytes", recorder.retainedBytes, atMost: budget + budget / 8)
    }
    if let inspector {
      census.count(
        "inspector bytes queued", inspector.statistics.queuedBytes,
        atMost: inspector.configuration.maximumQueuedBytes)
    }
    return census
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

  // MARK: Commands

  private func perform(_ command: Command) throws(CommandError) {
    switch command.verb {
    case "help": messages.append(contentsOf: help())
    case "tree": messages.append(root.snapshot().textRendering().trimmingSpaces())
    case "open":
      let url = try command.single("url")
      open(url, links.link(for: url))
    case "push":
      switch PushPayload.parse(command.text) {
      case .success(let payload): open("push", links.link(forPush: payload))
      case .failure(let error): throw error
      }
    case "back":
      guard command.arguments.isEmpty else { throw .usage("back") }
      goBack()
      showTopScreenEvenIfUnchanged = true
    case "flag": try setFlag(command)
    case "flags": messages.append(contentsOf: flagLines())
    case "wait":
      let text = try command.single("duration")
      guard let seconds = parseSeconds(text) else {
        throw .rejected(
          "wait takes a duration such as 30s, 2m or 1m30s (at most 24h), not '\(text)'")
      }
      app.clock.advance(bySeconds: seconds)
      messages.append("(\(text) later: t=\(app.clock.now.value)s)")
    case "quit", "exit":
      hasQuit = true
      messages.append(
        "Bye. RIBs detached this session: \(detachCount); leaks found: \(leakReports.count).")
    default:
      // The deepest screen that offers the verb handles it.
      for (_, view) in terminalViews().reversed()
      where view.screen?.verbs.contains(command.verb) == true {
        return try view.perform(command)
      }
      if let home = verbHomes[command.verb] {
        throw .rejected(
          "'\(command.verb)' is an action of the \(home) screen, which is not shown now; "
            + "available now: \(availableVerbs().joined(separator: ", "))")
      }
      throw .unknown(command.verb, available: availableVerbs())
    }
  }

  private func open(_ input: String, _ parsed: Result<RidesLink, DeepLinkError>) {
    switch parsed {
    case .success(let link):
      let run = workflows.start(
        RidesLinks.workflow(for: link), on: root.interactor as any RootActionable, trigger: input)
      runs.append((input, run, false))
    case .failure(let error):
      messages.append("✗ \(input): \(error)")
    }
  }

  private func setFlag(_ command: Command) throws(CommandError) {
    let usage = "flag <\(RidesFlags.all.map(\.key).joined(separator: "|"))|core-only> on|off|reset"
    guard command.arguments.count == 2 else { throw .usage(usage) }
    let key = command.arguments[0].lowercased().replacingDashes()
    let setting = command.arguments[1].lowercased()
    guard ["on", "off", "reset"].contains(setting) else { throw .usage(usage) }
    if key == "core_only" {
      // Core-only is off unless switched on: resetting it switches it off.
      app.flags.isCoreOnly = setting == "on"
      messages.append("core-only: \(app.flags.isCoreOnly ? "on" : "off")")
      return
    }
    guard let flag = RidesFlags.all.first(where: { $0.key == key }) else {
      throw .rejected(
        "no flag '\(command.arguments[0])'; flags: \(RidesFlags.all.map(\.key).joined(separator: ", ")), core-only"
      )
    }
    if setting == "reset" {
      app.flags.clearAutoDisabled(flag)
      app.flags.removeOverride(flag)
      // Only this flag's runtime value goes; the others' are set again as they were.
      let others = app.flags.effectiveValues.filter { $0.source == .runtime && $0.key != flag.key }
      app.flags.clearRuntimeValues()
      if !others.isEmpty {
        _ = app.flags.apply(Dictionary(uniqueKeysWithValues: others.map { ($0.key, $0.value) }))
      }
    } else {
      _ = app.flags.apply([flag.key: .bool(setting == "on")])
    }
    messages.append("\(flag.key): \(app.flags.isEnabled(flag) ? "on" : "off")")
  }

  private func report(_ change: FlagStore.Change) {
    guard case .value(let key, _, _, .autoDisabled) = change,
      let flag = RidesFlags.all.first(where: { $0.key == key }),
      let reason = app.flags.autoDisabledReason(flag)
    else { return }
    messages.append("! plugin \(key) switched off: \(reason)")
  }

  // MARK: Turns

  /// Lets the workflows run, renders once, sweeps for leaks, prints what changed.
  private func endTurn() async {
    for _ in 0..<200 { await Task.yield() }
    turns.endTurn()
    root.context.leakDetector?.sweep()
    reportWorkflows()
    print(screens: screens)
    recorder?.mark(RidesReplay.turnMarkPrefix + turnLabel)
  }

  private func reportWorkflows() {
    var remaining: [(link: String, run: WorkflowRun<String>, announced: Bool)] = []
    for (link, run, announced) in runs {
      switch run.state.value {
      case .running:
        if !announced { messages.append("… \(link): waiting for sign-in") }
        remaining.append((link, run, true))
      case .completed(let message): messages.append("→ \(message)")
      case .failed(let error): messages.append("✗ \(link): \(error)")
      case .cancelled: messages.append("✗ \(link): replaced by a newer link")
      }
    }
    runs = remaining
  }

  private func print(screens current: [(rib: String, screen: Screen)]) {
    switch style {
    case .plain:
      var shown: [String: Screen] = [:]
      for (index, (rib, screen)) in current.enumerated() {
        shown[rib] = screen
        let isTop = index == current.count - 1
        if shownScreens[rib] != screen || (isTop && showTopScreenEvenIfUnchanged) {
          write(Self.text(of: screen, colour: false))
        }
      }
      shownScreens = shown
      for message in messages { write(message) }
    case .tty:
      var output = "\u{1B}[2J\u{1B}[H"
      for (_, screen) in current { output += Self.text(of: screen, colour: true) + "\n" }
      for message in messages { output += message + "\n" }
      write(output)
    }
    messages.removeAll()
    showTopScreenEvenIfUnchanged = false
    for (_, screen) in current {
      for verb in screen.verbs { verbHomes[verb] = screen.title }
    }
  }

  /// A screen as the plain terminal prints it (or, with `colour`, as the TTY draws it).
  public static func text(of screen: Screen, colour: Bool) -> String {
    let title = colour ? "\u{1B}[1;36m[\(screen.title)]\u{1B}[0m" : "[\(screen.title)]"
    var lines = [title] + screen.lines.map { "  " + $0 }
    if !screen.actions.isEmpty {
      let actions = screen.actions.joined(separator: " · ")
      lines.append(colour ? "  \u{1B}[2m\(actions)\u{1B}[0m" : "  actions: \(actions)")
    }
    return lines.joined(separator: "\n")
  }

  private func terminalViews() -> [(String, any TerminalView)] {
    var result: [(String, any TerminalView)] = []
    var stack: [RouterNode] = [root]
    while let node = stack.popLast() {
      if let view = (node as? any ViewableRouting)?.viewControllable as? any TerminalView {
        result.append((node.name, view))
      }
      stack.append(contentsOf: node.children.reversed())
    }
    return result
  }

  private func availableVerbs() -> [String] {
    terminalViews().flatMap { $0.1.screen?.verbs ?? [] } + Self.appVerbs
  }

  private static let appVerbs = [
    "back", "open", "push", "flag", "flags", "wait", "tree", "help", "quit",
  ]

  /// The rider's back gesture: the screen shown last over another one goes, and its RIB is
  /// detached by its parent's `screens` — the tree follows the screen.
  private func goBack() {
    var top: (parent: RouterNode, child: RouterNode)?
    var stack: [RouterNode] = [root]
    while let node = stack.popLast() {
      if let shown = node.screens.shownChildren.last { top = (node, shown) }
      stack.append(contentsOf: node.children.reversed())
    }
    guard let top else {
      messages.append("(nothing to go back from)")
      return
    }
    top.parent.screens.userDidRemove(top.child)
    messages.append("(back from \(top.child.name))")
  }

  private func help() -> [String] {
    [
      "Screen actions now: "
        + terminalViews().flatMap { $0.1.screen?.actions ?? [] }.joined(separator: ", "),
      "App commands:",
      "  back                the back gesture: closes the screen shown over another one",
      "  open <url>          rides://trip/{id} (trip 42 is alice's), rides://promo/{code}",
      "  push <json>         {\"type\": \"driver_arrived\", \"trip\": 100} or {\"type\": \"promo\", \"code\": \"SAVE5\"}",
      "  flag <key> on|off|reset   keys: \(RidesFlags.all.map(\.key).joined(separator: ", ")), core-only",
      "  flags               every flag, its value and where it comes from",
      "  wait <duration>     advance simulated time: 30s, 2m, 1m30s",
      "  tree                the live RIB tree",
      "  quit",
    ]
  }

  private func flagLines() -> [String] {
    RidesFlags.all.map { flag in
      var line =
        "\(flag.key): \(app.flags.isEnabled(flag) ? "on" : "off") (\(app.flags.source(of: flag)))"
      if let reason = app.flags.autoDisabledReason(flag) { line += " — \(reason)" }
      return line
    } + ["core-only: \(app.flags.isCoreOnly ? "on" : "off")"]
  }
}

/// The terminal as the root's launch host: the window is the terminal itself.
@MainActor
final class TerminalHost: LaunchHost {
  func install(rootView: any ViewControllable) {}
}

extension String {
  fileprivate func replacingDashes() -> String {
    String(map { $0 == "-" ? "_" : $0 })
  }
}
