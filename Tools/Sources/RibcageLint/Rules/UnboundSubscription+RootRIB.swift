import SwiftSyntax

/// The root RIB is attached once, at launch, and never detached: a one-shot Task touching it
/// after its await cannot outlive it, so it is no fault there (a child's is).
extension UnboundSubscription {
  /// `RootBuilder(dependency: …)` in the launch code (the app or scene delegate, the `@main`
  /// app): the RIB it builds is a root — unless RIB code builds it too (a feature module's demo
  /// app launching the feature alone, which the real app attaches as a child).
  func noteLaunchedBuilder(_ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?)
  {
    guard base == nil, name.hasSuffix("Builder"), name.count > 7, let outer = context.frames.first
    else { return }
    if GlobalState.isCompositionRoot(outer.info)
      || outer.inherited.contains(where: GlobalState.compositionRootBases.contains)
    {
      context.facts.launchedBuilders.insert(name)
    } else if !outer.info.roles.isEmpty {
      context.facts.ribBuiltBuilders.insert(name)
    }
  }

  /// The root RIBs: those whose router is a `LaunchRouter` (through the app's own base
  /// classes), and those whose builder the launch code makes.
  static func rootRIBs(in run: RunFacts) -> Set<String> {
    var roots: Set<String> = []
    let ribBuilt = run.analyses.reduce(into: Set<String>()) {
      $0.formUnion($1.facts.ribBuiltBuilders)
    }
    for analysis in run.analyses {
      for builder in analysis.facts.launchedBuilders where !ribBuilt.contains(builder) {
        roots.insert(String(builder.dropLast(7)))
      }
    }
    for router in run.inheritance.keys where inheritsLaunchRouter(router, in: run) {
      roots.insert(GraphBuilder.ribName(router))
    }
    return roots
  }

  private static func inheritsLaunchRouter(_ type: String, in run: RunFacts, depth: Int = 0)
    -> Bool
  {
    guard depth < 10, let parents = run.inheritance[type] else { return false }
    return parents.contains {
      TypeText.baseName($0) == RoleBases.launchRouter
        || inheritsLaunchRouter(TypeText.baseName($0), in: run, depth: depth + 1)
    }
  }

  /// The interactors' one-shot Tasks, but the root RIB's.
  static func interactorTaskFindings(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    let roots = rootRIBs(in: run)
    var result: [(file: Int, finding: RawFinding)] = []
    for (index, analysis) in run.analyses.enumerated() {
      for task in analysis.facts.interactorTasks where !roots.contains(task.rib) {
        result.append((index, task.finding))
      }
    }
    return result
  }
}
