import SwiftSyntax

/// Questions about syntax that several rules ask.
enum SyntaxQueries {
  /// Calls that subscribe a closure to a stream.
  static let subscriptionMethods: Set<String> = [
    "sink", "subscribe", "observe", "assign", "bind", "drive", "subscribeNext",
  ]
  /// Names of a type's shared instance.
  static let singletonNames: Set<String> = ["shared", "sharedInstance", "instance"]

  /// Whether `Type.member` reaches a member (not `Type.self`, `Type.init`, `Type.Type`).
  static func isMemberUse(_ access: MemberAccessExprSyntax) -> Bool {
    switch access.declName.baseName.tokenKind {
    case .keyword(.self), .keyword(.`init`), .keyword(.Type): return false
    default: return true
    }
  }

  /// Whether `name`, used at `node`, is a local: a parameter of the enclosing function or
  /// closure, or bound by a statement before it (`let cell = …`, `guard let cell`, `if let`,
  /// `for cell in`), not a property.
  static func isLocal(_ name: String, at node: some SyntaxProtocol) -> Bool {
    var child = Syntax(node)
    while let parent = child.parent {
      if parent.is(MemberBlockSyntax.self) || parent.is(SourceFileSyntax.self) { return false }
      if let function = parent.as(FunctionDeclSyntax.self) {
        return function.signature.parameterClause.parameters.contains {
          ($0.secondName ?? $0.firstName).text == name
        }
      }
      if let initializer = parent.as(InitializerDeclSyntax.self) {
        return initializer.signature.parameterClause.parameters.contains {
          ($0.secondName ?? $0.firstName).text == name
        }
      }
      if let closure = parent.as(ClosureExprSyntax.self),
        let parameters = closure.signature?.parameterClause
      {
        switch parameters {
        case .simpleInput(let list):
          if list.contains(where: { $0.name.text == name }) { return true }
        case .parameterClause(let clause):
          if clause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name }) {
            return true
          }
        }
      }
      if let list = parent.as(CodeBlockItemListSyntax.self) {
        for item in list {
          if item.id == child.id { break }
          if binds(name, item.item) { return true }
        }
      }
      if let statement = parent.as(IfExprSyntax.self), binds(name, statement.conditions) {
        return true
      }
      if let loop = parent.as(ForStmtSyntax.self),
        loop.pattern.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name })
      {
        return true
      }
      child = parent
    }
    return false
  }

  static func binds(_ name: String, _ statement: some SyntaxProtocol) -> Bool {
    if let declaration = statement.as(VariableDeclSyntax.self) {
      return declaration.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
      }
    }
    if let guardStatement = statement.as(GuardStmtSyntax.self) {
      return binds(name, guardStatement.conditions)
    }
    if let conditions = statement.as(ConditionElementListSyntax.self) {
      return conditions.contains {
        if case .optionalBinding(let binding) = $0.condition {
          return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }
        return false
      }
    }
    return false
  }

  /// `x` for `x?` and `x!`: the object a member is reached on.
  static func unwrapped(_ expression: ExprSyntax) -> ExprSyntax {
    var expression = expression
    if let optional = expression.as(OptionalChainingExprSyntax.self) {
      expression = optional.expression
    }
    if let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression }
    return expression
  }

  /// `x` for `x` and `self.x`.
  static func propertyName(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    if let member = expression.as(MemberAccessExprSyntax.self), isSelf(member.base) {
      return member.declName.baseName.text
    }
    return nil
  }

  /// Whether `expression` is `self`, under its own name or a name it was rebound to in an
  /// enclosing scope (`guard let strongSelf = self`, `if let owner = self`): a weak `self`
  /// unwrapped into another name is still the object.
  static func isSelf(_ expression: ExprSyntax?) -> Bool {
    guard let reference = expression?.as(DeclReferenceExprSyntax.self) else { return false }
    switch reference.baseName.tokenKind {
    case .keyword(.self): return true
    case .identifier(let name): return isSelfRebound(name, at: reference)
    default: return false
    }
  }

  /// Whether `name`, used at `node`, was bound to `self` by a statement before it in an
  /// enclosing closure or function (the nearest binding of the name decides).
  static func isSelfRebound(_ name: String, at node: some SyntaxProtocol) -> Bool {
    var child = Syntax(node)
    while let parent = child.parent {
      if parent.is(MemberBlockSyntax.self) || parent.is(SourceFileSyntax.self) { return false }
      if let list = parent.as(CodeBlockItemListSyntax.self) {
        if list.count > StatementBindings.scanLimit {
          if let boundToSelf = StatementBindings.of(list).nearest(name, before: child.position) {
            return boundToSelf
          }
        } else {
          for item in list.reversed() where item.position < child.position {
            if let boundToSelf = binding(of: name, in: item.item) { return boundToSelf }
          }
        }
      }
      if let statement = parent.as(IfExprSyntax.self),
        let boundToSelf = binding(of: name, in: statement.conditions)
      {
        return boundToSelf
      }
      if let statement = parent.as(WhileStmtSyntax.self),
        let boundToSelf = binding(of: name, in: statement.conditions)
      {
        return boundToSelf
      }
      if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) {
        return false
      }
      child = parent
    }
    return false
  }

  /// Whether a statement binds `name` to `self` (true), to something else (false), or does not
  /// bind it (nil).
  private static func binding(of name: String, in statement: some SyntaxProtocol) -> Bool? {
    if let declaration = statement.as(VariableDeclSyntax.self) {
      for binding in declaration.bindings
      where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
        return isPlainSelf(binding.initializer?.value)
      }
      return nil
    }
    if let guardStatement = statement.as(GuardStmtSyntax.self) {
      return binding(of: name, in: guardStatement.conditions)
    }
    guard let conditions = statement.as(ConditionElementListSyntax.self) else { return nil }
    for element in conditions {
      guard case .optionalBinding(let binding) = element.condition,
        binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
      else { continue }
      return isPlainSelf(binding.initializer?.value)
    }
    return nil
  }

  /// The names a statement binds (a declaration, a `guard`), each with whether it binds it to
  /// `self`: what ``binding(of:in:)`` answers for each name, all at once.
  static func names(boundBy statement: some SyntaxProtocol) -> [(name: String, toSelf: Bool)] {
    if let declaration = statement.as(VariableDeclSyntax.self) {
      var names: [(name: String, toSelf: Bool)] = []
      for binding in declaration.bindings {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
          !names.contains(where: { $0.name == name })
        else { continue }
        names.append((name, isPlainSelf(binding.initializer?.value)))
      }
      return names
    }
    guard let guardStatement = statement.as(GuardStmtSyntax.self) else { return [] }
    var names: [(name: String, toSelf: Bool)] = []
    for element in guardStatement.conditions {
      guard case .optionalBinding(let binding) = element.condition,
        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
        !names.contains(where: { $0.name == name })
      else { continue }
      names.append((name, isPlainSelf(binding.initializer?.value)))
    }
    return names
  }

  private static func isPlainSelf(_ expression: ExprSyntax?) -> Bool {
    expression?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
  }

  /// `Foo(...)`, `Foo<Bar>(...)`, `Module.Foo(...)`, `Foo.init(...)`, `.init(...)`: a type's
  /// initializer.
  static func isInitializer(_ callee: ExprSyntax) -> Bool {
    var callee = callee
    if let specialized = callee.as(GenericSpecializationExprSyntax.self),
      specialized.expression.is(MemberAccessExprSyntax.self)
    {
      callee = specialized.expression
    }
    if let member = callee.as(MemberAccessExprSyntax.self) {
      // `UICollectionView.CellRegistration<…>(…)`: a nested type's, named from its outer type.
      if let base = member.base, isTypeName(base) {
        return member.declName.baseName.tokenKind == .keyword(.`init`)
          || member.declName.baseName.text.first?.isUppercase == true
      }
      return member.base == nil && member.declName.baseName.tokenKind == .keyword(.`init`)
    }
    guard let first = calleeTypeName(callee).unicodeScalars.first else { return false }
    return first.properties.isUppercase
  }

  /// Whether `expression` reads as a type: `UICollectionView`, `UIKit.UIView`.
  private static func isTypeName(_ expression: ExprSyntax) -> Bool {
    // `BehaviorRelay<Date>` in `BehaviorRelay<Date>.init(value: now)`.
    if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
      return isTypeName(specialized.expression)
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text.first?.isUppercase == true
    }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
      return member.declName.baseName.text.first?.isUppercase == true && isTypeName(base)
    }
    return false
  }

  /// The type a call builds: `Foo` for `Foo(…)`, `Foo<Bar>(…)`, `Foo.init(…)` and
  /// `Foo<Bar>.init(…)`, else empty.
  static func constructedTypeName(_ callee: ExprSyntax) -> String {
    if let member = callee.as(MemberAccessExprSyntax.self),
      member.declName.baseName.tokenKind == .keyword(.`init`), let base = member.base
    {
      return calleeTypeName(base)
    }
    return calleeTypeName(callee)
  }

  /// `Foo` for a callee `Foo` or `Foo<Bar>`, else empty.
  static func calleeTypeName(_ callee: ExprSyntax) -> String {
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    if let specialized = callee.as(GenericSpecializationExprSyntax.self) {
      return specialized.expression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
    }
    return ""
  }

  /// The call a closure is an argument (or trailing closure) of.
  static func enclosingCall(ofArgument closure: some SyntaxProtocol) -> FunctionCallExprSyntax? {
    if let call = closure.parent?.as(FunctionCallExprSyntax.self) { return call }  // trailing
    if let element = closure.parent?.as(MultipleTrailingClosureElementSyntax.self) {
      return element.parent?.parent?.as(FunctionCallExprSyntax.self)
    }
    if let argument = closure.parent?.as(LabeledExprSyntax.self) {
      return argument.parent?.parent?.as(FunctionCallExprSyntax.self)
    }
    return nil
  }

  /// The closure a call takes last (trailing or as its last argument).
  static func lastClosure(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
    call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
  }

  /// Whether a later call in the member chain of `call` is one of `names`
  /// (`….subscribe { }.disposeOnDeactivate(interactor: self)`).
  static func chainEnds(_ call: Syntax, in names: Set<String>) -> Bool {
    var node = call
    while let parent = node.parent {
      if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
        if names.contains(member.declName.baseName.text) { return true }
        node = parent
        continue
      }
      if parent.is(FunctionCallExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self) {
        node = parent
        continue
      }
      return false
    }
    return false
  }

  /// The name of the method (or `init`) a node is in.
  static func enclosingFunction(of node: some SyntaxProtocol) -> String? {
    var current = node.parent
    while let parent = current {
      if let function = parent.as(FunctionDeclSyntax.self) { return function.name.text }
      if parent.is(InitializerDeclSyntax.self) { return "init" }
      if parent.is(MemberBlockSyntax.self) { return nil }
      current = parent.parent
    }
    return nil
  }

  /// `target = value` when `node` is the value of a plain assignment: the target.
  static func assignmentTarget(of node: some SyntaxProtocol) -> ExprSyntax? {
    guard let list = node.parent?.as(ExprListSyntax.self),
      let sequence = list.parent?.as(SequenceExprSyntax.self)
    else { return nil }
    let elements = Array(sequence.elements)
    guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
      elements[2].id == Syntax(node).id
    else { return nil }
    return elements[0]
  }

  /// `SomeType.self` (a metatype), not the instance.
  static func isMetatypeSelf(_ token: TokenSyntax) -> Bool {
    guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
      let member = reference.parent?.as(MemberAccessExprSyntax.self)
    else { return false }
    return member.declName.id == reference.id
  }

  /// Whether a statement after `item` in `list` names `name` (stored, bound, returned or passed
  /// on: the author kept hold of it).
  static func usesLater(
    _ name: String, after item: CodeBlockItemSyntax, in list: CodeBlockItemListSyntax
  ) -> Bool {
    var seen = false
    for statement in list {
      if statement.id == item.id {
        seen = true
        continue
      }
      guard seen else { continue }
      for token in statement.tokens(viewMode: .sourceAccurate) where token.text == name {
        return true
      }
    }
    return false
  }

  /// The type a `shared { Foo(...) }` closure creates.
  static func createdType(in closure: ClosureExprSyntax) -> String? {
    guard let last = closure.statements.last?.item else { return nil }
    var expression: ExprSyntax?
    if let value = last.as(ExprSyntax.self) {
      expression = value
    } else if let statement = last.as(ReturnStmtSyntax.self) {
      expression = statement.expression
    }
    guard let call = expression?.as(FunctionCallExprSyntax.self),
      isInitializer(call.calledExpression)
    else { return nil }
    let name = calleeTypeName(call.calledExpression)
    return name.isEmpty ? nil : name
  }
}
