/// The routing protocol of a RIB with a view.
@MainActor
public protocol ViewableRouting: Routing {
  /// The RIB's view, for a parent router to present.
  var viewControllable: any ViewControllable { get }
}

/// The router of a RIB with a view. It owns the view; when the RIB is detached, the view is
/// tracked by the leak detector with the rest of the RIB.
///
/// ```swift
/// final class ConfirmRouter: ViewableRouter<ConfirmInteractable, ConfirmViewControllable>,
///   ConfirmRouting {}
/// ```
@MainActor
open class ViewableRouter<InteractorType, ViewControllerType>: Router<InteractorType>,
  ViewableRouting
{
  /// The view, typed as the RIB's view protocol.
  public final let viewController: ViewControllerType

  /// The view as a ``ViewControllable``.
  public final let viewControllable: any ViewControllable

  /// Creates a router for `interactor` and `viewController`, which must conform to
  /// ``ViewControllable``.
  @inlinable
  public init(interactor: InteractorType, viewController: ViewControllerType) {
    guard let viewControllable = viewController as? any ViewControllable else {
      preconditionFailure(
        "\(type(of: viewController)) does not conform to ViewControllable; a viewable router "
          + "needs a view it can present.")
    }
    self.viewController = viewController
    self.viewControllable = viewControllable
    super.init(interactor: interactor)
    hasOwnedView = true
  }

  override var ownedView: (any ViewControllable)? { viewControllable }
}
