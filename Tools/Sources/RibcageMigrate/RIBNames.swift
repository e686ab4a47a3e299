/// The public names of uber/RIBs and ModernRIBs that `ribcage migrate` must recognise when a
/// file writes them: module-qualified (`ModernRIBs.ViewControllable`) or adopted by a test
/// double.
enum RIBNames {
  /// The libraries' module names, which become `Ribcage` as a qualifier.
  static let modules: Set<String> = ["RIBs", "ModernRIBs"]

  /// Names Ribcage keeps with the same meaning: `ModernRIBs.X` → `Ribcage.X` needs nothing more.
  static let keptInRibcage: Set<String> = [
    "Interactor", "PresentableInteractor", "Interactable", "InteractorScope", "Presentable",
    "Router", "Routing", "ViewableRouter", "ViewableRouting", "LaunchRouter", "LaunchRouting",
    "ViewControllable", "Builder", "Buildable", "Component", "EmptyComponent", "Dependency",
    "EmptyDependency", "ComponentizedBuilder", "SimpleComponentizedBuilder",
    "MultiStageComponentizedBuilder", "SimpleMultiStageComponentizedBuilder", "Worker", "Working",
    "LeakDetector",
  ]

  /// What a protocol-style test double adopts, judged by the protocol's name: Ribcage's
  /// `Routing` refines the class `RouterNode` and `Interactable` refines `Interactor`, so a
  /// class adopting one must subclass a router or an interactor.
  enum DoubleKind {
    case routing
    case interactable
  }

  /// The kind of RIB protocol `name` is (`Routing`, `TripRouting`, `ViewableRouting`,
  /// `Interactable`, `TripInteractable`), or nil.
  static func doubleKind(ofProtocol name: String) -> DoubleKind? {
    if name.hasSuffix("Routing") { return .routing }
    if name.hasSuffix("Interactable") { return .interactable }
    return nil
  }
}
