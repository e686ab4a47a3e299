import Ribcage

/// Turns: what happens after every command — the workflows run, the render loops render once, the
/// leak detector sweeps — and how the result is printed: the screens that changed as plain lines,
/// or the whole screen redrawn on a TTY.
extension RidesTerminal {
  /// Lets the workflows run, renders once, sweeps for leaks, prints what changed.
  func endTurn() async {
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

  func terminalViews() -> [(String, any TerminalView)] {
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
}
