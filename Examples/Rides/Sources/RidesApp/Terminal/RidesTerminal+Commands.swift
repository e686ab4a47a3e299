import Ribcage

/// Commands: what a typed line does. The app commands are carried out here; any other verb goes to
/// the deepest screen that offers it, and a verb no screen offers now is refused with the verbs
/// that are.
extension RidesTerminal {
  func perform(_ command: Command) throws(CommandError) {
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
}
