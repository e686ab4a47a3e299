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
    var stored: Set<String> = []
    for member in members.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
      else { continue }
      for binding in variable.bindings {
        guard let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { continue }
        if let value = binding.initializer?.value, keeps(function, in: value) { return property }
        stored.insert(property)
      }
    }
    // `manager = Manager(rootItem: makePage())` in one of its methods.
    for assignment in SyntaxQueries.nodes(SequenceExprSyntax.self, in: members) {
      let elements = Array(assignment.elements)
      guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
        let target = SyntaxQueries.propertyName(elements[0]), stored.contains(target),
        !(elements[0].is(DeclReferenceExprSyntax.self)
          && SyntaxQueries.isLocal(target, at: elements[0])),
        keeps(function, in: elements[2])
      else { continue }
      return target
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

  /// Whether the value `initializer` stores holds what a call of `function` returns: the call
  /// is the value, or an argument or element of what is (`Manager(rootItem: makePage())`), not
  /// something read off its result (`makePage().title`) or a closure that calls it later. A
  /// closure called at once (`lazy var manager = { … }()`) stores what it returns, directly or
  /// through one of its locals.
  private static func keeps(_ function: FunctionDeclSyntax, in initializer: ExprSyntax) -> Bool {
    if let call = initializer.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
      let body = call.calledExpression.as(ClosureExprSyntax.self)
    {
      return returnedValues(of: body).contains { value in
        keepsCall(of: function, in: value)
          || SyntaxQueries.nodes(DeclReferenceExprSyntax.self, in: value).contains { reference in
            isKept(reference, upTo: value)
              && localValue(reference.baseName.text, in: body).map {
                keepsCall(of: function, in: $0)
              } == true
          }
      }
    }
    return keepsCall(of: function, in: initializer)
  }

  private static func keepsCall(of function: FunctionDeclSyntax, in value: ExprSyntax) -> Bool {
    SyntaxQueries.nodes(FunctionCallExprSyntax.self, in: value).contains { call in
      calls(function, call) && isKept(call, upTo: value)
    }
  }

  /// What `closure` returns: its `return`s' values, or its one expression.
  private static func returnedValues(of closure: ClosureExprSyntax) -> [ExprSyntax] {
    let statements = closure.statements
    if statements.count == 1, let value = statements.first?.item.as(ExprSyntax.self) {
      return [value]
    }
    return SyntaxQueries.nodes(ReturnStmtSyntax.self, in: statements).compactMap(\.expression)
  }

  /// The value local `name` of `closure` is declared with (`let item = makePage()`).
  private static func localValue(_ name: String, in closure: ClosureExprSyntax) -> ExprSyntax? {
    SyntaxQueries.nodes(PatternBindingSyntax.self, in: closure.statements).first {
      $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
    }?.initializer?.value
  }

  /// Whether `call` calls the type's method `function` (`makePage()`, `self.makePage()`) with
  /// arguments its parameters take (an overload of the same name is another method).
  private static func calls(_ function: FunctionDeclSyntax, _ call: FunctionCallExprSyntax)
    -> Bool
  {
    let callee = call.calledExpression
    let name: String
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      name = reference.baseName.text
    } else if let member = callee.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      name = member.declName.baseName.text
    } else {
      return false
    }
    return name == function.name.text
      && accepts(function.signature.parameterClause.parameters, call.arguments)
  }

  /// Whether parameters `parameters` take arguments `arguments`: each argument's label is the
  /// next parameter's, skipping parameters with defaults.
  private static func accepts(
    _ parameters: FunctionParameterListSyntax, _ arguments: LabeledExprListSyntax
  ) -> Bool {
    var remaining = arguments.map { $0.label?.text }[...]
    for parameter in parameters {
      let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
      if let next = remaining.first, next == label {
        remaining = remaining.dropFirst()
      } else if parameter.defaultValue == nil {
        return false
      }
    }
    return remaining.isEmpty
  }

  /// Whether what `call` (or a name) gives is part of the value of `initializer`: only arguments,
  /// elements, `try`, `await` and unwrapping lie between them.
  private static func isKept(_ call: some ExprSyntaxProtocol, upTo initializer: ExprSyntax)
    -> Bool
  {
    var child = Syntax(call)
    while child.id != initializer.id, let parent = child.parent {
      if let outer = parent.as(FunctionCallExprSyntax.self) {
        guard child.id == outer.arguments.id else { return false }
      } else if !(parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
        || parent.is(ArrayElementSyntax.self) || parent.is(ArrayElementListSyntax.self)
        || parent.is(ArrayExprSyntax.self) || parent.is(TupleExprSyntax.self)
        || parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self)
        || parent.is(ForceUnwrapExprSyntax.self))
      {
        return false
      }
      child = parent
    }
    return child.id == initializer.id
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
