extension GraphBuilder {
  /// The workflows' steps, each placed on the RIB whose interactor implements the actionable
  /// protocol declaring the step's method.
  func readWorkflows(
    ribs: [String: RIB]
  ) -> [RIBGraph.Workflow] {
    guard !index.workflows.isEmpty else { return [] }
    // Method → the (protocol, RIB) pairs that implement it.
    var implementers: [String: [(actionable: String, rib: String)]] = [:]
    for rib in ribs.values.sorted(by: { $0.node.id < $1.node.id }) {
      guard let key = rib.interactorKey, let interactor = index.entries[key] else { continue }
      for name in lineage.names(of: interactor).sorted() {
        guard let type = index.lookup(name, from: interactor.module, path: interactor.path),
          type.kind == .protocolType
        else { continue }
        for member in type.parts[0].declaration.members where member.isFunction {
          implementers[String(member.name.dropLast(2)), default: []].append(
            (type.name, rib.node.id))
        }
      }
    }
    return index.workflows.map { chain, module, path in
      var root = chain.root
      if root == nil, let owner = chain.owner,
        let entry = index.lookup(owner, from: module, path: path)
      {
        root = entry.inherits.first { $0.name == "Workflow" }?.arguments.first
      }
      var previous = root
      let steps = chain.steps.map { method -> RIBGraph.Workflow.Step in
        guard let method else { return .init() }
        let candidates = implementers[method] ?? []
        let chosen = candidates.first { $0.actionable == previous } ?? candidates.first
        previous = nil
        return .init(method: method, actionable: chosen?.actionable, rib: chosen?.rib)
      }
      return RIBGraph.Workflow(
        name: chain.name, root: root, steps: steps, path: path, line: chain.place.line)
    }.sorted { ($0.path, $0.line) < ($1.path, $1.line) }
  }
}
