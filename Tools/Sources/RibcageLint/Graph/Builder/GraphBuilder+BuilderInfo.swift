extension GraphBuilder {
  /// What was learnt of one builder class.
  struct BuilderInfo {
    let entry: TypeIndex.Entry
    var dependency: String?
    var routers: [String] = []  // router keys
    var components: [String] = []  // component keys
    var listener: String?
    /// An adapter: it builds through another builder it creates (uber's tutorial 4 games).
    var delegates = false
    /// The framework router it creates when the RIB has no router class of its own
    /// (`ViewableRouter(interactor:viewController:)`).
    var frameworkRouter: String?
  }
}
