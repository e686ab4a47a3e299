/// The graph's problems as SARIF (``SARIFLog``), for code scanning: the problem kinds as rules,
/// one result per problem.
enum GraphSARIF {
  static func render(_ report: GraphReport, options: SARIFOptions = SARIFOptions()) -> String {
    let rules = RIBGraph.Problem.Kind.allCases.map { kind in
      SARIFRule(
        id: kind.rawValue, name: name(kind), summary: summary(kind), rationale: nil,
        help: (summary(kind), summary(kind)), level: kind.severity)
    }
    let results = report.graph.problems.map { problem in
      SARIFResult(
        ruleID: problem.kind.rawValue, level: problem.severity, message: problem.message,
        path: problem.path.isEmpty ? nil : problem.path, line: problem.line,
        column: problem.column)
    }
    return SARIFLog(
      command: "graph", rules: rules, results: results, notes: report.notes, options: options
    ).render()
  }

  /// `missing-dependency` → `MissingDependency`, as lint's rules are named.
  static func name(_ kind: RIBGraph.Problem.Kind) -> String {
    kind.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined()
  }

  static func summary(_ kind: RIBGraph.Problem.Kind) -> String {
    switch kind {
    case .missingDependency:
      "A child's dependency requirement is not provided by its parent's scope."
    case .dependencyTypeMismatch: "A child's dependency requirement is provided with another type."
    case .listenerNotImplemented:
      "The parent's interactor does not conform to the child's listener."
    case .cycle: "RIBs build each other in a cycle."
    case .orphan: "A RIB no other RIB builds."
    case .builtTwice: "A parent creates the same child builder more than once."
    case .multipleRoots: "More than one RIB could be the root."
    case .unknownRoot: "--root names no RIB."
    }
  }
}
