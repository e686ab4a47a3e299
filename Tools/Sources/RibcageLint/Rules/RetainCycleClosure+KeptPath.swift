import SwiftSyntax

extension RetainCycleClosure {
  /// The way up from a call (or a local's name) to the value a property is given, and whether
  /// what the call makes is kept along it: passed to an initializer or a method of an object
  /// (not a free function such as `print`), put in an array or dictionary, chosen by `?:`,
  /// `??` or `as!`, returned — or assigned to, or handed to a method of, the local a closure run
  /// at once returns (`lazy var tabs = { let tabs = …; tabs.viewControllers = [makeHome()];
  /// return tabs }()`), or made in a closure handed to `map`/`then` on a value (not a stream).
  /// Not something read off it (`makePage().title`), compared, dropped, or made in a closure
  /// kept to run later (a data source's cell provider, a stream operator).
  final class KeptPath {
    /// The values properties are given that the path may end in.
    let values: Set<SyntaxIdentifier>
    /// The value a path that keeps ended in.
    private(set) var reached: SyntaxIdentifier?
    /// Locals already judged (`let card = makeCard()`), by their binding: each once.
    private var judgedLocals: [SyntaxIdentifier: Bool] = [:]

    /// Which statements use which names, shared by every path of a file.
    let statements: StatementUses

    init(value: ExprSyntax, statements: StatementUses) {
      values = [value.id]
      self.statements = statements
    }

    /// A path that may end in any of `values` (every value a method's properties are given:
    /// the locals between are judged once for all of them).
    init(values: [ExprSyntax], statements: StatementUses) {
      self.values = Set(values.map(\.id))
      self.statements = statements
    }

    /// Whether what `start` gives is kept in one of ``values``.
    func keeps(_ start: Syntax, depth: Int = 0) -> Bool {
      var child = start
      // Still `start` itself, maybe wrapped (`try`, `!`, parentheses): reading a member off it
      // reads off what is made, and a statement of it alone drops it.
      var direct = true
      var previous = start
      while !values.contains(child.id) {
        guard let parent = child.parent else { return false }
        if parent.isWrapper {
          // the same value
        } else if let member = parent.as(MemberAccessExprSyntax.self) {
          guard !direct, member.base?.id == child.id else { return false }
        } else if let call = parent.as(FunctionCallExprSyntax.self) {
          if child.id == call.calledExpression.id {
            // A closure run at once, or a method called on what the value was handed to
            // (`Navigation(root: makePage()).then { }`).
            let isRunOrCalledOnTheHolder =
              child.is(ClosureExprSyntax.self)
              || (!direct && child.is(MemberAccessExprSyntax.self))
            guard isRunOrCalledOnTheHolder else { return false }
          } else if !Self.keepsArguments(call) {
            return false
          }
          direct = false
        } else if let closure = parent.as(ClosureExprSyntax.self) {
          guard Self.runsAtOnce(closure) else { return false }
          direct = false
        } else if parent.is(InitializerClauseSyntax.self) {
          return depth < 2 && keepsLocal(bound: parent, depth: depth)
        } else if let sequence = parent.as(SequenceExprSyntax.self) {
          guard Self.carries(sequence, from: previous) else { return false }
          direct = false
        } else if let item = parent.as(CodeBlockItemSyntax.self) {
          guard Self.keepsStatement(item, reachedFrom: child, direct: direct) else { return false }
          direct = false
        } else if parent.isOnTheWay {
          direct = false
        } else {
          return false
        }
        previous = child
        child = parent
      }
      reached = child.id
      return true
    }

    /// Whether the local a `let item = …` initializer (`clause`) binds is kept where it is
    /// used after.
    private func keepsLocal(bound clause: Syntax, depth: Int) -> Bool {
      guard let binding = clause.parent?.as(PatternBindingSyntax.self) else { return false }
      if let known = judgedLocals[binding.id] { return known }
      judgedLocals[binding.id] = false
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
        let item = binding.parent?.parent?.parent?.as(CodeBlockItemSyntax.self),
        let list = item.parent?.as(CodeBlockItemListSyntax.self)
      else { return false }
      // Only the later statements that name it: read once per block, not once per local.
      let kept = statements.later(than: item, in: list, naming: name).contains { later in
        SyntaxQueries.nodes(DeclReferenceExprSyntax.self, in: later).contains {
          $0.baseName.text == name && keeps(Self.holder(of: $0, in: later), depth: depth + 1)
        }
      }
      judgedLocals[binding.id] = kept
      return kept
    }

    /// What keeps a local where `reference` uses it in `statement`: the outermost closure
    /// around the use that runs later, which captures the local (`cellProvider: { …
    /// registration … }` keeps the registration); else the use itself.
    private static func holder(
      of reference: DeclReferenceExprSyntax, in statement: CodeBlockItemSyntax
    ) -> Syntax {
      var holder = Syntax(reference)
      var node = reference.parent
      while let current = node, current.id != statement.id {
        if let closure = current.as(ClosureExprSyntax.self), !runsAtOnce(closure) {
          holder = current
        }
        node = current.parent
      }
      return holder
    }

    /// Whether a call keeps what it is handed: an initializer (`Manager(rootItem:)`,
    /// `.init(…)`), or a method of an object (`tabs.setViewControllers(…)`); not a free
    /// function (`print`, `isVisible`), which only looks at it.
    private static func keepsArguments(_ call: FunctionCallExprSyntax) -> Bool {
      if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
        return reference.baseName.text.first?.isUppercase == true
      }
      return call.calledExpression.is(MemberAccessExprSyntax.self)
        || call.calledExpression.is(GenericSpecializationExprSyntax.self)
    }

    /// Whether an operator sequence hands on `child`'s value: the right side of `=` (not to
    /// `_`) or of `+=`, a branch of `?:`, either side of `??`, the value cast by `as`.
    private static func carries(_ sequence: SequenceExprSyntax, from child: Syntax) -> Bool {
      let elements = Array(sequence.elements)
      for (index, element) in elements.enumerated() {
        if let binary = element.as(BinaryOperatorExprSyntax.self) {
          // `cards += [makeCard()]` adds the right side to the left.
          let addsTheRightSide =
            binary.operator.text == "+=" && index == 1 && elements.first?.id != child.id
          guard binary.operator.text == "??" || addsTheRightSide else { return false }
        }
        if element.is(AssignmentExprSyntax.self) {
          if index == 1, elements.first?.is(DiscardAssignmentExprSyntax.self) == true {
            return false
          }
          // The target is no value handed on.
          if elements.prefix(index).contains(where: { $0.id == child.id }) { return false }
        }
      }
      return true
    }

    /// Whether a statement of a closure run at once keeps what it holds: a `return` (or the
    /// closure's one expression), or one that assigns to, or calls a method of, a local the
    /// closure returns. A value alone in a statement is dropped.
    private static func keepsStatement(
      _ item: CodeBlockItemSyntax, reachedFrom child: Syntax, direct: Bool
    ) -> Bool {
      guard let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return false }
      if item.item.is(ReturnStmtSyntax.self) { return true }
      // A closure's one expression, or a branch of an `if` or `switch` expression.
      if list.count == 1,
        list.parent?.is(ClosureExprSyntax.self) == true
          || list.parent?.parent?.is(IfExprSyntax.self) == true
          || list.parent?.is(SwitchCaseSyntax.self) == true
      {
        return true
      }
      guard !direct, let root = receiverRoot(of: item.item) else { return false }
      // `$0.viewControllers = …` in `.then { }`: the value the closure is handed.
      if root == "$0" { return true }
      var node = list.parent
      while let current = node, !current.is(ClosureExprSyntax.self) { node = current.parent }
      guard let closure = node?.as(ClosureExprSyntax.self) else { return false }
      return returnedLocals(of: closure).contains(root)
    }

    /// The name a statement writes into or calls on: `tabs` for `tabs.viewControllers = …`
    /// and for `tabs.setViewControllers(…)`.
    private static func receiverRoot(of statement: CodeBlockItemSyntax.Item) -> String? {
      var expression: ExprSyntax?
      if let sequence = statement.as(SequenceExprSyntax.self) {
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
        expression = elements.first
      } else if let call = statement.as(FunctionCallExprSyntax.self) {
        expression = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
      }
      while let member = expression?.as(MemberAccessExprSyntax.self) { expression = member.base }
      return expression?.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// The names `closure`'s `return`s give back.
    private static func returnedLocals(of closure: ClosureExprSyntax) -> Set<String> {
      Set(
        closure.statements.compactMap {
          $0.item.as(ReturnStmtSyntax.self)?.expression?.as(DeclReferenceExprSyntax.self)?
            .baseName.text
        })
    }

    /// Methods that run the closure they are given before they return, and return what it
    /// makes (on a value, not a stream: `relay.map { }` runs per event, later).
    private static let runners: Set<String> = [
      "map", "compactMap", "flatMap", "then", "with", "apply", "also",
    ]

    /// Whether `closure` runs before what holds it returns: called at once (`{ … }()`), or
    /// handed to one of the ``runners`` on something that is no stream.
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
      guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
        runners.contains(member.declName.baseName.text)
      else { return false }
      let receiver = member.base?.trimmedDescription.lowercased() ?? ""
      guard !receiver.contains(".rx"), !receiver.hasPrefix("$"),
        !UnboundSubscription.reactiveWords.contains(where: { receiver.contains($0.lowercased()) })
      else { return false }
      // Subscribed to further on (`items.map { }.sink { }`): a stream after all.
      var outer = Syntax(call)
      while let access = outer.parent?.as(MemberAccessExprSyntax.self),
        let next = access.parent?.as(FunctionCallExprSyntax.self)
      {
        if SyntaxQueries.subscriptionMethods.contains(access.declName.baseName.text) {
          return false
        }
        outer = Syntax(next)
      }
      return true
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

  /// Carries a value on towards what holds it: arguments, elements, branches, casts.
  fileprivate var isOnTheWay: Bool {
    `is`(LabeledExprSyntax.self) || `is`(LabeledExprListSyntax.self)
      || `is`(ArrayElementSyntax.self) || `is`(ArrayElementListSyntax.self)
      || `is`(ArrayExprSyntax.self) || `is`(DictionaryElementSyntax.self)
      || `is`(DictionaryElementListSyntax.self) || `is`(DictionaryExprSyntax.self)
      || `is`(TupleExprSyntax.self) || `is`(ExprListSyntax.self)
      || `is`(TernaryExprSyntax.self) || `is`(UnresolvedTernaryExprSyntax.self)
      || `is`(AsExprSyntax.self) || `is`(MultipleTrailingClosureElementSyntax.self)
      || `is`(MultipleTrailingClosureElementListSyntax.self)
      || `is`(CodeBlockItemListSyntax.self) || `is`(CodeBlockSyntax.self)
      || `is`(ReturnStmtSyntax.self) || `is`(ExpressionStmtSyntax.self)
      || `is`(IfExprSyntax.self) || `is`(SwitchExprSyntax.self)
      || `is`(SwitchCaseListSyntax.self) || `is`(SwitchCaseSyntax.self)
  }
}

extension RetainCycleClosure {
  /// Which statements of a block name which identifiers, read once per block: a local's later
  /// uses are found without reading every later statement again for every local (a method of
  /// hundreds of `let`s).
  final class StatementUses {
    private struct Block {
      var items: [CodeBlockItemSyntax]
      var offsets: [SyntaxIdentifier: Int]
      var uses: [String: [Int]]
    }
    private var blocks: [SyntaxIdentifier: Block] = [:]

    /// The statements of `list` after `item` that name `name`, in order.
    func later(
      than item: CodeBlockItemSyntax, in list: CodeBlockItemListSyntax, naming name: String
    ) -> [CodeBlockItemSyntax] {
      let block = self.block(list)
      guard let offset = block.offsets[item.id] else { return [] }
      return (block.uses[name] ?? []).filter { $0 > offset }.map { block.items[$0] }
    }

    private func block(_ list: CodeBlockItemListSyntax) -> Block {
      if let known = blocks[list.id] { return known }
      var block = Block(items: Array(list), offsets: [:], uses: [:])
      for (offset, item) in block.items.enumerated() {
        block.offsets[item.id] = offset
        var seen: Set<String> = []
        for token in item.tokens(viewMode: .sourceAccurate) {
          if case .identifier(let name) = token.tokenKind, seen.insert(name).inserted {
            block.uses[name, default: []].append(offset)
          }
        }
      }
      blocks[list.id] = block
      return block
    }
  }
}
