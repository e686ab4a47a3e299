import SwiftSyntax

/// A closure stored on a local that its method returns, where what the method returns ends up
/// in a property of the type's own (`page.actionHandler = { self.… }; return page`, and `lazy
/// var manager = Manager(rootItem: makePage())`): the type keeps the manager, the manager the
/// page, the page the closure, the closure the type. A local that is only used, or returned to
/// a caller that keeps nothing, holds nothing.
extension RetainCycleClosure {
  /// The property of the type around `closure` that keeps what the enclosing method returns,
  /// when that method returns `local`.
  static func propertyKeeping(returned local: String, around closure: ClosureExprSyntax)
    -> String?
  {
    guard let function = closure.ancestor(FunctionDeclSyntax.self),
      returns(local, from: function),
      let members = function.ancestor(MemberBlockSyntax.self)
    else { return nil }
    let name = function.name.text
    for member in members.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
      else { continue }
      for binding in variable.bindings {
        if let value = binding.initializer?.value, calls(name, in: value),
          let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        {
          return property
        }
      }
    }
    return nil
  }

  /// Whether `function` returns `local` (`return page`, or a body of `page` alone).
  private static func returns(_ local: String, from function: FunctionDeclSyntax) -> Bool {
    guard let body = function.body else { return false }
    return body.statements.contains { item in
      let value =
        item.item.as(ReturnStmtSyntax.self)?.expression
        ?? (body.statements.count == 1 ? item.item.as(ExprSyntax.self) : nil)
      return value?.as(DeclReferenceExprSyntax.self)?.baseName.text == local
    }
  }

  /// Whether `expression` calls the type's method `name` (`makePage()`, `self.makePage()`).
  private static func calls(_ name: String, in expression: some SyntaxProtocol) -> Bool {
    expression.tokens(viewMode: .sourceAccurate).contains { token in
      guard token.text == name, token.nextToken(viewMode: .sourceAccurate)?.text == "(" else {
        return false
      }
      let previous = token.previousToken(viewMode: .sourceAccurate)
      return previous?.text != "."
        || previous?.previousToken(viewMode: .sourceAccurate)?.text
          == "self"
    }
  }
}

extension SyntaxProtocol {
  /// The nearest enclosing node of type `kind`.
  fileprivate func ancestor<Kind: SyntaxProtocol>(_ kind: Kind.Type) -> Kind? {
    var current = parent
    while let node = current {
      if let found = node.as(kind) { return found }
      current = node.parent
    }
    return nil
  }
}
