import ArgumentParser

/// The command the arguments name, found before parsing so that `--help` shows that command's
/// help and a word that names no command is an error listing the ones that exist — not the root
/// help with exit status 0, which hides the typo from scripts.
///
/// The walk takes each word that is not an option as a subcommand while the current command has
/// subcommands, and stops at the first command that has none (its words are its arguments). It
/// relies on commands with subcommands taking no option values, which holds for `ribcage` and
/// `ribcage new` apart from argument-parser's own, listed in `optionsWithValues`.
struct CommandLookup {
  /// The command named (the root when none is).
  private(set) var command: ParsableCommand.Type
  /// The command names from the root down to `command`, e.g. `["ribcage", "new"]`.
  private(set) var path: [String]
  /// A word where a subcommand of `command` was expected but none is called that.
  private(set) var unknown: String?

  /// argument-parser's options that take a value (`--generate-completion-script zsh`).
  static let optionsWithValues: Set<String> = ["--generate-completion-script"]

  init(_ arguments: [String], root: ParsableCommand.Type) {
    command = root
    path = [root._commandName]
    var skipsValue = false
    for (position, argument) in arguments.enumerated() {
      // `--` ends the options; `---completion` is how completion scripts call back in.
      if argument == "--" || argument.hasPrefix("---") { break }
      if skipsValue {
        skipsValue = false
        continue
      }
      if argument.hasPrefix("-") {
        skipsValue = Self.optionsWithValues.contains(argument)
        continue
      }
      if position == 0, argument == "help" { continue }  // `ribcage help lint`
      let subcommands = command.configuration.subcommands
      guard !subcommands.isEmpty else { break }
      guard let next = subcommands.first(where: { $0._commandName == argument }) else {
        unknown = argument
        break
      }
      command = next
      path.append(argument)
    }
  }

  /// The names of `command`'s subcommands.
  var knownNames: [String] { command.configuration.subcommands.map { $0._commandName } }

  /// What to tell the user about `unknown`: the known commands, and the likely one for a typo.
  var unknownMessage: String? {
    guard let unknown else { return nil }
    var message = "unknown command '\(unknown)'"
    if path.count > 1 { message += " for '\(path.joined(separator: " "))'" }
    if let guess = Self.closest(to: unknown, in: knownNames) {
      message += " (did you mean '\(guess)'?)"
    }
    return message + "; commands: \(knownNames.joined(separator: ", "))"
  }

  /// The name within two edits of `word` (and shorter than the edits would make it), if any.
  static func closest(to word: String, in names: [String]) -> String? {
    let scored = names.map { ($0, distance(Array(word), Array($0))) }
      .filter { $0.1 <= 2 && $0.1 < $0.0.count }
    return scored.min { $0.1 < $1.1 }?.0
  }

  /// Levenshtein distance.
  private static func distance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}
