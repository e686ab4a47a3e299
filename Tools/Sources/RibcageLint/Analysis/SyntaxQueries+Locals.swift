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

  /// The initializer of the local `name` declared by a `let` or `var` in `body` before `node`,
  /// the last such declaration if several (`let (router, actionable) = …` included); nil for
  /// anything else (a parameter, a property, `if let`/`guard let` bindings of a property).
  static func initializer(
    ofLocal name: String, in body: CodeBlockSyntax, before node: some SyntaxProtocol
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
