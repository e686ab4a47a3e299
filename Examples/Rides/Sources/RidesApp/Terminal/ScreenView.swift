import Ribcage
import RidesKit

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
/// subclasses turn commands into listener calls. As dumb as Ribcage wants views to be.
@MainActor
open class ScreenView<ViewModel: ScreenModel, Listener>: TerminalView, RidesView {
  /// The interactor, held weakly (`Listener` is an existential of a class-bound protocol).
  private weak var listenerObject: AnyObject?
  /// The view model rendered last.
  public private(set) var viewModel: ViewModel?
  /// How many times the view rendered (a render loop skips equal view models).
  public private(set) var renderCount = 0

  public init() {}

  public var listener: Listener? {
    get { listenerObject as? Listener }
    set { listenerObject = newValue.map { $0 as AnyObject } }
  }

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
