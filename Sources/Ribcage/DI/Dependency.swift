/// The protocol a RIB's dependency protocol refines: what the RIB needs from its parent.
///
/// ```swift
/// protocol RideDependency: Dependency {
///   var trips: StateStream<TripState> { get }
///   var session: Session { get }
/// }
/// ```
///
/// The parent's component satisfies it by conformance, so a dependency nobody provides is a
/// compile error, not a crash:
///
/// ```swift
/// extension LoggedInComponent: RideDependency {
///   var trips: StateStream<TripState> { tripService.trips }
/// }
/// ```
///
/// `Dependency` is main-actor isolated, so components (which are too) can conform in Swift 6
/// without "conformance crosses into main actor-isolated code" errors.
@MainActor
public protocol Dependency: AnyObject {}

/// The dependency of a RIB that needs nothing from its parent.
@MainActor
public protocol EmptyDependency: Dependency {}
