/// A builder whose RIB is built in several stages that share one component per build pass —
/// uber/RIBs' `MultiStageComponentizedBuilder`.
///
/// Earlier stages (your own methods) read ``componentForCurrentBuildPass`` to hand out parts of
/// the RIB before the router exists — say, a view controller that must be shown before the RIB is
/// attached. ``finalStageBuild(withDynamicDependency:)`` builds the router with the same
/// component and ends the pass: the next stage read starts a new pass with a new component.
///
/// ```swift
/// final class CheckoutBuilder:
///   MultiStageComponentizedBuilder<CheckoutComponent, CheckoutRouting, Cart>
/// {
///   var viewController: CheckoutViewController { componentForCurrentBuildPass.viewController }
///
///   override func finalStageBuild(with component: CheckoutComponent, _ cart: Cart)
///     -> CheckoutRouting
///   {
///     CheckoutRouter(interactor: CheckoutInteractor(cart: cart), viewController: component.viewController)
///   }
/// }
///
/// let builder = CheckoutBuilder { CheckoutComponent(dependency: parent) }
/// present(builder.viewController)                                  // stage 1: pass starts
/// let router = builder.finalStageBuild(withDynamicDependency: cart) // same component; pass ends
/// ```
///
/// A component factory that returns the component of an earlier pass is reported as a
/// ``TreeDiagnostic/Kind/componentReused`` misuse (uber/RIBs asserts): the passes would share
/// one scope.
@MainActor
open class MultiStageComponentizedBuilder<ComponentType, RouterType, DynamicBuildDependency>:
  Buildable
{
  private let componentBuilder: () -> ComponentType
  private let diagnostics: DiagnosticsHandler
  private var currentPassComponent: ComponentType?
  private weak var lastComponent: AnyObject?

  /// Creates a builder whose components come from `componentBuilder`, called once per pass.
  public init(
    diagnostics: DiagnosticsHandler = .standard,
    componentBuilder: @escaping () -> ComponentType
  ) {
    self.componentBuilder = componentBuilder
    self.diagnostics = diagnostics
  }

  /// The component of the build pass under way; the first read of a pass creates it.
  public final var componentForCurrentBuildPass: ComponentType {
    if let currentPassComponent { return currentPassComponent }
    let component = componentBuilder()
    if type(of: component as Any) is AnyClass {
      let object = component as AnyObject
      if let lastComponent, lastComponent === object {
        diagnostics.report(
          TreeDiagnostic(
            kind: .componentReused, severity: .misuse,
            message:
              "\(Self.self)'s component factory returned the same \(type(of: component)) for "
              + "two build passes; it must create a new component for every pass."))
      }
      lastComponent = object
    }
    currentPassComponent = component
    return component
  }

  /// Builds the router with the current pass's component (creating it if no earlier stage did)
  /// and ends the pass.
  public final func finalStageBuild(withDynamicDependency dynamicDependency: DynamicBuildDependency)
    -> RouterType
  {
    let component = componentForCurrentBuildPass
    defer { currentPassComponent = nil }
    return finalStageBuild(with: component, dynamicDependency)
  }

  /// Override: builds the router from the pass's `component`.
  open func finalStageBuild(
    with component: ComponentType, _ dynamicDependency: DynamicBuildDependency
  )
    -> RouterType
  {
    preconditionFailure("\(Self.self) must override finalStageBuild(with:_:).")
  }
}
