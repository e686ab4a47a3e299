import SwiftSyntax

extension RetainCycleClosure {
  /// The way up from a call (or a local's name) to the value a property is given, and whether
  /// what the call makes is kept along it: passed as an argument or element, chosen by an
  /// operator (`isNew ? makeWelcome() : makeBack()`, `saved ?? makePage()`, `as!`), returned,
  /// assigned or stored in a local that is kept, in a closure run at once (`lazy var tabs = {
  /// … }()`, `items.map { makePage(for: $0) }`, `.then { }`). Not something read off it
  /// (`makePage().title`), nor a closure kept to run later (a data source's cell provider).
  struct KeptPath {
    let value: ExprSyntax
    /// Locals followed to get here.
    var depth = 0

    /// Whether what `start` gives is kept in `value`.
    func keeps(_ start: Syntax) -> Bool {
      var child = start
      // Still `start` itself, maybe wrapped (`try`, `!`, parentheses): reading a member off it
      // reads off what is made.
      var direct = true
      while child.id != value.id {
        guard let parent = child.parent else { return false }
        if parent.isWrapper {
          // the same value
        } else if let member = parent.as(MemberAccessExprSyntax.self) {
          guard !direct, member.base?.id == child.id else { return false }
        } else if let call = parent.as(FunctionCallExprSyntax.self) {
          // The called expression: a closure run at once, or a method called on what the
          // value was handed to (`Navigation(root: makePage()).then { }`).
          let isRunOrCalledOnTheHolder =
            child.is(ClosureExprSyntax.self) || (!direct && child.is(MemberAccessExprSyntax.self))
          if child.id == call.calledExpression.id, !isRunOrCalledOnTheHolder { return false }
          direct = false
        } else if let closure = parent.as(ClosureExprSyntax.self) {
          guard Self.runsAtOnce(closure) else { return false }
          direct = false
        } else if parent.is(InitializerClauseSyntax.self) {
          return keepsLocal(bound: parent)
        } else if parent.isOnTheWay {
          direct = false
        } else {
          return false
        }
        child = parent
      }
      return true
    }

    /// Whether the local a `let item = …` initializer (`clause`) binds is kept where it is
    /// used after.
    private func keepsLocal(bound clause: Syntax) -> Bool {
      guard depth < 3,
        let binding = clause.parent?.as(PatternBindingSyntax.self),
        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
        let item = binding.parent?.parent?.parent?.as(CodeBlockItemSyntax.self),
        let list = item.parent?.as(CodeBlockItemListSyntax.self),
        let index = list.firstIndex(where: { $0.id == item.id })
      else { return false }
      let deeper = KeptPath(value: value, depth: depth + 1)
      return list[list.index(after: index)...].contains { later in
        SyntaxQueries.nodes(DeclReferenceExprSyntax.self, in: later).contains {
          $0.baseName.text == name && deeper.keeps(Syntax($0))
        }
      }
    }

    /// Methods that run the closure they are given before they return.
    private static let runners: Set<String> = [
      "map", "compactMap", "flatMap", "forEach", "reduce", "filter", "sorted", "then", "with",
      "apply", "also", "do", "first", "contains", "allSatisfy",
    ]

    /// Whether `closure` runs before what holds it returns: called at once (`{ … }()`), or
    /// handed to one of the ``runners``.
    private static func runsAtOnce(_ closure: ClosureExprSyntax) -> Bool {
      var node = Syntax(closure)
      while let parent = node.parent,
        parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
          || parent.is(MultipleTrailingClosureElementSyntax.self)
          || parent.is(MultipleTrailingClosureElementListSyntax.self)
      {
        node = parent
      }
      guard let call = node.parent?.as(FunctionCallExprSyntax.self) else { return false }
      if call.calledExpression.id == closure.id { return true }
      let callee =
        call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
      return runners.contains(callee)
    }
  }
}

extension Syntax {
  /// Wraps the value it holds without changing it: `try`, `await`, `!`, parentheses.
  fileprivate var isWrapper: Bool {
    if let tuple = `as`(TupleExprSyntax.self) { return tuple.elements.count == 1 }
    return `is`(TryExprSyntax.self) || `is`(AwaitExprSyntax.self)
      || `is`(ForceUnwrapExprSyntax.self)
  }

  /// Carries a value on towards what holds it: arguments, elements, operators, statements.
  fileprivate var isOnTheWay: Bool {
    `is`(LabeledExprSyntax.self) || `is`(LabeledExprListSyntax.self)
      || `is`(ArrayElementSyntax.self) || `is`(ArrayElementListSyntax.self)
      || `is`(ArrayExprSyntax.self) || `is`(DictionaryElementSyntax.self)
      || `is`(DictionaryElementListSyntax.self) || `is`(DictionaryExprSyntax.self)
      || `is`(TupleExprSyntax.self) || `is`(ExprListSyntax.self)
      || `is`(SequenceExprSyntax.self) || `is`(TernaryExprSyntax.self)
      || `is`(UnresolvedTernaryExprSyntax.self) || `is`(AsExprSyntax.self)
      || `is`(InfixOperatorExprSyntax.self) || `is`(MultipleTrailingClosureElementSyntax.self)
      || `is`(MultipleTrailingClosureElementListSyntax.self) || `is`(CodeBlockItemSyntax.self)
      || `is`(CodeBlockItemListSyntax.self) || `is`(CodeBlockSyntax.self)
      || `is`(ReturnStmtSyntax.self) || `is`(ExpressionStmtSyntax.self)
      || `is`(IfExprSyntax.self) || `is`(SwitchExprSyntax.self)
      || `is`(SwitchCaseListSyntax.self) || `is`(SwitchCaseSyntax.self)
      || `is`(DeferStmtSyntax.self) || `is`(DoStmtSyntax.self)
  }
}
