/// The framework types that give a type its RIB role whatever its name: the one table both
/// `ribcage lint` (``Role/inherited``) and `ribcage graph` (``GraphBuilder``) read, so a base
/// class one tool knows the other knows too (`RoleModelTests` fails when they drift apart).
///
/// Names are as written in an inheritance clause, without a module (`NeedleFoundation.Component`
/// is read as `Component`). uber/RIBs, ModernRIBs and Ribcage share the base classes' names and
/// generic arguments (`ViewableRouter<Interactor, View>`, `Builder<Dependency>`), which is what
/// the graph reads a RIB's parts from; Needle adds its components, Nodes (Tinder) its own
/// abstract classes, whose generic arguments mean other things — they give roles, and the graph
/// does not draw from them.
enum RoleBases {
  /// Router base classes (uber/RIBs, ModernRIBs, Ribcage).
  static let routers: Set<String> = [
    "Router", "ViewableRouter", "LaunchRouter", "PresentableRouter",
  ]
  /// The router base class of a RIB without a view.
  static let viewlessRouters: Set<String> = ["Router"]
  /// The router base class of the app's root RIB, launched from a window.
  static let launchRouter = "LaunchRouter"
  /// Interactor base classes.
  static let interactors: Set<String> = ["Interactor", "PresentableInteractor"]
  /// The interactor base class whose generic argument is its presenter.
  static let presentableInteractor = "PresentableInteractor"
  /// Builder base classes; `Builder<D>`'s argument is the dependency, the componentized ones'
  /// first argument the component. The root and multi-stage ones are ShortRibs' (a router-less
  /// fork of uber/RIBs on Needle).
  static let builders: Set<String> = [
    "Builder", "ComponentizedBuilder", "SimpleComponentizedBuilder",
    "MultiStageComponentizedBuilder", "ComponentizedRootBuilder", "SimpleRootBuilder",
    "MultiStageBuilder", "SimpleMultiStageBuilder", "MultiStageRootBuilder",
    "SimpleMultiStageRootBuilder",
  ]
  /// The builder base class whose generic argument is the RIB's dependency.
  static let dependencyBuilder = "Builder"
  /// Component base classes: RIBs' and Needle's (`Component<D>`, `BootstrapComponent` at the
  /// root).
  static let components: Set<String> = ["Component", "EmptyComponent", "BootstrapComponent"]
  /// The protocol a RIB's builder protocol refines (`LoggedOutBuildable: Buildable`).
  static let buildable = "Buildable"

  /// Nodes' abstract classes: a flow routes, a context is the interactor.
  static let nodes: [String: Role] = [
    "AbstractFlow": .router, "AbstractContext": .interactor,
    "AbstractPresentableContext": .interactor, "AbstractBuilder": .builder,
    "AbstractWorker": .worker, "AbstractViewHostingController": .view,
  ]

  /// UIKit's and AppKit's view classes, and SwiftUI's `View`.
  static let views: Set<String> = [
    "UIViewController", "NSViewController", "UIView", "UITableViewCell", "UICollectionViewCell",
    "UICollectionReusableView", "UITableViewController", "UICollectionViewController",
    "UINavigationController", "UITabBarController", "UIPageViewController", "View",
  ]

  /// The RIB frameworks' protocols (and Ribcage's `Rendering`, `Presenter` and `Worker`).
  static let protocols: [String: Role] = [
    "Interactable": .interactor, "Routing": .router, "ViewControllable": .view,
    "Dependency": .component, "Buildable": .builder, "Rendering": .view,
    "Presenter": .presenter, "Worker": .worker,
  ]

  /// Every name above with the role it gives.
  static let all: [String: Role] = {
    var table = protocols.merging(nodes) { first, _ in first }
    for (names, role) in [
      (routers, Role.router), (interactors, .interactor), (builders, .builder),
      (components, .component), (views, .view),
    ] {
      for name in names { table[name] = role }
    }
    return table
  }()
}
