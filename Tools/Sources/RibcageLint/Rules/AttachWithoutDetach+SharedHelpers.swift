import SwiftSyntax

extension AttachWithoutDetach {
  /// A team's own helper on the framework's router or routing protocol (`extension
  /// ViewableRouter { func detachWhenClosed(child:) { … detachChild(child) } }`), in any file:
  /// every router has it, so a router calling it detaches, from the methods that call it —
  /// unless it hands the helper a bag nobody keeps (`disposedBy: DisposeBag()`): the helper's
  /// subscription is disposed at once, and its `detachChild` never runs.
  static func detachThroughSharedHelpers(
    calls: [String: [String: Set<String>]], throwaway: [String: [String: Set<String>]],
    detaching: inout Set<String>, detachingMethods: inout [String: Set<String>]
  ) {
    var helpers: Set<String> = []
    for (key, methods) in detachingMethods where isShared(key) { helpers.formUnion(methods) }
    guard !helpers.isEmpty else { return }
    for (key, methods) in calls where !isShared(key) {
      for (method, callees) in methods {
        let kept = callees.subtracting(throwaway[key]?[method] ?? [])
        guard !kept.isDisjoint(with: helpers) else { continue }
        detaching.insert(key)
        detachingMethods[key, default: []].insert(method)
      }
    }
  }

  /// Whether `call` hands on a bag made for it (`DisposeBag()`), which nothing keeps.
  static func handsOnAThrowawayBag(_ call: FunctionCallExprSyntax) -> Bool {
    call.arguments.contains { argument in
      guard let made = argument.expression.as(FunctionCallExprSyntax.self) else { return false }
      return made.arguments.isEmpty
        && made.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "DisposeBag"
    }
  }

  /// Whether `key` (`module|Type`) names the framework's router or routing protocol, which
  /// every router is.
  private static func isShared(_ key: String) -> Bool {
    let name = key.split(separator: "|").last.map(String.init) ?? key
    return RoleBases.routers.contains(name) || sharedRoutingProtocols.contains(name)
  }

  private static let sharedRoutingProtocols: Set<String> = [
    "Routing", "ViewableRouting", "LaunchRouting",
  ]
}
