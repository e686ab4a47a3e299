/// The name suffixes that mark each role in a codebase (configurable, since teams differ).
public struct Naming: Sendable, Equatable {
  public var interactor = ["Interactor"]
  public var router = ["Router"]
  public var builder = ["Builder"]
  public var component = ["Component"]
  public var view = ["ViewController", "View"]
  public var presenter = ["Presenter"]
  public var service = ["Service", "Store", "Repository"]
  public var worker = ["Worker"]
  public var coordinator = ["Coordinator"]
  public var listener = ["Listener", "Delegate", "Output"]
  public var viewModel = ["ViewModel"]

  public init() {}

  /// The keys of the `naming:` section, in order.
  public static let keys = [
    "interactor", "router", "builder", "component", "view", "presenter", "service", "worker",
    "coordinator", "listener", "viewModel",
  ]

  subscript(key: String) -> [String] {
    get {
      switch key {
      case "interactor": interactor
      case "router": router
      case "builder": builder
      case "component": component
      case "view": view
      case "presenter": presenter
      case "service": service
      case "worker": worker
      case "coordinator": coordinator
      case "listener": listener
      default: viewModel
      }
    }
    set {
      switch key {
      case "interactor": interactor = newValue
      case "router": router = newValue
      case "builder": builder = newValue
      case "component": component = newValue
      case "view": view = newValue
      case "presenter": presenter = newValue
      case "service": service = newValue
      case "worker": worker = newValue
      case "coordinator": coordinator = newValue
      case "listener": listener = newValue
      default: viewModel = newValue
      }
    }
  }
}
