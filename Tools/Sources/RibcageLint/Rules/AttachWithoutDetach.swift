import SwiftSyntax

extension Rule {
  public static let attachWithoutDetach = Rule(
    id: "attach-without-detach", name: "AttachWithoutDetach",
    summary: "A router attaches children but never detaches any, or one it keeps nowhere.",
    rationale: """
      A router that only ever attaches keeps every child it attached until it is itself \
      detached: screens pile up, their interactors stay active, and state the user left behind \
      keeps reacting. Pair every route to a child with the route away from it (`detachChild`). \
      Children attached once for the router's whole life (tabs, a child attached in `didLoad`, \
      an initializer or a build step, or by a method that attaches several at once) are not \
      reported. A router that detaches others is reported where it attaches a child it keeps \
      nowhere (built and attached, never stored): no detachChild can reach that child.
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
  override class var hooks: Set<Hook> { [.types, .calls, .functions] }

  override func typeDidStart(_ frame: FileContext.Frame) { notePopAwareness(in: frame) }

  override func visit(_ function: FunctionDeclSyntax) {
    noteMentions(of: function)
    notePopAwareness(of: function)
  }

  override func visit(_ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?) {
    guard let info = context.frame?.info else { return }
    if info.roles.contains(.interactor), !info.roles.contains(.router), let rib = info.ribPrefix {
      noteInteractorCall(call, named: name, on: base, rib: rib)
      return
    }
    if info.roles.contains(.view), info.roles.isDisjoint(with: [.router, .interactor]),
      let rib = info.ribPrefix
    {
      noteViewCall(call, named: name, on: base, rib: rib)
      return
    }
    guard info.roles.contains(.router) || Self.isShared(info.name) else { return }
    if let rib = info.ribPrefix { context.facts.routerRIBs[info.name] = rib }
    let function = SyntaxQueries.enclosingFunction(of: call)
    notePush(call, named: name, in: info)
    if name == "attachChild" {
      let keepsChild = Self.keepsChild(call)
      let storedIn = keepsChild ? Self.storingProperty(of: call) : nil
      context.facts.attaches[info.name, default: []].append(
        .init(
          place: context.place(call),
          isPermanent: Self.attachesPermanently(call, keepsChild: keepsChild),
          function: function, keepsChild: keepsChild, storedIn: storedIn,
          onlyWhileNil: storedIn.flatMap { Self.isOnlyWhileNil(call, property: $0) ? $0 : nil }))
    } else if let function, base == nil || SyntaxQueries.isSelf(base.map(SyntaxQueries.unwrapped)) {
      if let branch = Self.dispatchingCase(of: call) {
        context.facts.routerCaseCalls[info.name, default: [:]][function, default: [:]][
          branch, default: []
        ].insert(name)
      } else {
        context.facts.routerCalls[info.name, default: [:]][function, default: []].insert(name)
      }
      if Self.handsOnAThrowawayBag(call) {
        context.facts.routerCallsWithThrowawayBags[info.name, default: [:]][
          function, default: []
        ].insert(name)
      }
    }
    if name == "detachChild" || Self.handsOnDetachChild(call) {
      context.facts.detaching.insert(info.name)
      // Detached from a closure the route sets up (when the pushed view leaves its parent):
      // the route watches its child go.
      if let function, Self.isInClosure(call) {
        context.facts.closureDetachingMethods[info.name, default: []].insert(function)
      }
      if Self.detachesFromChildren(call) { context.facts.detachingFromChildren.insert(info.name) }
      if let function { context.facts.detachingMethods[info.name, default: []].insert(function) }
    }
  }

  /// Whether `call` is in a closure of its function (not a `forEach` over children, which runs
  /// at once).
  static func isInClosure(_ call: FunctionCallExprSyntax) -> Bool {
    var node = Syntax(call)
    while let parent = node.parent, !parent.is(FunctionDeclSyntax.self) {
      if let closure = parent.as(ClosureExprSyntax.self) {
        let runsAtOnce =
          closure.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.as(
            MemberAccessExprSyntax.self)?.declName.baseName.text == "forEach"
        if !runsAtOnce { return true }
      }
      node = parent
    }
    return false
  }

  /// Whether a `forEach` is handed `detachChild` itself (`children.forEach(detachChild(_:))`,
  /// `forEach(self.detachChild)`): it detaches what it iterates. (A handler registered
  /// elsewhere may never run.)
  static func handsOnDetachChild(_ call: FunctionCallExprSyntax) -> Bool {
    guard
      call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        == "forEach"
    else { return false }
    return call.arguments.contains { argument in
      if let access = argument.expression.as(MemberAccessExprSyntax.self),
        SyntaxQueries.isSelf(access.base)
      {
        return access.declName.baseName.text == "detachChild"
      }
      return argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "detachChild"
    }
  }

  /// What an interactor asks its router for, and from which of its methods (a route asked for
  /// only on activation attaches a child for the router's life), and its own calls.
  private func noteInteractorCall(
    _ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?, rib: String
  ) {
    let function = SyntaxQueries.enclosingFunction(of: call) ?? ""
    if base == nil || SyntaxQueries.isSelf(base) {
      context.facts.interactorCalls[rib, default: [:]][function, default: []].insert(name)
      return
    }
    if let base, Self.receiverName(base) == "router" {
      context.facts.routesAsked[rib, default: [:]][name, default: []].insert(function)
    }
  }

  /// What a RIB's view asks its listener, and from which of its methods (what it asks from
  /// `viewDidLoad` it asks once), and its own calls.
  private func noteViewCall(
    _ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?, rib: String
  ) {
    let function = SyntaxQueries.enclosingFunction(of: call) ?? ""
    if base == nil || SyntaxQueries.isSelf(base) {
      context.facts.viewCalls[rib, default: [:]][function, default: []].insert(name)
    } else if let base, Self.receiverName(base) == "listener" {
      context.facts.listenerAsks[rib, default: [:]][name, default: []].insert(function)
    }
  }

  /// `router` for `router?.x()`, `self.router?.x()`, `self?.router?.x()` (in a `[weak self]`
  /// closure).
  private static func receiverName(_ base: ExprSyntax) -> String? {
    let receiver = base.as(OptionalChainingExprSyntax.self)?.expression ?? base
    if let member = receiver.as(MemberAccessExprSyntax.self),
      let weakSelf = member.base?.as(OptionalChainingExprSyntax.self),
      SyntaxQueries.isSelf(weakSelf.expression)
    {
      return member.declName.baseName.text
    }
    return SyntaxQueries.propertyName(receiver)
  }

  static func findings(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    var result: [(file: Int, finding: RawFinding)] = []
    var detaching: Set<String> = []
    var detachingFromChildren: Set<String> = []
    var detachingMethods: [String: Set<String>] = [:]
    var mentions: [String: [String: Set<String>]] = [:]
    var routerNilled: [String: Set<String>] = [:]
    for (index, analysis) in run.analyses.enumerated() {
      let module = run.modules[index]
      for (router, methods) in analysis.facts.routerMentions {
        mentions["\(module)|\(router)", default: [:]].merge(methods) { $0.union($1) }
      }
      for router in analysis.facts.detaching { detaching.insert("\(module)|\(router)") }
      for (router, names) in analysis.facts.routerNilled {
        routerNilled["\(module)|\(router)", default: []].formUnion(names)
      }
      for router in analysis.facts.detachingFromChildren {
        detachingFromChildren.insert("\(module)|\(router)")
      }
      for (router, methods) in analysis.facts.detachingMethods {
        detachingMethods["\(module)|\(router)", default: []].formUnion(methods)
      }
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
    // The calls made from each case of a request's `switch`: reached like any call, and tabs
    // set up together only when one case makes them.
    var caseCalls: [String: [String: [Set<String>]]] = [:]
    for (index, analysis) in run.analyses.enumerated() {
      for (router, methods) in analysis.facts.routerCaseCalls {
        let key = "\(run.modules[index])|\(router)"
        for (method, branches) in methods {
          for callees in branches.values {
            calls[key, default: [:]][method, default: []].formUnion(callees)
            caseCalls[key, default: [:]][method, default: []].append(callees)
          }
        }
      }
    }
    var throwaway: [String: [String: Set<String>]] = [:]
    for (index, analysis) in run.analyses.enumerated() {
      for (router, methods) in analysis.facts.routerCallsWithThrowawayBags {
        throwaway["\(run.modules[index])|\(router)", default: [:]].merge(methods) { $0.union($1) }
      }
    }
    Self.detachThroughSharedHelpers(
      calls: calls, declared: mentions, throwaway: throwaway, detaching: &detaching,
      detachingMethods: &detachingMethods)
    var attachingMethods: [String: Set<String>] = [:]
    for (index, analysis) in run.analyses.enumerated() {
      for (router, attaches) in analysis.facts.attaches {
        attachingMethods["\(run.modules[index])|\(router)", default: []].formUnion(
          attaches.compactMap(\.function))
      }
    }
    // RIB → routes its interactor asks for, each with the interactor methods asking; and the
    // interactor's own call graph (to tell what runs on activation).
    var routesAsked: [String: [String: Set<String>]] = [:]
    var interactorCalls: [String: [String: Set<String>]] = [:]
    var routerRIBs: [String: String] = [:]
    var viewCalls: [String: [String: Set<String>]] = [:]
    var listenerAsks: [String: [String: Set<String>]] = [:]
    for (index, analysis) in run.analyses.enumerated() {
      let module = run.modules[index]
      for (rib, routes) in analysis.facts.routesAsked {
        routesAsked["\(module)|\(rib)", default: [:]].merge(routes) { $0.union($1) }
      }
      for (rib, calls) in analysis.facts.interactorCalls {
        interactorCalls["\(module)|\(rib)", default: [:]].merge(calls) { $0.union($1) }
      }
      for (rib, calls) in analysis.facts.viewCalls {
        viewCalls["\(module)|\(rib)", default: [:]].merge(calls) { $0.union($1) }
      }
      for (rib, asks) in analysis.facts.listenerAsks {
        listenerAsks["\(module)|\(rib)", default: [:]].merge(asks) { $0.union($1) }
      }
      for (router, rib) in analysis.facts.routerRIBs { routerRIBs["\(module)|\(router)"] = rib }
    }
    /// What the RIB's view asks its listener only once it has loaded (from `viewDidLoad`,
    /// directly or through its own methods): asked once for the view's, and the router's, life.
    func askedOnLoad(_ rib: String) -> [String] {
      var reached: Set<String> = []
      var queue = ["viewDidLoad", "loadView"]
      while let method = queue.popLast() {
        guard reached.insert(method).inserted else { continue }
        queue += viewCalls[rib]?[method] ?? []
      }
      return (listenerAsks[rib] ?? [:]).compactMap { asked, askers in
        askers.isSubset(of: reached) ? asked : nil
      }
    }
    /// Routes the interactor asks for only on activation (from `didBecomeActive`, or what its
    /// view asks once loaded, directly or through its own methods, a `Task` in them included):
    /// once for the router's life.
    func askedOnActivation(_ key: String) -> Set<String> {
      guard let rib = routerRIBs[key] else { return [] }
      let module = String(key.prefix { $0 != "|" })
      let interactor = "\(module)|\(rib)"
      var reached: Set<String> = []
      var queue = ["didBecomeActive"] + askedOnLoad(interactor)
      while let method = queue.popLast() {
        guard reached.insert(method).inserted else { continue }
        queue += interactorCalls[interactor]?[method] ?? []
      }
      return Set(
        (routesAsked[interactor] ?? [:]).compactMap { route, askers in
          askers.isSubset(of: reached) ? route : nil
        })
    }
    func atLoad(_ key: String) -> Set<String> {
      var reached: Set<String> = []
      var queue = ["didLoad", "init", "viewDidLoad", "loadView"] + askedOnActivation(key)
      // A method that calls several attaching methods sets up tabs: each is attached once.
      // One calling each from its own case of a request's `switch` routes, one a request.
      let attaching = attachingMethods[key] ?? []
      for (method, callees) in calls[key] ?? [:] {
        let branches = caseCalls[key]?[method] ?? []
        let inCases = branches.reduce(into: Set<String>()) { $0.formUnion($1) }
        // Those called outside the cases run with whichever case runs.
        let outside = callees.subtracting(inCases).intersection(attaching).count
        let together =
          outside + (branches.map { $0.intersection(attaching).count }.max() ?? 0) > 1
        if together { queue.append(method) }
      }
      while let method = queue.popLast() {
        guard reached.insert(method).inserted else { continue }
        queue += calls[key]?[method] ?? []
      }
      return reached
    }
    var closureDetaching: [String: Set<String>] = [:]
    for (index, analysis) in run.analyses.enumerated() {
      for (router, methods) in analysis.facts.closureDetachingMethods {
        closureDetaching["\(run.modules[index])|\(router)", default: []].formUnion(methods)
      }
    }
    result += systemPopFindings(
      in: run, detaching: detaching, detachingMethods: closureDetaching)
    var reported: Set<String> = []
    for (index, analysis) in run.analyses.enumerated() {
      for (router, attaches) in analysis.facts.attaches.sorted(by: { $0.key < $1.key }) {
        let key = "\(run.modules[index])|\(router)"
        // Permanent children (tabs, children attached once at load) are never detached.
        let load = atLoad(key)
        // Under `if child == nil`: attached once, unless the router sets it back to nil.
        let nilled = routerNilled[key] ?? []
        let routed = attaches.filter {
          !$0.isPermanent && !load.contains($0.function ?? "")
            && !($0.onlyWhileNil.map { !nilled.contains($0) } ?? false)
        }
        if !detaching.contains(key) {
          guard let first = routed.first, reported.insert(key).inserted else { continue }
          result.append(
            (
              index,
              RawFinding(
                rule: .attachWithoutDetach, place: first.place,
                message: "\(router) attaches children but never detaches any: pair each route "
                  + "to a child with a route away from it (detachChild)")
            ))
          continue
        }
        // A router that detaches others, attaching a child it keeps nowhere — unless the
        // route first detaches another through one of the router's methods: it replaces that
        // child for good (see `keepsChild`).
        guard !detachingFromChildren.contains(key) else { continue }
        for attach in routed {
          if let property = attach.storedIn {
            guard
              !Self.isDetachable(
                property, mentions: mentions[key] ?? [:], calls: calls[key] ?? [:],
                detachingMethods: detachingMethods[key] ?? [])
            else { continue }
            result.append(
              (
                index,
                RawFinding(
                  rule: .attachWithoutDetach, place: attach.place,
                  message: "\(router) keeps the child it attaches here in '\(property)', but "
                    + "no method that detaches reads '\(property)': the child stays attached "
                    + "when the router routes elsewhere, and the next route here attaches "
                    + "another; detach it on the route away")
              ))
            continue
          }
          guard !attach.keepsChild else { continue }
          let callees = calls[key]?[attach.function ?? ""] ?? []
          guard callees.isDisjoint(with: detachingMethods[key] ?? []) else { continue }
          result.append(
            (
              index,
              RawFinding(
                rule: .attachWithoutDetach, place: attach.place,
                message: "\(router) attaches a child it keeps nowhere, so no detachChild can "
                  + "reach it: store the child's router and detach it on the route away")
            ))
        }
      }
    }
    return result
  }
}
