/// A builder that creates a fresh component for every build, from a factory, and hands it to
/// ``build(with:_:)``.
///
/// Use it when a RIB is built several times over the life of its parent (each build must get its
/// own scope of shared instances), or to keep the component's construction in one place:
///
/// ```swift
/// final class TripBuilder: ComponentizedBuilder<TripComponent, TripRouting, Trip, Void> {
///   override func build(with component: TripComponent, _ trip: Trip) -> TripRouting { ... }
/// }
/// let builder = TripBuilder { TripComponent(dependency: parent) }
/// let router = builder.build(withDynamicBuildDependency: trip, dynamicComponentDependency: ())
/// ```
///
/// A factory that returns a component it returned before is reported as a
/// ``TreeDiagnostic/Kind/componentReused`` misuse: the RIB would share another build's scope.
@MainActor
open class ComponentizedBuilder<
  ComponentType, RouterType, DynamicBuildDependency, DynamicComponentDependency
>: Buildable {
  private let componentBuilder: (DynamicComponentDependency) -> ComponentType
  private let diagnostics: DiagnosticsHandler
  private weak var lastComponent: AnyObject?

  /// Creates a builder whose components come from `componentBuilder`, called once per build.
  public init(
    diagnostics: DiagnosticsHandler = .standard,
    componentBuilder: @escaping (DynamicComponentDependency) -> ComponentType
  ) {
    self.componentBuilder = componentBuilder
    self.diagnostics = diagnostics
  }

  /// Builds the RIB with a new component.
  public final func build(
    withDynamicBuildDependency dynamicBuildDependency: DynamicBuildDependency,
    dynamicComponentDependency: DynamicComponentDependency
  ) -> RouterType {
    build(
      withDynamicBuildDependency: dynamicBuildDependency,
      dynamicComponentDependency: dynamicComponentDependency
    ).1
  }

  /// Builds the RIB with a new component and returns both.
  public final func build(
    withDynamicBuildDependency dynamicBuildDependency: DynamicBuildDependency,
    dynamicComponentDependency: DynamicComponentDependency
  ) -> (ComponentType, RouterType) {
    let component = componentBuilder(dynamicComponentDependency)
    if let object = component as AnyObject?, type(of: component as Any) is AnyClass {
      if let lastComponent, lastComponent === object {
        diagnostics.report(
          TreeDiagnostic(
            kind: .componentReused, severity: .misuse,
            message:
              "\(Self.self)'s component factory returned the same \(type(of: component)) "
              + "twice; it must create a new component for every build."))
      }
      lastComponent = object
    }
    return (component, build(with: component, dynamicBuildDependency))
  }

  /// Override: builds the RIB's router from a fresh `component`.
  open func build(
    with component: ComponentType, _ dynamicBuildDependency: DynamicBuildDependency
  ) -> RouterType {
    preconditionFailure("\(Self.self) must override build(with:_:).")
  }
}

/// A ``ComponentizedBuilder`` with no dynamic dependencies.
@MainActor
open class SimpleComponentizedBuilder<ComponentType, RouterType>: ComponentizedBuilder<
  ComponentType, RouterType, Void, Void
>
{
  /// Creates a builder whose components come from `componentBuilder`.
  public init(
    diagnostics: DiagnosticsHandler = .standard,
    componentBuilder: @escaping () -> ComponentType
  ) {
    super.init(diagnostics: diagnostics, componentBuilder: { _ in componentBuilder() })
  }

  /// Builds the RIB with a new component.
  public final func build() -> RouterType {
    build(withDynamicBuildDependency: (), dynamicComponentDependency: ())
  }

  /// Override: builds the RIB's router from a fresh `component`.
  open func build(with component: ComponentType) -> RouterType {
    preconditionFailure("\(Self.self) must override build(with:).")
  }

  public final override func build(with component: ComponentType, _ dynamicBuildDependency: Void)
    -> RouterType
  {
    build(with: component)
  }
}
