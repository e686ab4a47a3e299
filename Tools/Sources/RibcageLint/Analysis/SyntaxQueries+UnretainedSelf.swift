import SwiftSyntax

/// RxSwift's ways of handing `self` to a closure without the closure capturing it:
/// `source.withUnretained(self).subscribe(onNext: { owner, value in … })` and
/// `source.subscribe(with: self, onNext: { owner, value in … })` (also `bind(with:)`,
/// `drive(with:)`). The closure's first parameter is then the object itself: what it reaches
/// through `owner.` is the object's own (for whose a stream is); it is not a capture (for
/// retain cycles, which ask ``isSelf(_:)``).
extension SyntaxQueries {
  /// Operators that hand each element on as it came (`withUnretained`'s `(owner, value)` pairs
  /// stay pairs through them); any other (`map`, `flatMap`) makes new elements.
  static let elementPreservingOperators: Set<String> = [
    "observe", "observeOn", "subscribe", "subscribeOn", "filter", "do", "debounce", "throttle",
    "distinctUntilChanged", "delay", "take", "skip", "share", "asObservable", "asDriver",
    "asSignal", "catchAndReturn", "retry", "startWith",
  ]

  /// Whether `expression` is `self`, a name it was rebound to, or the object RxSwift hands a
  /// closure unretained: its first parameter (`owner`), `$0` of a `with:` closure, `$0.0` (or
  /// `$0` beside `$1`) of a `withUnretained` one.
  static func isSelfOrItsUnretainedOwner(_ expression: ExprSyntax?) -> Bool {
    isSelf(expression) || isUnretainedOwner(expression)
  }

  /// Whether `expression` is the object RxSwift hands a closure unretained (not `self` itself).
  static func isUnretainedOwner(_ expression: ExprSyntax?) -> Bool {
    if let pair = expression?.as(MemberAccessExprSyntax.self), pair.declName.baseName.text == "0",
      let base = pair.base?.as(DeclReferenceExprSyntax.self), base.baseName.text == "$0",
      let closure = enclosingClosure(of: base), handsSelfUnretained(closure) == .asPair
    {
      return true
    }
    guard let reference = expression?.as(DeclReferenceExprSyntax.self),
      case .identifier(let name) = reference.baseName.tokenKind
    else {
      if let reference = expression?.as(DeclReferenceExprSyntax.self),
        reference.baseName.text == "$0", let closure = enclosingClosure(of: reference)
      {
        switch handsSelfUnretained(closure) {
        case .alone: return true
        case .asPair: return mentions("$1", in: closure)
        case nil: return false
        }
      }
      return false
    }
    // The closure naming the parameter first (most names are no closure's parameter: one walk
    // up, no statement read), then whether anything between declares the name again.
    var current = reference.parent
    var naming: ClosureExprSyntax?
    while let parent = current, !parent.is(MemberBlockSyntax.self) {
      if let closure = parent.as(ClosureExprSyntax.self),
        closureParameterNames(of: closure)?.contains(name) == true
      {
        naming = closure
        break
      }
      current = parent.parent
    }
    guard let closure = naming, closureParameterNames(of: closure)?.first == name,
      handsSelfUnretained(closure) != nil
    else { return false }
    return !isDeclaredAgain(name, between: reference, and: closure)
  }

  /// Whether a statement between `reference` and the closure whose parameter it names declares
  /// `name` again (`guard let owner = owner.child`, `if let owner`, `for owner in`).
  private static func isDeclaredAgain(
    _ name: String, between reference: DeclReferenceExprSyntax, and closure: ClosureExprSyntax
  ) -> Bool {
    var child = Syntax(reference)
    while let parent = child.parent, parent.id != closure.id {
      if let list = parent.as(CodeBlockItemListSyntax.self),
        list.contains(where: { $0.position < child.position && binds(name, $0.item) })
      {
        return true
      }
      if let statement = parent.as(IfExprSyntax.self), binds(name, statement.conditions) {
        return true
      }
      if let loop = parent.as(ForStmtSyntax.self),
        nodes(IdentifierPatternSyntax.self, in: loop.pattern).contains(where: {
          $0.identifier.text == name
        })
      {
        return true
      }
      child = parent
    }
    return false
  }

  /// ``propertyName(_:)``, also through the object RxSwift hands a closure unretained
  /// (`owner.relay`).
  static func ownPropertyName(_ expression: ExprSyntax) -> String? {
    if let name = propertyName(expression) { return name }
    guard let member = expression.as(MemberAccessExprSyntax.self), isUnretainedOwner(member.base)
    else { return nil }
    return member.declName.baseName.text
  }

  /// The names of a closure's parameters, in order (nil when it names none).
  static func closureParameterNames(of closure: ClosureExprSyntax) -> [String]? {
    switch closure.signature?.parameterClause {
    case .simpleInput(let list): list.map(\.name.text)
    case .parameterClause(let clause):
      clause.parameters.map { ($0.secondName ?? $0.firstName).text }
    case nil: nil
    }
  }

  /// How a closure is handed `self` unretained: alone (`with: self`), or as the first of a
  /// pair (`withUnretained(self)` earlier in the chain, with nothing since that makes new
  /// elements); nil when it is not.
  enum UnretainedHandOver { case alone, asPair }

  private static func handsSelfUnretained(_ closure: ClosureExprSyntax) -> UnretainedHandOver? {
    guard let call = enclosingCall(ofArgument: closure) else { return nil }
    if call.arguments.contains(where: { $0.label?.text == "with" && isSelf($0.expression) }) {
      return .alone
    }
    var receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
    while let expression = receiver {
      if let inner = expression.as(FunctionCallExprSyntax.self) {
        guard let member = inner.calledExpression.as(MemberAccessExprSyntax.self) else {
          return nil
        }
        let name = member.declName.baseName.text
        if name == "withUnretained" {
          return inner.arguments.count == 1 && isSelf(inner.arguments.first?.expression)
            ? .asPair : nil
        }
        guard elementPreservingOperators.contains(name) else { return nil }
        receiver = member.base
      } else if let member = expression.as(MemberAccessExprSyntax.self) {
        receiver = member.base
      } else {
        return nil
      }
    }
    return nil
  }

  /// The closure `node` is directly in (not past a function or type).
  private static func enclosingClosure(of node: some SyntaxProtocol) -> ClosureExprSyntax? {
    var current = node.parent
    while let parent = current {
      if let closure = parent.as(ClosureExprSyntax.self) { return closure }
      if parent.is(FunctionDeclSyntax.self) || parent.is(MemberBlockSyntax.self) { return nil }
      current = parent.parent
    }
    return nil
  }

  private static func mentions(_ token: String, in closure: ClosureExprSyntax) -> Bool {
    closure.statements.tokens(viewMode: .sourceAccurate).contains { $0.text == token }
  }
}
