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
      let body = enclosingFunctionBody(of: call),
      !body.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "detachChild" })
    else { return true }
    if isFreshlyBuilt(argument) { return false }
    guard let reference = argument.as(DeclReferenceExprSyntax.self),
      let initializer = localInitializer(of: reference.baseName.text, in: body, before: call),
      isFreshlyBuilt(initializer)
    else { return true }
    return isHeldElsewhere(reference.baseName.text, in: body, besides: reference)
  }

  /// Whether a router detaches children it reads from `children` (`children.forEach { detachChild($0) }`,
  /// `detachChild(children.last!)`): such a router can detach a child it did not store.
  static func detachesFromChildren(_ call: FunctionCallExprSyntax) -> Bool {
    guard let body = enclosingFunctionBody(of: call) else { return false }
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

  /// The initializer of the local `name` declared by a `let` or `var` in `body` before `node`
  /// (`let (router, actionable) = …` included); nil for anything else (a parameter, a
  /// property, `if let`/`guard let` bindings of a property).
  private static func localInitializer(
    of name: String, in body: CodeBlockSyntax, before node: some SyntaxProtocol
  ) -> ExprSyntax? {
    var found: ExprSyntax?
    for declaration in nodes(VariableDeclSyntax.self, in: body)
    where declaration.position < node.position {
      for binding in declaration.bindings {
        let names = nodes(IdentifierPatternSyntax.self, in: binding.pattern)
        if names.contains(where: { $0.identifier.text == name }) {
          found = binding.initializer?.value
        }
      }
    }
    return found
  }

  /// Whether `name` is used in `body` other than at `attached` and other than as the base of a
  /// member access (`router.viewControllable` shows the view, it does not keep the router).
  private static func isHeldElsewhere(
    _ name: String, in body: CodeBlockSyntax, besides attached: DeclReferenceExprSyntax
  ) -> Bool {
    for reference in nodes(DeclReferenceExprSyntax.self, in: body)
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

  /// The body of the function `node` is in (not of a closure's, nor past its type).
  private static func enclosingFunctionBody(of node: some SyntaxProtocol) -> CodeBlockSyntax? {
    var current = node.parent
    while let parent = current, !parent.is(MemberBlockSyntax.self) {
      if let function = parent.as(FunctionDeclSyntax.self) { return function.body }
      current = parent.parent
    }
    return nil
  }

  /// Every node of type `Node` in `root`, itself included, in source order.
  private static func nodes<Node: SyntaxProtocol>(
    _: Node.Type, in root: some SyntaxProtocol
  ) -> [Node] {
    var found: [Node] = []
    var stack = [Syntax(root)]
    while let node = stack.popLast() {
      if let match = node.as(Node.self) { found.append(match) }
      stack += node.children(viewMode: .sourceAccurate).reversed()
    }
    return found
  }
}
