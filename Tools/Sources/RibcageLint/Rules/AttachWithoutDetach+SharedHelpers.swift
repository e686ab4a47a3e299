import SwiftSyntax

extension AttachWithoutDetach {
  /// A team's own helper on the framework's router or routing protocol (`extension
  /// ViewableRouter { func detachWhenClosed(child:) { … detachChild(child) } }`), in any file:
  /// every router has it, so a router calling it detaches, from the methods that call it —
  /// unless it hands the helper a bag nobody keeps (`disposedBy: DisposeBag()`): the helper's
  /// subscription is disposed at once, and its `detachChild` never runs.
  static func detachThroughSharedHelpers(
    calls: [String: [String: Set<String>]], declared: [String: [String: Set<String>]],
    throwaway: [String: [String: Set<String>]],
    detaching: inout Set<String>, detachingMethods: inout [String: Set<String>]
  ) {
    var helpers: Set<String> = []
    for (key, methods) in detachingMethods where isShared(key) { helpers.formUnion(methods) }
    guard !helpers.isEmpty else { return }
    // Helpers calling helpers (`close(_:)` calling `detachAndForget(_:)`).
    var grew = true
    while grew {
      grew = false
      for (key, methods) in calls where isShared(key) {
        for (method, callees) in methods where !helpers.contains(method) {
          if !callees.isDisjoint(with: helpers) {
            helpers.insert(method)
            grew = true
          }
        }
      }
    }
    for (key, methods) in calls where !isShared(key) {
      // A router's own method of a helper's name is the one it calls.
      let own = Set(methods.keys).union(declared[key].map { Set($0.keys) } ?? [])
      for (method, callees) in methods {
        let kept = callees.subtracting(throwaway[key]?[method] ?? []).subtracting(own)
        guard !kept.isDisjoint(with: helpers) else { continue }
        detaching.insert(key)
        detachingMethods[key, default: []].insert(method)
      }
    }
  }

  /// Whether `call` hands on a bag made for it (`DisposeBag()`, `RxSwift.DisposeBag()`,
  /// `DisposeBag.init()`, or a local made so in the route), which nothing keeps.
  static func handsOnAThrowawayBag(_ call: FunctionCallExprSyntax) -> Bool {
    call.arguments.contains { argument in
      if let made = argument.expression.as(FunctionCallExprSyntax.self) {
        let callee = made.calledExpression.trimmedDescription
        return made.arguments.isEmpty
          && (callee.hasSuffix("DisposeBag") || callee.hasSuffix("DisposeBag.init"))
      }
      if let local = argument.expression.as(DeclReferenceExprSyntax.self) {
        return SyntaxQueries.createdType(ofLocal: local.baseName.text, before: call)?
          .hasSuffix("DisposeBag") == true
      }
      return false
    }
  }

  /// Whether `key` (`module|Type`) names the framework's router or routing protocol, which
  /// every router is.
  static func isShared(_ key: String) -> Bool {
    let name = key.split(separator: "|").last.map(String.init) ?? key
    return RoleBases.routers.contains(name) || sharedRoutingProtocols.contains(name)
  }

  private static let sharedRoutingProtocols: Set<String> = [
    "Routing", "ViewableRouting", "LaunchRouting",
  ]
}
