/// The routing protocol a RIB's own routing protocol refines, as in uber/RIBs:
///
/// ```swift
/// protocol LoggedInRouting: Routing {
///   func routeToRide(ride: Ride)
/// }
/// ```
///
/// Every `Routing` is a ``RouterNode``, so it can be attached, detached and inspected.
@MainActor
public protocol Routing: RouterNode {}

/// The router of a RIB without a view: attaches and detaches children when its interactor asks.
///
/// A router is passive: it holds the repetitive routing code, so the interactor can be tested
/// with a routing mock and no child interactors.
///
/// ```swift
/// final class RideRouter: Router<RideInteractable>, RideRouting {
///   private let matchedBuilder: MatchedBuildable
///   private var matched: MatchedRouting?
///
///   func routeToMatched(driver: Driver) {
///     let router = matchedBuilder.build(withListener: interactor, driver: driver)
///     attachChild(router)
///     matched = router
///   }
/// }
/// ```
@MainActor
open class Router<InteractorType>: RouterNode, Routing {
  /// The interactor, typed as the RIB's interactable protocol.
  public final let interactor: InteractorType

  /// Creates a router for `interactor`, which must be an ``Interactor`` subclass (every
  /// ``Interactable`` is).
  ///
  /// Inlinable so that the check specialises away in the app's own code.
  @inlinable
  public init(interactor: InteractorType) {
    guard let interactable = interactor as? Interactor else {
      preconditionFailure(
        "\(type(of: interactor)) is not an Interactor: a router drives its interactor's "
          + "lifecycle, so the interactor (or its test double) must subclass Interactor.")
    }
    self.interactor = interactor
    super.init(interactable: interactable)
  }
}
