import Ribcage

/// A view model in words: a title, lines, and the actions the rider has now. The terminal prints
/// it; the iPhone app titles its screens with it. Platform-free, like the view models.
public struct Screen: Sendable, Equatable, Codable {
  public var title: String
  public var lines: [String]
  /// Each action as shown to the user, e.g. `pickup <place>`; the first word is the verb.
  public var actions: [String]

  public init(title: String, lines: [String], actions: [String] = []) {
    self.title = title
    self.lines = lines
    self.actions = actions
  }

  /// The verbs of ``actions``.
  public var verbs: [String] {
    actions.compactMap { $0.split(separator: " ").first.map { String($0) } }
  }
}

/// A Rides view model: immutable and `Equatable`, as Ribcage's render loop wants, and `Codable` —
/// a recorded session holds each one, and `rides --replay` redraws the screens from them alone.
public protocol ScreenModel: Equatable, Sendable, Codable {
  /// The screen for this view model.
  var screen: Screen { get }
}
