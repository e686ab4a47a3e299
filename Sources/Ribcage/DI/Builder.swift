/// Something that builds a RIB. A RIB's buildable protocol refines it, so a parent's router can be
/// tested with a builder mock:
///
/// ```swift
/// protocol RideBuildable: Buildable {
///   func build(withListener listener: RideListener, ride: Ride) -> RideRouting
/// }
/// ```
@MainActor
public protocol Buildable: AnyObject {}

/// The base class of a RIB's builder: creates every object of the RIB, and is the only part that
/// knows how dependencies are wired.
///
/// ```swift
/// final class RideBuilder: Builder<RideDependency>, RideBuildable {
///   func build(withListener listener: RideListener, ride: Ride) -> RideRouting {
///     let component = RideComponent(dependency: dependency, ride: ride)
///     let interactor = RideInteractor(trips: component.trips)
///     interactor.listener = listener
///     return RideRouter(interactor: interactor, pendingBuilder: PendingBuilder(dependency: component))
///   }
/// }
/// ```
///
/// Values known only when building (the ride) are parameters of `build`: they are invariant for
/// the child's lifetime, and everything below can rely on them being there.
@MainActor
open class Builder<DependencyType>: Buildable {
  /// The parent's component, typed as this RIB's dependency protocol.
  public final let dependency: DependencyType

  /// Creates a builder over the parent's `dependency`.
  public init(dependency: DependencyType) {
    self.dependency = dependency
  }
}
