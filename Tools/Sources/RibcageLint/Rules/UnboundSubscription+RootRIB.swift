import SwiftSyntax

/// The root RIB is attached once, at launch, and never detached: a one-shot Task touching it
/// after its await cannot outlive it, so it is no fault there (a child's is).
///
/// Roots are told apart per module (`module|RIB`): a feature module's `Home` is not the app's.
extension UnboundSubscription {
  /// `RootBuilder(dependency: …)` in the launch code (the app or scene delegate, the `@main`
  /// app): the RIB it builds is a root — unless RIB code builds it too (a feature module's demo
  /// app launching the feature alone, which the real app attaches as a child), or it is handed
  /// to another builder (`RootBuilder(dependency: c, loggedOut: LoggedOutBuilder(…))`).
  func noteLaunchedBuilder(_ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?)
  {
    guard name.hasSuffix("Builder"), name.count > 7, let outer = context.frames.first,
      base == nil || Self.isModuleQualifier(base)
    else { return }
    let isLaunchCode =
      outer.info.name.hasSuffix("AppDelegate") || outer.info.name.hasSuffix("SceneDelegate")
      || outer.inherited.contains(where: GlobalState.compositionRootBases.contains)
    if isLaunchCode, base == nil, !Self.isHandedToABuilder(call) {
      context.facts.launchedBuilders.insert(name)
    } else if !outer.info.roles.isEmpty || !isLaunchCode {
      // RIB code, or wiring (a component, a factory) making it for a parent.
      context.facts.ribBuiltBuilders.insert(name)
    }
  }

  /// `CheckoutKit.CheckoutBuilder(…)`: a type named through its module.
  private static func isModuleQualifier(_ base: ExprSyntax?) -> Bool {
    guard let name = base?.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
    return name.first?.isUppercase == true
  }

  /// Whether a call is an argument of a call building another builder.
  private static func isHandedToABuilder(_ call: FunctionCallExprSyntax) -> Bool {
    var node = Syntax(call).parent
    while let current = node {
      if let outer = current.as(FunctionCallExprSyntax.self),
        SyntaxQueries.calleeTypeName(outer.calledExpression).hasSuffix("Builder")
      {
        return true
      }
      if current.is(CodeBlockItemSyntax.self) || current.is(MemberBlockItemSyntax.self) {
        return false
      }
      node = current.parent
    }
    return false
  }

  /// The root RIBs, as `module|RIB`: those whose router is a `LaunchRouter` (through the app's
  /// own base classes, looked up in the router's module first), and those whose builder the
  /// launch code makes and nothing else does.
  static func rootRIBs(in run: RunFacts) -> Set<String> {
    var roots: Set<String> = []
    var ribBuilt: Set<String> = []
    var parents: [String: [String]] = [:]  // `module|Class` → what it inherits
    for (index, analysis) in run.analyses.enumerated() {
      ribBuilt.formUnion(analysis.facts.ribBuiltBuilders)
      for (name, inherited) in analysis.facts.declaredInheritance {
        parents["\(run.modules[index])|\(name)"] = inherited.map(TypeText.baseName)
      }
    }
    for (index, analysis) in run.analyses.enumerated() {
      for builder in analysis.facts.launchedBuilders where !ribBuilt.contains(builder) {
        let folder = run.declaration(builder, from: index)?.folder ?? run.folders[index]
        roots.insert("\(RunFacts.module(of: folder + "/_"))|\(builder.dropLast(7))")
      }
    }
    for (key, _) in parents {
      let module = String(key.prefix { $0 != "|" })
      let name = String(key.dropFirst(module.count + 1))
      if inheritsLaunchRouter(name, module: module, parents: parents, run: run) {
        roots.insert("\(module)|\(GraphBuilder.ribName(name))")
      }
    }
    return roots
  }

  private static func inheritsLaunchRouter(
    _ type: String, module: String, parents: [String: [String]], run: RunFacts, depth: Int = 0
  ) -> Bool {
    guard depth < 10, let inherited = parents["\(module)|\(type)"] ?? run.inheritance[type]
    else { return false }
    return inherited.contains {
      $0 == RoleBases.launchRouter
        || inheritsLaunchRouter($0, module: module, parents: parents, run: run, depth: depth + 1)
    }
  }

  /// The interactors' one-shot Tasks, but the root RIB's.
  static func interactorTaskFindings(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    let roots = rootRIBs(in: run)
    var result: [(file: Int, finding: RawFinding)] = []
    // A root's module as the path tells it (the first two folders, without a `Sources`
    // folder) may split one RIB's folder: the name decides when only one module has the RIB.
    let rootNames = Set(roots.map { String($0.split(separator: "|").last ?? "") })
    for (index, analysis) in run.analyses.enumerated() {
      for task in analysis.facts.interactorTasks {
        if roots.contains("\(run.modules[index])|\(task.rib)") { continue }
        if rootNames.contains(task.rib),
          run.moduleCount(declaring: task.rib + "Interactor") <= 1,
          run.moduleCount(declaring: task.rib + "Router") <= 1
        {
          continue
        }
        result.append((index, task.finding))
      }
    }
    return result
  }
}
