extension GraphBuilder {
  /// A RIB under construction.
  struct RIB {
    var node: RIBGraph.Node
    let routerKey: String
    var builderKey: String?
    var interactorKey: String?
    var componentKey: String?
    var dependencyKey: String?
  }
}
