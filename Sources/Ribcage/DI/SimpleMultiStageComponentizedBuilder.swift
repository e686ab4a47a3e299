/// A ``MultiStageComponentizedBuilder`` with no dynamic dependency — uber/RIBs'
/// `SimpleMultiStageComponentizedBuilder`.
///
/// ```swift
/// final class WelcomeBuilder: SimpleMultiStageComponentizedBuilder<WelcomeComponent, WelcomeRouting> {
///   var viewController: WelcomeViewController { componentForCurrentBuildPass.viewController }
///
///   override func finalStageBuild(with component: WelcomeComponent) -> WelcomeRouting {
///     WelcomeRouter(interactor: WelcomeInteractor(), viewController: component.viewController)
///   }
/// }
/// let router = WelcomeBuilder { WelcomeComponent(dependency: parent) }.finalStageBuild()
/// ```
@MainActor
open class SimpleMultiStageComponentizedBuilder<ComponentType, RouterType>:
  MultiStageComponentizedBuilder<ComponentType, RouterType, Void>
{
  /// Builds the router with the current pass's component and ends the pass.
  public final func finalStageBuild() -> RouterType {
    finalStageBuild(withDynamicDependency: ())
  }

  /// Override: builds the router from the pass's `component`.
  open func finalStageBuild(with component: ComponentType) -> RouterType {
    preconditionFailure("\(Self.self) must override finalStageBuild(with:).")
  }

  public final override func finalStageBuild(
    with component: ComponentType, _ dynamicDependency: Void
  )
    -> RouterType
  {
    finalStageBuild(with: component)
  }
}
