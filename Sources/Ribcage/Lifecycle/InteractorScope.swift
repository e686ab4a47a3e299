/// Anything with an active period that work can be bound to: an interactor seen from outside.
///
/// ``Worker``s start and stop with a scope; tests can provide their own scope.
@MainActor
public protocol InteractorScope: AnyObject {
  /// Whether the scope is between activation and deactivation.
  var isActive: Bool { get }

  /// The activeness, replaying the current value; finishes when the scope is deallocated.
  var isActiveStream: StateStream<Bool> { get }
}

/// The protocol a RIB's own interactor protocol refines, as in uber/RIBs:
///
/// ```swift
/// protocol LoggedInInteractable: Interactable, RideListener {
///   var router: LoggedInRouting? { get set }
/// }
/// ```
///
/// Every `Interactable` is an ``Interactor`` subclass, so a router can always drive its
/// lifecycle; a test double subclasses `Interactor` too.
@MainActor
public protocol Interactable: Interactor {}
