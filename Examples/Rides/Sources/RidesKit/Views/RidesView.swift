import Ribcage

/// A Rides screen as its RIB sees it, whatever draws it — the terminal's text, a SwiftUI screen in
/// a hosting controller, a UIKit view controller: it renders immutable view models and reports the
/// rider's actions to its listener, nothing else. Each RIB names its own as a typealias
/// (`ConfirmViewControllable` is `RidesView<ConfirmViewModel, any ConfirmViewListener>`).
@MainActor
public protocol RidesView<ViewModel, Listener>: ViewControllable, Rendering {
  /// Who hears the rider's actions: the RIB's interactor, held weakly by the view.
  associatedtype Listener
  /// The interactor the view reports to.
  var listener: Listener? { get set }
}
