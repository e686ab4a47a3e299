import Ribcage

/// What one screen shows in the terminal: a title, lines, and the commands it accepts now.
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

/// A view model the terminal can show. `Codable`, as the seeds want view models: a recorded
/// session holds each one, and `rides --replay` redraws the screens from them alone.
public protocol ScreenModel: Equatable, Sendable, Codable {
  /// The screen for this view model.
  var screen: Screen { get }
}

/// A view of the terminal front end, as the session sees it: the last screen rendered and the
/// user actions it forwards to its listener.
@MainActor
public protocol TerminalView: ViewControllable {
  /// What the view shows now; `nil` before its first render.
  var screen: Screen? { get }
  /// Forwards a user action to the listener.
  func perform(_ command: Command) throws(CommandError)
}

/// The base of every Rides view: it keeps the last view model rendered — nothing else — and
/// subclasses turn commands into listener calls. As dumb as the seeds want views to be.
@MainActor
open class ScreenView<ViewModel: ScreenModel>: TerminalView, Rendering {
  /// The view model rendered last.
  public private(set) var viewModel: ViewModel?
  /// How many times the view rendered (a render loop skips equal view models).
  public private(set) var renderCount = 0

  public init() {}

  public func render(_ viewModel: ViewModel) {
    self.viewModel = viewModel
    renderCount += 1
  }

  public var screen: Screen? { viewModel?.screen }

  open func perform(_ command: Command) throws(CommandError) {
    throw .unknown(command.verb, available: screen?.verbs ?? [])
  }

  /// Runs a user action, reporting what the app refused (a bad place, an unknown coupon) as the
  /// command's error.
  public func relay(_ action: () throws -> Void) throws(CommandError) {
    do {
      try action()
    } catch let error as CommandError {
      throw error
    } catch {
      throw .rejecting(error)
    }
  }
}

/// The root's view: the window every other screen is shown in. It has no content of its own.
@MainActor
public final class WindowView: ViewControllable {
  public init() {}
}
