import SwiftSyntax

/// Questions about a function's locals: where one was declared and what it was made from.
extension SyntaxQueries {
  /// The body of the function `node` is in (not a closure's; nil past its type).
  static func enclosingFunctionBody(of node: some SyntaxProtocol) -> CodeBlockSyntax? {
    var current = node.parent
    while let parent = current, !parent.is(MemberBlockSyntax.self) {
      if let function = parent.as(FunctionDeclSyntax.self) { return function.body }
      current = parent.parent
    }
    return nil
  }

  /// The initializer of the local `name` in scope at `node`, declared by a `let` or `var` of
  /// `body` (or, without one, of any block up to the type's members: a lazy property's closure)
  /// before it (`let (router, actionable) = …` included): the nearest declaration of the
  /// enclosing blocks, as the compiler resolves the name (one in a block that has closed, an
  /// earlier `if`'s, is not in scope); nil for anything else (a parameter, a property, an
  /// `if let`/`guard let` binding).
  static func initializer(
    ofLocal name: String, in body: CodeBlockSyntax? = nil, before node: some SyntaxProtocol
  ) -> ExprSyntax? {
    var child = Syntax(node)
    while let parent = child.parent, child.id != body?.id, !parent.is(MemberBlockSyntax.self) {
      if let list = parent.as(CodeBlockItemListSyntax.self) {
        for item in list.reversed() where item.position < child.position {
          guard binds(name, item.item) || declaresInTuple(name, item.item) else { continue }
          return initializerValue(of: name, in: item.item)
        }
      }
      // A closure's parameter of that name hides the function's local.
      if let closure = parent.as(ClosureExprSyntax.self),
        closureParameterNames(of: closure)?.contains(name) == true
      {
        return nil
      }
      child = parent
    }
    return nil
  }

  /// Whether a `let`/`var` declares `name` inside a tuple pattern (`let (router, view) = …`).
  private static func declaresInTuple(_ name: String, _ statement: some SyntaxProtocol) -> Bool {
    guard let declaration = statement.as(VariableDeclSyntax.self) else { return false }
    return declaration.bindings.contains { binding in
      binding.pattern.is(TuplePatternSyntax.self)
        && nodes(IdentifierPatternSyntax.self, in: binding.pattern).contains {
          $0.identifier.text == name
        }
    }
  }

  /// The value a `let`/`var` statement gives `name`; nil for a binding statement of another
  /// kind (`guard let`).
  private static func initializerValue(of name: String, in statement: some SyntaxProtocol)
    -> ExprSyntax?
  {
    guard let declaration = statement.as(VariableDeclSyntax.self) else { return nil }
    for binding in declaration.bindings
    where nodes(IdentifierPatternSyntax.self, in: binding.pattern).contains(where: {
      $0.identifier.text == name
    }) {
      return binding.initializer?.value
    }
    return nil
  }

  /// The type the local `name` is made as (`let viewController = HomeViewController()`) in the
  /// function around `node`, before it; nil when it is not made by a call there.
  static func createdType(ofLocal name: String, before node: some SyntaxProtocol) -> String? {
    guard let body = enclosingFunctionBody(of: node),
      let call = initializer(ofLocal: name, in: body, before: node)?.as(
        FunctionCallExprSyntax.self)
    else { return nil }
    let type = calleeTypeName(call.calledExpression)
    return type.isEmpty ? nil : type
  }

  /// Every node of type `Node` in `root`, itself included, in source order.
  static func nodes<Node: SyntaxProtocol>(_: Node.Type, in root: some SyntaxProtocol) -> [Node] {
    var found: [Node] = []
    var stack = [Syntax(root)]
    while let node = stack.popLast() {
      if let match = node.as(Node.self) { found.append(match) }
      stack += node.children(viewMode: .sourceAccurate).reversed()
    }
    return found
  }
}
