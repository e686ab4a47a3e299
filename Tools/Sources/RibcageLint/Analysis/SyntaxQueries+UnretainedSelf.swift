import SwiftSyntax

/// RxSwift's ways of handing `self` to a closure without the closure capturing it:
/// `source.withUnretained(self).subscribe(onNext: { owner, value in … })` and
/// `source.subscribe(with: self, onNext: { owner, value in … })` (also `bind(with:)`,
/// `drive(with:)`). The closure's first parameter is then the object itself: what it reaches
/// through `owner.` is the object's own (for whose a stream is); it is not a capture (for
/// retain cycles, which ask ``isSelf(_:)``).
extension SyntaxQueries {
  /// Whether `expression` is `self`, a name it was rebound to, or the first parameter of a
  /// closure RxSwift hands `self` to unretained.
  static func isSelfOrItsUnretainedOwner(_ expression: ExprSyntax?) -> Bool {
    if isSelf(expression) { return true }
    guard let reference = expression?.as(DeclReferenceExprSyntax.self),
      case .identifier(let name) = reference.baseName.tokenKind
    else { return false }
    var current = reference.parent
    while let node = current, !node.is(MemberBlockSyntax.self) {
      if let closure = node.as(ClosureExprSyntax.self),
        let parameters = parameterNames(of: closure),
        parameters.contains(name)
      {
        // The nearest closure naming the parameter decides.
        return parameters.first == name && isHandedSelfUnretained(closure)
      }
      current = node.parent
    }
    return false
  }

  /// The names of a closure's parameters, in order (nil when it names none).
  private static func parameterNames(of closure: ClosureExprSyntax) -> [String]? {
    switch closure.signature?.parameterClause {
    case .simpleInput(let list): list.map(\.name.text)
    case .parameterClause(let clause):
      clause.parameters.map { ($0.secondName ?? $0.firstName).text }
    case nil: nil
    }
  }

  /// Whether the call `closure` is handed to passes `self` as `with:`, or is made on a chain
  /// that went through `withUnretained(self)`.
  private static func isHandedSelfUnretained(_ closure: ClosureExprSyntax) -> Bool {
    guard let call = enclosingCall(ofArgument: closure) else { return false }
    if call.arguments.contains(where: { $0.label?.text == "with" && isSelf($0.expression) }) {
      return true
    }
    var receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
    while let expression = receiver {
      if let inner = expression.as(FunctionCallExprSyntax.self) {
        if let member = inner.calledExpression.as(MemberAccessExprSyntax.self),
          member.declName.baseName.text == "withUnretained",
          inner.arguments.count == 1, isSelf(inner.arguments.first?.expression)
        {
          return true
        }
        receiver = inner.calledExpression.as(MemberAccessExprSyntax.self)?.base
      } else if let member = expression.as(MemberAccessExprSyntax.self) {
        receiver = member.base
      } else {
        return false
      }
    }
    return false
  }
}
