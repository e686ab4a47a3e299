extension GraphBuilder {
  /// What every parent's edge search shares, computed once per run.
  struct EdgeContext {
    let builders: [String: BuilderInfo]
    let componentKeys: Set<String>
    /// Component key → the RIB (router key) it is the component of, when it is one RIB's only.
    let componentOwners: [String: String]
    /// Dependency protocol key → the builders taking it.
    let buildersByDependency: [String: [BuilderInfo]]
    /// Router key → helper objects its builder creates or its router stores (a "router
    /// component" holding the child builders), when no other RIB uses them.
    var helpers: [String: [TypeIndex.Entry]] = [:]
    /// How many builders have each name, across modules.
    var builderNameCounts: [String: Int] = [:]
  }
}
