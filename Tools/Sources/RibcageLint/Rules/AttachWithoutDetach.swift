import SwiftSyntax

extension Rule {
  public static let attachWithoutDetach = Rule(
    id: "attach-without-detach", name: "AttachWithoutDetach",
    summary: "A router attaches children but never detaches any.",
    rationale: """
      A router that only ever attaches keeps every child it attached until it is itself \
      detached: screens pile up, their interactors stay active, and state the user left behind \
      keeps reacting. Pair every route to a child with the route away from it (`detachChild`). \
      Children attached once for the router's whole life (tabs, a child attached in `didLoad`, \
      an initializer or a build step, or by a method that attaches several at once) are not \
      reported.
      """,
    badExample: "func routeToHome() { attachChild(homeBuilder.build()) }",
    goodExample:
      "func routeToHome() { if let home { detachChild(home) }; let home = homeBuilder.build(); attachChild(home); self.home = home }",
    defaultSeverity: .warning)
}

/// `attach-without-detach`: routers (with their extensions, in any file) that attach children
/// on a route and never call `detachChild`.
final class AttachWithoutDetach: FileRule, LintRule {
  static let description = Rule.attachWithoutDetach
  override class var hooks: Set<Hook> { [.calls] }

  override func visit(_ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?) {
    guard let info = context.frame?.info, info.roles.contains(.router) else { return }
    let function = SyntaxQueries.enclosingFunction(of: call)
    if name == "attachChild" {
      context.facts.attaches[info.name, default: []].append(
        .init(
          place: context.place(call), isPermanent: Self.attachesPermanently(call),
          function: function))
    } else if let function, base == nil || SyntaxQueries.isSelf(base) {
      context.facts.routerCalls[info.name, default: [:]][function, default: []].insert(name)
    }
    if name == "detachChild" { context.facts.detaching.insert(info.name) }
  }

  /// Whether an `attachChild` call attaches a child for the router's whole life: in `didLoad`,
  /// an initializer or a build step, in a loop, or in a function that attaches several children
  /// at once (a tab bar's tabs).
  private static func attachesPermanently(_ call: FunctionCallExprSyntax) -> Bool {
    var current = call.parent
    while let node = current {
      if node.is(ForStmtSyntax.self) || node.is(InitializerDeclSyntax.self) { return true }
      if let closure = node.as(ClosureExprSyntax.self),
        let outer = SyntaxQueries.enclosingCall(ofArgument: closure),
        let member = outer.calledExpression.as(MemberAccessExprSyntax.self),
        ["forEach", "map", "compactMap"].contains(member.declName.baseName.text)
      {
        return true
      }
      if let function = node.as(FunctionDeclSyntax.self) {
        let name = function.name.text
        if name == "didLoad" || name.hasPrefix("build") || name == "loadView"
          || name == "viewDidLoad"
        {
          return true
        }
        guard let body = function.body else { return false }
        var attaches = 0
        for token in body.tokens(viewMode: .sourceAccurate) where token.text == "attachChild" {
          attaches += 1
        }
        return attaches > 1
      }
      current = node.parent
    }
    return false
  }

  static func findings(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    var result: [(file: Int, finding: RawFinding)] = []
    var detaching: Set<String> = []
    for (index, analysis) in run.analyses.enumerated() {
      for router in analysis.facts.detaching { detaching.insert("\(run.modules[index])|\(router)") }
    }
    // Router → methods reached from `didLoad` or `init` (a child attached there is attached
    // once, for the router's life).
    var calls: [String: [String: Set<String>]] = [:]
    for (index, analysis) in run.analyses.enumerated() {
      for (router, methods) in analysis.facts.routerCalls {
        for (method, callees) in methods {
          calls["\(run.modules[index])|\(router)", default: [:]][method, default: []].formUnion(
            callees)
        }
      }
    }
    var attachingMethods: [String: Set<String>] = [:]
    for (index, analysis) in run.analyses.enumerated() {
      for (router, attaches) in analysis.facts.attaches {
        attachingMethods["\(run.modules[index])|\(router)", default: []].formUnion(
          attaches.compactMap(\.function))
      }
    }
    func atLoad(_ key: String) -> Set<String> {
      var reached: Set<String> = []
      var queue = ["didLoad", "init", "viewDidLoad", "loadView"]
      // A method that calls several attaching methods sets up tabs: each is attached once.
      for (method, callees) in calls[key] ?? [:]
      where callees.intersection(attachingMethods[key] ?? []).count > 1 {
        queue.append(method)
      }
      while let method = queue.popLast() {
        guard reached.insert(method).inserted else { continue }
        queue += calls[key]?[method] ?? []
      }
      return reached
    }
    var reported: Set<String> = []
    for (index, analysis) in run.analyses.enumerated() {
      for (router, attaches) in analysis.facts.attaches.sorted(by: { $0.key < $1.key }) {
        let key = "\(run.modules[index])|\(router)"
        guard !detaching.contains(key) else { continue }
        // Permanent children (tabs, children attached once at load) are never detached.
        let load = atLoad(key)
        guard
          let first = attaches.first(where: {
            !$0.isPermanent && !load.contains($0.function ?? "")
          }),
          reported.insert(key).inserted
        else { continue }
        result.append(
          (
            index,
            RawFinding(
              rule: .attachWithoutDetach, place: first.place,
              message: "\(router) attaches children but never detaches any: pair each route "
                + "to a child with a route away from it (detachChild)")
          ))
      }
    }
    return result
  }
}
