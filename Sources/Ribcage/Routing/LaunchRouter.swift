/// The routing protocol of the tree's root.
@MainActor
public protocol LaunchRouting: ViewableRouting {
  /// Installs the root view in `host`, activates the root and loads it.
  func launch(from host: any LaunchHost)
}

/// The root of a RIB tree. Launching it installs its view, activates it (and so the whole tree as
/// it is attached) and loads it.
///
/// ```swift
/// let root = RootBuilder(dependency: AppComponent()).build()
/// root.context = TreeContext(leakDetector: LeakDetector(gracePeriod: .seconds(2)))
/// root.launch(from: window)
/// ```
@MainActor
open class LaunchRouter<InteractorType, ViewControllerType>: ViewableRouter<
  InteractorType, ViewControllerType
>, LaunchRouting
{
  /// Whether ``launch(from:)`` has run.
  public private(set) final var isLaunched = false

  /// Installs the root view in `host`, activates the root and loads it. Launching twice changes
  /// nothing and reports a ``TreeDiagnostic``.
  public final func launch(from host: any LaunchHost) {
    guard !isLaunched else {
      context.diagnostics.report(
        TreeDiagnostic(
          kind: .launchedTwice, severity: .misuse,
          message: "\(name) is already launched; launch a root router once."))
      return
    }
    isLaunched = true
    host.install(rootView: viewControllable)
    interactable.activate()
    load()
  }
}
