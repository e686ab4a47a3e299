import SwiftSyntax

/// Whether a router keeps the child it attaches where a later `detachChild` can find it.
///
/// A router that detaches some children can still attach one it never stores: built and
/// attached in one expression, or built into a local that is attached and then dropped
/// (`let router = builder.build(…); attachChild(router)`, its view shown, the router kept
/// nowhere). Its detach method, guarded by a property nothing assigns, always returns, and the
/// child stays attached for the parent's life.
extension AttachWithoutDetach {
  /// Whether the child `attachChild` is given at `call` is kept: anything but a freshly built
  /// value that no other statement of the function holds on to. A property, a value bound from
  /// one, or a local the function assigns, passes on, returns or captures counts as kept.
  ///
  /// A route that detaches another child before attaching this one keeps it too, in effect:
  /// it switches the router to its next state for good (a root's `routeToLoggedIn` that
  /// detaches LoggedOut and attaches LoggedIn, as the RIBs tutorial does).
  static func keepsChild(_ call: FunctionCallExprSyntax) -> Bool {
    guard let argument = call.arguments.first?.expression,
      let body = SyntaxQueries.enclosingFunctionBody(of: call),
      !body.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "detachChild" })
    else { return true }
    if isFreshlyBuilt(argument) { return false }
    guard let reference = argument.as(DeclReferenceExprSyntax.self),
      let initializer = SyntaxQueries.initializer(
        ofLocal: reference.baseName.text, in: body, before: call),
      isFreshlyBuilt(initializer)
    else { return true }
    return isHeldElsewhere(reference.baseName.text, in: body, besides: reference)
  }

  /// Whether a router detaches children it reads from `children` (`children.forEach { detachChild($0) }`,
  /// `detachChild(children.last!)`): such a router can detach a child it did not store.
  static func detachesFromChildren(_ call: FunctionCallExprSyntax) -> Bool {
    guard let body = SyntaxQueries.enclosingFunctionBody(of: call) else { return false }
    return body.tokens(viewMode: .sourceAccurate).contains { $0.text == "children" }
  }

  /// A call (`builder.build(withListener:)`), under `try` or `await` or not.
  private static func isFreshlyBuilt(_ expression: ExprSyntax) -> Bool {
    var current = expression
    while true {
      if let tried = current.as(TryExprSyntax.self) {
        current = tried.expression
      } else if let awaited = current.as(AwaitExprSyntax.self) {
        current = awaited.expression
      } else {
        break
      }
    }
    return current.is(FunctionCallExprSyntax.self)
  }

  /// Whether `name` is used in `body` other than at `attached` and other than as the base of a
  /// member access (`router.viewControllable` shows the view, it does not keep the router).
  private static func isHeldElsewhere(
    _ name: String, in body: CodeBlockSyntax, besides attached: DeclReferenceExprSyntax
  ) -> Bool {
    for reference in SyntaxQueries.nodes(DeclReferenceExprSyntax.self, in: body)
    where reference.baseName.text == name && reference.id != attached.id {
      if let member = reference.parent?.as(MemberAccessExprSyntax.self),
        member.base?.id == reference.id
      {
        continue
      }
      return true
    }
    return false
  }
}
