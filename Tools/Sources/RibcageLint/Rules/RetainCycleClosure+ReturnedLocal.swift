import SwiftSyntax

/// A closure stored on a local that its method returns, where what the method returns ends up
/// in a property of the type's own (`page.actionHandler = { self.… }; return page`, and `lazy
/// var manager = Manager(rootItem: makePage())`): the type keeps the manager, the manager the
/// page, the page the closure, the closure the type. A local that is only used, or returned to
/// a caller that keeps nothing, holds nothing.
extension RetainCycleClosure {
  /// A call in a value a property of the type is given (its initializer, or an assignment in a
  /// method), by the name it calls.
  struct KeptCall {
    var property: String
    var value: ExprSyntax
    var call: FunctionCallExprSyntax
    /// An assignment's bare target (`manager = …`), which a local of that name may shadow.
    var bareTarget: ExprSyntax?

    /// Whether the value goes to the property, not to a local of its name.
    var reachesTheProperty: Bool {
      guard let bareTarget else { return true }
      return !SyntaxQueries.isLocal(property, at: bareTarget)
    }
  }

  /// The property of the type around `closure` that keeps what the enclosing method returns,
  /// when that method returns `local`.
  func propertyKeeping(returned local: String, around closure: ClosureExprSyntax) -> String? {
    // The type's own method (a local function of the same name is no member).
    guard let function = closure.ancestor(FunctionDeclSyntax.self),
      function.parent?.is(MemberBlockItemSyntax.self) == true,
      Self.returns(local, from: function),
      let members = function.ancestor(MemberBlockSyntax.self)
    else { return nil }
    return keptCalls(in: members)[function.name.text]?.first {
      Self.calls(function, $0.call) && KeptPath(value: $0.value).keeps(Syntax($0.call))
        && $0.reachesTheProperty
    }?.property
  }

  /// What the type's properties are given — its own, not a nested type's; not `weak` ones,
  /// which keep nothing — read once per type.
  private func keptCalls(in members: MemberBlockSyntax) -> [String: [KeptCall]] {
    if let known = keptCallsByType[members.id] { return known }
    var kept: [(property: String, value: ExprSyntax, bareTarget: ExprSyntax?)] = []
    var stored: Set<String> = []
    for member in members.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        !variable.modifiers.contains(where: {
          [.keyword(.static), .keyword(.class), .keyword(.weak), .keyword(.unowned)].contains(
            $0.name.tokenKind)
        })
      else { continue }
      for binding in variable.bindings {
        guard let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { continue }
        if let value = binding.initializer?.value {
          kept.append((property, value, nil))
        }
        stored.insert(property)
      }
    }
    // `manager = Manager(rootItem: makePage())` in one of its methods.
    for assignment in Self.ownNodes(SequenceExprSyntax.self, in: members) {
      let elements = Array(assignment.elements)
      guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
        let target = SyntaxQueries.propertyName(elements[0]), stored.contains(target)
      else { continue }
      let isBare = elements[0].is(DeclReferenceExprSyntax.self)
      kept.append((target, ExprSyntax(assignment), isBare ? elements[0] : nil))
    }
    var calls: [String: [KeptCall]] = [:]
    for (property, value, bareTarget) in kept {
      for call in SyntaxQueries.nodes(FunctionCallExprSyntax.self, in: value) {
        let callee = call.calledExpression
        guard
          let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        else { continue }
        calls[name, default: []].append(
          KeptCall(property: property, value: value, call: call, bareTarget: bareTarget))
      }
    }
    keptCallsByType[members.id] = calls
    return calls
  }

  /// Every node of type `Node` in `members`, outside the nested types declared there.
  private static func ownNodes<Node: SyntaxProtocol>(_: Node.Type, in members: MemberBlockSyntax)
    -> [Node]
  {
    var found: [Node] = []
    var stack = [Syntax(members)]
    while let node = stack.popLast() {
      if let match = node.as(Node.self) { found.append(match) }
      for child in node.children(viewMode: .sourceAccurate) where !child.isTypeDeclaration {
        stack.append(child)
      }
    }
    return found
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

  /// Whether `call` calls the type's method `function` (`makePage()`, `self.makePage()`) with
  /// arguments its parameters take (an overload of the same name is another method), and no
  /// parameter or local function of that name is nearer.
  private static func calls(_ function: FunctionDeclSyntax, _ call: FunctionCallExprSyntax)
    -> Bool
  {
    let callee = call.calledExpression
    let name: String
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      name = reference.baseName.text
      guard name == function.name.text, !isShadowed(name, at: call) else { return false }
    } else if let member = callee.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      name = member.declName.baseName.text
      guard name == function.name.text else { return false }
    } else {
      return false
    }
    var labels = call.arguments.map { Optional($0.label?.text) }
    if call.trailingClosure != nil { labels.append(.none) }
    labels += call.additionalTrailingClosures.map { Optional($0.label.text) }
    return accepts(function.signature.parameterClause.parameters, labels[...])
  }

  /// Whether `name` is a parameter, local or local function in scope at `node`.
  private static func isShadowed(_ name: String, at node: some SyntaxProtocol) -> Bool {
    if SyntaxQueries.isLocal(name, at: node) { return true }
    var current = node.parent
    while let parent = current, !parent.is(MemberBlockSyntax.self) {
      if let list = parent.as(CodeBlockItemListSyntax.self),
        list.contains(where: { $0.item.as(FunctionDeclSyntax.self)?.name.text == name })
      {
        return true
      }
      current = parent.parent
    }
    return false
  }

  /// Whether parameters `parameters` take arguments labelled `arguments` (`.none` for a
  /// trailing closure, which takes the next parameter whatever its label): each argument's
  /// label is the next parameter's, skipping parameters with defaults; a variadic parameter
  /// takes the unlabelled arguments after its first.
  private static func accepts(
    _ parameters: FunctionParameterListSyntax, _ arguments: ArraySlice<String??>
  ) -> Bool {
    var remaining = arguments
    for parameter in parameters {
      let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
      if let next = remaining.first, next == .none || next == .some(label) {
        remaining = remaining.dropFirst()
        if parameter.ellipsis != nil {
          while let next = remaining.first, next == .some(nil) { remaining = remaining.dropFirst() }
        }
      } else if parameter.defaultValue == nil && parameter.ellipsis == nil {
        return false
      }
    }
    return remaining.isEmpty
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

extension Syntax {
  /// A type declared inside another's members.
  fileprivate var isTypeDeclaration: Bool {
    `is`(ClassDeclSyntax.self) || `is`(StructDeclSyntax.self) || `is`(EnumDeclSyntax.self)
      || `is`(ActorDeclSyntax.self) || `is`(ExtensionDeclSyntax.self)
      || `is`(ProtocolDeclSyntax.self)
  }
}
