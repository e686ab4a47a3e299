import SwiftSyntax

/// A router that detaches some children can still keep one where nothing detaches it: the
/// route stores the child in a property (`homeRouter = router`) that no method able to detach
/// ever reads. Signing out routes back to the sign-in screen with the old home still attached,
/// and signing in again attaches a second one over it.
extension AttachWithoutDetach {
  /// The router property `call`'s child is kept in: `attachChild(router)` with
  /// `self.homeRouter = router` in the same function, or `attachChild(homeRouter!)`.
  static func storingProperty(of call: FunctionCallExprSyntax) -> String? {
    guard let argument = call.arguments.first?.expression,
      let body = SyntaxQueries.enclosingFunctionBody(of: call)
    else { return nil }
    let attached = SyntaxQueries.unwrapped(argument)
    if let name = SyntaxQueries.propertyName(attached) {
      let isLocal =
        attached.is(DeclReferenceExprSyntax.self)
        && (SyntaxQueries.isLocal(name, at: attached)
          || SyntaxQueries.initializer(ofLocal: name, in: body, before: call) != nil)
      if !isLocal { return name }
      for assignment in SyntaxQueries.nodes(SequenceExprSyntax.self, in: body) {
        let elements = Array(assignment.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
          elements[2].as(DeclReferenceExprSyntax.self)?.baseName.text == name,
          let target = SyntaxQueries.propertyName(elements[0]),
          !(elements[0].is(DeclReferenceExprSyntax.self)
            && SyntaxQueries.isLocal(target, at: elements[0]))
        else { continue }
        return target
      }
    }
    return nil
  }

  /// Notes the names a router's method mentions.
  func noteMentions(of function: FunctionDeclSyntax) {
    guard let info = context.frame?.info, info.roles.contains(.router), let body = function.body
    else { return }
    var names: Set<String> = []
    // `name = nil`: the last identifier, then `=`, then `nil`.
    var last: (name: String, sawEqual: Bool)?
    for token in body.tokens(viewMode: .sourceAccurate) {
      switch token.tokenKind {
      case .identifier(let name):
        names.insert(name)
        last = (name, false)
      case .equal:
        last = last.map { ($0.name, true) }
      case .keyword(.nil):
        if let last, last.sawEqual {
          context.facts.routerNilled[info.name, default: []].insert(last.name)
        }
        last = nil
      default:
        last = nil
      }
    }
    context.facts.routerMentions[info.name, default: [:]][function.name.text, default: []]
      .formUnion(names)
  }

  /// Whether a method that detaches (itself or through a method of the router it calls)
  /// mentions `property`: nothing else can detach the child kept there.
  static func isDetachable(
    _ property: String, mentions: [String: Set<String>], calls: [String: Set<String>],
    detachingMethods: Set<String>
  ) -> Bool {
    mentions.contains { method, names in
      names.contains(property)
        && (detachingMethods.contains(method)
          || !(calls[method] ?? []).isDisjoint(with: detachingMethods))
    }
  }
}
