import SwiftSyntax

/// Which attaches are permanent (a child attached once for the router's life), read from the
/// route's own code: where it attaches, what guards it, and how its method is called.
extension AttachWithoutDetach {
  /// The offset of the `switch` case `call` is made from, when that case is one of several
  /// requests the method answers (not in a loop over cases: that runs every case).
  static func dispatchingCase(of call: FunctionCallExprSyntax) -> Int? {
    var current = call.parent
    var found: Int?
    while let node = current, !node.is(FunctionDeclSyntax.self) {
      if node.is(ForStmtSyntax.self) || node.is(WhileStmtSyntax.self)
        || node.is(RepeatStmtSyntax.self) || node.is(ClosureExprSyntax.self)
      {
        return nil
      }
      if found == nil, let branch = node.as(SwitchCaseSyntax.self) {
        found = branch.position.utf8Offset
      }
      current = node.parent
    }
    return found
  }

  /// Whether a function starts by returning when a child is already attached
  /// (`if listRouting != nil { return }`, `guard child == nil else { return }`).
  static func returnsWhenAttached(_ function: FunctionDeclSyntax) -> Bool {
    guard let first = function.body?.statements.first?.item else { return false }
    func isNilCheck(_ condition: ConditionElementListSyntax, _ op: String) -> Bool {
      nilChecked(condition, op) != nil
    }
    func returnsOnly(_ block: CodeBlockSyntax) -> Bool {
      block.statements.count == 1 && block.statements.first?.item.is(ReturnStmtSyntax.self) == true
    }
    if let guardStatement = first.as(GuardStmtSyntax.self) {
      return isNilCheck(guardStatement.conditions, "==") && returnsOnly(guardStatement.body)
    }
    if let expression = first.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
      ?? first.as(IfExprSyntax.self)
    {
      return expression.elseBody == nil && isNilCheck(expression.conditions, "!=")
        && returnsOnly(expression.body)
    }
    return false
  }

  /// `child` in a lone condition `child == nil` (with `==`) or `child != nil` (with `!=`).
  static func nilChecked(_ condition: ConditionElementListSyntax, _ op: String)
    -> ExprSyntax?
  {
    guard condition.count == 1, case .expression(let expression) = condition.first?.condition,
      let sequence = expression.as(SequenceExprSyntax.self)
    else { return nil }
    let elements = Array(sequence.elements)
    guard elements.count == 3,
      elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == op,
      elements[2].is(NilLiteralExprSyntax.self)
    else { return nil }
    return elements[0]
  }

  /// Whether an `attachChild` call attaches a child for the router's whole life: in `didLoad`,
  /// an initializer or a build step, in a loop, in a function that attaches several children
  /// at once (a tab bar's tabs), or in one that returns when the child is attached already —
  /// when it keeps the child: a guard on a property the route never sets stops nothing.
  static func attachesPermanently(_ call: FunctionCallExprSyntax, keepsChild: Bool) -> Bool {
    var current = call.parent
    while let node = current {
      if node.is(ForStmtSyntax.self) || node.is(InitializerDeclSyntax.self) { return true }
      if let closure = node.as(ClosureExprSyntax.self),
        let outer = SyntaxQueries.enclosingCall(ofArgument: closure),
        let member = outer.calledExpression.as(MemberAccessExprSyntax.self),
        ["forEach", "map", "compactMap"].contains(member.declName.baseName.text)
      {
        return true
      }
      if let function = node.as(FunctionDeclSyntax.self) {
        let name = function.name.text
        if name == "didLoad" || name.hasPrefix("build") || name == "loadView"
          || name == "viewDidLoad"
        {
          return true
        }
        guard let body = function.body else { return false }
        if keepsChild, returnsWhenAttached(function) { return true }
        var attaches = 0
        for token in body.tokens(viewMode: .sourceAccurate) where token.text == "attachChild" {
          attaches += 1
        }
        return attaches > 1
      }
      current = node.parent
    }
    return false
  }

  /// Whether `call` runs only while `property` is nil: in the body of an `if` one of whose
  /// conditions is `property == nil` or `nil == property` (alone, or with others by `,` or
  /// `&&`).
  static func isOnlyWhileNil(_ call: FunctionCallExprSyntax, property: String) -> Bool {
    var current = call.parent
    while let node = current, !node.is(FunctionDeclSyntax.self) {
      if let branch = node.as(CodeBlockSyntax.self),
        let condition = branch.parent?.as(IfExprSyntax.self), condition.body.id == branch.id,
        condition.conditions.contains(where: { element in
          guard case .expression(let expression) = element.condition else { return false }
          return comparesToNil(expression, property)
        })
      {
        return true
      }
      current = node.parent
    }
    return false
  }

  /// Whether `expression` is `property == nil`, `nil == property`, or a `&&` of terms one of
  /// which is.
  private static func comparesToNil(_ expression: ExprSyntax, _ property: String) -> Bool {
    guard let sequence = expression.as(SequenceExprSyntax.self) else { return false }
    let elements = Array(sequence.elements)
    // `child == nil || …` may run with the child set.
    if elements.contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "||" }) {
      return false
    }
    var index = 0
    while index + 2 < elements.count {
      let op = elements[index + 1].as(BinaryOperatorExprSyntax.self)?.operator.text
      if op == "==" {
        let (left, right) = (elements[index], elements[index + 2])
        if (right.is(NilLiteralExprSyntax.self) && SyntaxQueries.propertyName(left) == property)
          || (left.is(NilLiteralExprSyntax.self) && SyntaxQueries.propertyName(right) == property)
        {
          return true
        }
      }
      index += 2
    }
    return false
  }
}
